import { describe, expect, it } from 'vitest';
import { parseCliArgs } from '../../../src/hosts/node/cli-args';

describe('parseCliArgs', () => {
  it.each([
    [[], { port: 3999, host: '127.0.0.1', seed: undefined, latencyMs: 0 }],
    [['--port', '0'], { port: 0, host: '127.0.0.1', seed: undefined, latencyMs: 0 }],
    [
      ['--port=4010', '--host', '0.0.0.0', '--seed', '42', '--latency', '25'],
      { port: 4010, host: '0.0.0.0', seed: 42, latencyMs: 25 },
    ],
  ])('parses %j', (argv, options) => {
    expect(parseCliArgs(argv)).toEqual({ kind: 'start', options });
  });

  it.each([[['--help']], [['-h']], [['--port', '1', '--help']]])('asks for help with %j', (argv) => {
    expect(parseCliArgs(argv)).toEqual({ kind: 'help' });
  });

  it.each([
    [['--prot', '1'], /Unknown option '--prot'/],
    [['--port', 'abc'], /--port must be an integer from 0 to 65535, got "abc"/],
    [['--port', '70000'], /--port must be an integer/],
    [['--port', '-1'], /--port/],
    [['--latency', '1.5'], /--latency must be an integer/],
    [['--seed', 'x'], /--seed must be an integer/],
    [['--host', ''], /--host must not be empty/],
    [['serve'], /Unexpected argument 'serve'/],
    [['--port'], /--port/],
  ])('rejects %j with a clear message', (argv, message) => {
    const result = parseCliArgs(argv);
    expect(result.kind).toBe('error');
    expect(result.kind === 'error' && result.message).toMatch(message);
  });
});
