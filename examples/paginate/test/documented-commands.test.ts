// Runs every command line the READMEs give for this example, as written, through pnpm from the repository root:
// what a reader pastes must work with the pnpm the repository pins. Only the port of `pnpm mock` (3999) is
// replaced by a mock this test starts on a free port, so nothing here depends on a fixed port.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createWorld } from '@blockindex/mock';
import { type MockServer, startMockServer } from '@blockindex/mock/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Finished, run, trueTotal } from './helpers/process.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const READMES = ['README.md', 'examples/paginate/README.md'];
const RUNS_THE_EXAMPLE = /^pnpm (demo|--filter @blockindex\/example-paginate start)(\s|$)/;
const TIMEOUT = 120_000; // pnpm, then Node and tsx, then the walk of 1,144 transactions, on a busy 2-core machine
// One command at a time: each starts pnpm, Node, tsx and a mock, which is plenty for two cores.

/** The command lines of the READMEs' ```sh blocks that run the example (`&&` chains split, comments dropped). */
function documentedCommands(): string[] {
  const commands = new Set<string>();
  for (const readme of READMES) {
    const text = readFileSync(`${repoRoot}/${readme}`, 'utf8');
    for (const [, body = ''] of text.matchAll(/^```(?:sh|bash|shell)\n([\s\S]*?)^```$/gm))
      for (const line of body.split('\n'))
        for (const part of line.replace(/\s#.*$/, '').split('&&'))
          if (RUNS_THE_EXAMPLE.test(part.trim())) commands.add(part.trim());
  }
  return [...commands];
}

// The prose also says a `--` before the flags works (the npm habit; pnpm 10 passes it on to the script).
const WITH_DASHES = [
  'pnpm demo -- --help',
  'pnpm --filter @blockindex/example-paginate start -- --concurrency 8',
];
const commands = [...new Set([...documentedCommands(), ...WITH_DASHES])];

describe('documented commands', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ port: 0, seed: 1 });
  });
  afterAll(() => server.close());

  it('finds the commands of the Quick start and of the example README', () => {
    expect(commands).toEqual(
      expect.arrayContaining(['pnpm demo', 'pnpm demo --help', expect.stringContaining('--base-url')]),
    );
  });

  it.each(commands)(
    '%s',
    async (command) => {
      const line = command.replaceAll('http://127.0.0.1:3999', server.url);
      const { code, stdout, stderr } = await sh(line);

      expect(stderr).not.toMatch(/error|unexpected/i);
      expect(code).toBe(0);
      if (/\s(--help|-h)\b/.test(command)) {
        expect(stdout).toMatch(/^Usage: pnpm demo \[options\]/m);
      } else {
        const world = line.includes(server.url) ? server.world : createWorld({ seed: 1 });
        const address = /--address (\S+)/.exec(line)?.[1] ?? world.fixtures.address;
        expect(stdout).toContain(`Transactions: ${trueTotal(world, address)}\n`);
      }
    },
    TIMEOUT,
  );
});

/** Runs one command line in a shell from the repository root and collects its output. */
function sh(line: string): Promise<Finished> {
  return run('sh', ['-c', line], { cwd: repoRoot, env: { ...process.env, NO_COLOR: '1' } });
}
