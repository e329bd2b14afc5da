import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

const packageDir = new URL('../../..', import.meta.url).pathname;
// The CLI as users run it: the committed bin launcher over the built dist/cli.js (`pnpm test` builds first).
const bin = join(packageDir, 'bin/blockindex-mock.js');

beforeAll(() => {
  if (!existsSync(join(packageDir, 'dist/cli.js'))) {
    throw new Error(
      'dist/cli.js is missing: run `pnpm build` (or `pnpm --filter @blockindex/mock build`) first',
    );
  }
});

const children: ChildProcessWithoutNullStreams[] = [];

function cli(args: string[]) {
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: packageDir,
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = once(child, 'exit').then(([code, signal]) => ({ code: code as number | null, signal }));
  const listening = new Promise<string>((resolve, reject) => {
    const onData = () => {
      const match = /^blockindex mock listening on (http:\/\/\S+)$/m.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    exited.then(({ code }) => reject(new Error(`exited with ${code} before listening: ${stderr}`)));
  });
  // Runs that are expected to exit early never await `listening`.
  listening.catch(() => {});
  return { child, listening, exited, output: () => ({ stdout, stderr }) };
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('blockindex-mock CLI', () => {
  it('prints the listening line with the bound port, serves, and stops cleanly on SIGTERM', async () => {
    const run = cli(['--port', '0', '--seed', '3']);
    const url = await run.listening;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(url).not.toMatch(/:0$/);
    expect(run.output().stdout.match(/listening/g)).toHaveLength(1);
    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    const fixtures = await (await fetch(`${url}/__mock/fixtures`)).json();
    expect(fixtures).toHaveProperty('address');
    run.child.kill('SIGTERM');
    expect((await run.exited).code).toBe(0);
    await expect(fetch(`${url}/health`)).rejects.toThrow();
  });

  it('stops cleanly on SIGINT', async () => {
    const run = cli(['--port', '0']);
    await run.listening;
    run.child.kill('SIGINT');
    expect((await run.exited).code).toBe(0);
  });

  // The ready line is the signal a supervisor waits for: a signal sent the instant it appears must stop the
  // server cleanly, never kill it (the handlers used to be installed just after the line was printed).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`exits 0 on a ${signal} sent the instant the ready line appears, 30 times out of 30`, async () => {
      const codes: (number | null)[] = [];
      for (let batch = 0; batch < 30; batch += 5) {
        const runs = Array.from({ length: 5 }, () => {
          const run = cli(['--port', '0']);
          run.child.stdout.on('data', () => {
            if (run.output().stdout.includes('listening on') && run.child.exitCode === null) {
              run.child.kill(signal);
            }
          });
          return run.exited;
        });
        for (const { code } of await Promise.all(runs)) codes.push(code);
      }
      expect(codes).toEqual(Array.from({ length: 30 }, () => 0));
    }, 120_000);
  }

  it('exits 2 with a clear message on a bad flag', async () => {
    const run = cli(['--port', 'abc']);
    const { code } = await run.exited;
    expect(code).toBe(2);
    expect(run.output().stderr).toContain('--port must be an integer from 0 to 65535, got "abc"');
  });

  it('exits 2 on an unknown flag', async () => {
    const run = cli(['--verbose']);
    expect((await run.exited).code).toBe(2);
    expect(run.output().stderr).toMatch(/Unknown option '--verbose'/);
  });

  it('prints help and exits 0', async () => {
    const run = cli(['--help']);
    expect((await run.exited).code).toBe(0);
    expect(run.output().stdout).toContain('Usage: blockindex-mock');
  });

  it('exits 2 with our message, not Node\'s "ambiguous" one, on a negative value', async () => {
    const run = cli(['--', '--latency', '-5']);
    expect((await run.exited).code).toBe(2);
    expect(run.output().stderr).toBe(
      'blockindex-mock: --latency must be an integer from 0 to 60000, got "-5"\nRun `blockindex-mock --help` for the options.\n',
    );
  });

  it('serves the sunset 410 chosen with --sunset', async () => {
    const run = cli(['--port', '0', '--sunset', 'getBlockByBurnBlockHeight']);
    const url = await run.listening;
    expect((await fetch(`${url}/extended/v1/block/by_burn_block_height/1`)).status).toBe(410);
    run.child.kill('SIGINT');
    expect((await run.exited).code).toBe(0);
  });

  it('exits 1 with a clear message when the port is in use', async () => {
    const blocker: Server = createServer();
    blocker.listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const run = cli(['--port', String(port)]);
      expect((await run.exited).code).toBe(1);
      expect(run.output().stderr).toContain(`cannot listen on 127.0.0.1:${port}: the port is already in use`);
    } finally {
      blocker.close();
    }
  });
});
