import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../src/hosts/node/cli-args';

const defaults = {
  port: 3999,
  host: '127.0.0.1',
  seed: undefined,
  latencyMs: 0,
  maxMinedTransactions: undefined,
  allowedHosts: [],
  trustProxy: false,
  sunset: undefined,
};

describe('parseCliArgs', () => {
  it.each([
    [[], { ...defaults }],
    [['--port', '0'], { ...defaults, port: 0 }],
    [
      ['--port=4010', '--host', '0.0.0.0', '--seed', '42', '--latency', '25'],
      { ...defaults, port: 4010, host: '0.0.0.0', seed: 42, latencyMs: 25 },
    ],
    [['--max-mined-transactions', '500'], { ...defaults, maxMinedTransactions: 500 }],
    [
      ['--allowed-hosts', 'dev.test, .corp.example'],
      { ...defaults, allowedHosts: ['dev.test', '.corp.example'] },
    ],
    [['--allowed-hosts=all'], { ...defaults, allowedHosts: true }],
    // What `pnpm mock -- --port 0` passes on.
    [['--', '--port', '0'], { ...defaults, port: 0 }],
    [['--trust-proxy'], { ...defaults, trustProxy: true }],
    [['--sunset', 'all'], { ...defaults, sunset: 'all' }],
    [
      ['--sunset', 'getAddressTransactions, getBlockByBurnBlockHash'],
      { ...defaults, sunset: ['getAddressTransactions', 'getBlockByBurnBlockHash'] },
    ],
  ])('parses %j', (argv, options) => {
    expect(parseCliArgs(argv)).toEqual({ kind: 'start', options });
  });

  it.each([[['--help']], [['-h']], [['--port', '1', '--help']], [['--', '--help']]])(
    'asks for help with %j',
    (argv) => {
      expect(parseCliArgs(argv)).toEqual({ kind: 'help' });
    },
  );

  it.each([
    [['--prot', '1'], /Unknown option '--prot'/],
    [['--port', 'abc'], /--port must be an integer from 0 to 65535, got "abc"/],
    [['--port', '70000'], /--port must be an integer/],
    [['--port', '-1'], /^--port must be an integer from 0 to 65535, got "-1"$/],
    [['--', '--port', '-1'], /^--port must be an integer from 0 to 65535, got "-1"$/],
    [['--latency', '-5'], /^--latency must be an integer from 0 to 60000, got "-5"$/],
    [['--seed', '-3'], /^--seed must be an integer/],
    [
      ['--sunset', 'getBrc20Token'],
      /--sunset takes "all" or deprecated operations among .*got "getBrc20Token"/,
    ],
    [['--sunset', ','], /--sunset takes "all"/],
    [['--latency', '1.5'], /--latency must be an integer/],
    [['--seed', 'x'], /--seed must be an integer/],
    [['--host', ''], /--host must not be empty/],
    [['serve'], /Unexpected argument 'serve'/],
    [['--port'], /--port/],
    [['--latency', '60001'], /--latency must be an integer from 0 to 60000/],
    [['--max-mined-transactions=-5'], /--max-mined-transactions must be an integer from 0 to 10000000/],
    [['--allowed-hosts', ' , '], /--allowed-hosts needs at least one name/],
  ])('rejects %j with a clear message', (argv, message) => {
    const result = parseCliArgs(argv);
    expect(result.kind).toBe('error');
    expect(result.kind === 'error' && result.message).toMatch(message);
  });
});
