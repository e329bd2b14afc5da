// Runs the script end to end, as `pnpm start` does, in a child process.
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createWorld } from '@blockindex/mock';
import { type MockServer, startMockServer } from '@blockindex/mock/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Finished, run, trueTotal } from './helpers/process.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const TIMEOUT = 30_000; // each run starts Node and tsx; a busy 2-core machine needs a few seconds

describe('main', () => {
  it(
    'starts its own mock and counts every transaction of its busiest address',
    async () => {
      const world = createWorld(); // the same default seed as the mock the script starts
      const { code, stdout, stderr } = await runMain([]);

      expect(stderr).not.toMatch(/error/i);
      expect(code).toBe(0);
      expect(stdout).toContain(`Address:      ${world.fixtures.address}\n`);
      expect(stdout).toContain(`Transactions: ${trueTotal(world, world.fixtures.address)}\n`);
    },
    TIMEOUT,
  );

  describe('with --base-url', () => {
    let server: MockServer;
    beforeAll(async () => {
      server = await startMockServer({ port: 0, seed: 7 });
    });
    afterAll(() => server.close());

    it(
      'counts every transaction of --address',
      async () => {
        const { address } = server.world.fixtures;
        const args = ['--base-url', server.url, '--address', address, '--concurrency', '2'];
        const { code, stdout } = await runMain(args);

        expect(code).toBe(0);
        expect(stdout).toContain(`Transactions: ${trueTotal(server.world, address)}\n`);
      },
      TIMEOUT,
    );

    it(
      'explains a 400 for a malformed address and exits 1',
      async () => {
        const { code, stderr } = await runMain(['--base-url', server.url, '--address', 'not-an-address']);

        expect(code).toBe(1);
        expect(stderr).toMatch(/^The API rejected the request: 400 GET .*params\/principal/m);
      },
      TIMEOUT,
    );

    it(
      'explains an unreachable server and exits 1',
      async () => {
        const address = server.world.fixtures.address;
        const { code, stderr } = await runMain(['--base-url', await closedPortUrl(), '--address', address]);

        expect(code).toBe(1);
        expect(stderr).toMatch(/^Could not reach the API .*Is the server running\?$/m);
      },
      TIMEOUT,
    );
  });

  it.concurrent.each([
    [['--help'], 0, /^Usage:/m],
    [['--', '--help'], 0, /^Usage:/m], // pnpm 10 passes on the `--` of `pnpm start -- --help`
    [['--concurrency', '0'], 1, /--concurrency must be an integer/],
    [['--base-url', 'http://127.0.0.1:3999'], 1, /--address is required with --base-url/],
    [['--bogus'], 1, /Unknown option '--bogus'/],
  ])(
    'exits with %j → code %i',
    async (args, want, message) => {
      const { code, stdout, stderr } = await runMain(args);

      expect(code).toBe(want);
      expect(stdout + stderr).toMatch(message);
    },
    TIMEOUT,
  );
});

/** Runs `node --import tsx src/main.ts ...args` and collects its output. */
function runMain(args: string[]): Promise<Finished> {
  return run(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], { cwd: root });
}

/** A loopback URL nobody listens on: bind a free port, then release it. */
async function closedPortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}`;
}
