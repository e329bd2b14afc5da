import { describe, expect, it } from 'vitest';
import {
  assertCanIntercept,
  MswUnsupportedError,
  type RuntimeGlobals,
} from '../../../src/hosts/msw/interception-check';

const msw2Server = { listen() {}, close() {} };
const msw3Server = { readyState: 0, listen() {}, close() {} };
const node = (version: string): RuntimeGlobals => ({ process: { versions: { node: version } } });

describe('assertCanIntercept', () => {
  const intercepting: [string, object, RuntimeGlobals][] = [
    ['msw 2 under Bun', msw2Server, { process: { versions: { node: '24.3.0', bun: '1.4.5' } }, Bun: {} }],
    ['msw 2 under Deno', msw2Server, { process: { versions: { node: '24.2.0', deno: '2.9.6' } }, Deno: {} }],
    ['msw 2 on Node 20.19', msw2Server, node('20.19.0')],
    ['msw 3 on Node 22.12', msw3Server, node('22.12.0')],
    ['msw 3 on Node 24', msw3Server, node('24.21.0')],
    ['msw 3 on Node 26', msw3Server, node('26.10.0')],
  ];
  it.each(intercepting)('lets %s listen', (_, server, globals) => {
    expect(() => assertCanIntercept(server, globals)).not.toThrow();
  });

  const refused: [string, RuntimeGlobals, RegExp][] = [
    ['Bun (by its version)', { process: { versions: { node: '24.3.0', bun: '1.4.5' } } }, /under Bun/],
    ['Bun (by its global)', { process: { versions: { node: '24.3.0' } }, Bun: {} }, /under Bun/],
    ['Deno (by its global)', { Deno: {} }, /under Deno/],
    ['Node 22.11', node('22.11.0'), /under Node 22\.11\.0 \(msw 3 needs 22\.12 or later\)[\s\S]*Node 22\.12/],
    ['Node 20.19', node('20.19.0'), /under Node 20\.19\.0[\s\S]*run on Node 22\.12 or later/],
  ];
  it.each(refused)('refuses msw 3 under %s, naming the cause and the fixes', (_, globals, cause) => {
    const thrown = (() => {
      try {
        assertCanIntercept(msw3Server, globals);
      } catch (error) {
        return error;
      }
      return undefined;
    })();

    expect(thrown).toBeInstanceOf(MswUnsupportedError);
    expect((thrown as Error).name).toBe('MswUnsupportedError');
    expect((thrown as Error).message).toMatch(cause);
    expect((thrown as Error).message).toContain('npm install --save-dev msw@2');
    expect((thrown as Error).message).toContain("createFetchHandler({ seed: 1 }) from '@blockindex/mock'");
  });

  it('does not offer a newer Node to Bun and Deno users', () => {
    expect(() => assertCanIntercept(msw3Server, { Bun: {} })).toThrow(/^(?![\s\S]*run on Node)/);
  });
});
