// Workers cell: the Worker recipe bundled as wrangler would and served by workerd on loopback; the packed
// client calls the seven operations over HTTP.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { hostsProject } from './support/consumer';
import { allRight } from './support/expected';
import { lastJsonLine, run } from './support/run';

let workerd: ChildProcess | undefined;
afterEach(() => {
  workerd?.kill('SIGKILL');
  workerd = undefined;
});

/** Starts workerd and resolves with the port it bound, read from its control channel (fd 3). */
function serve(bin: string, cwd: string): Promise<{ port: number; output: () => string }> {
  let output = '';
  const child = spawn(bin, ['serve', 'worker.capnp', '--control-fd=3'], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  });
  workerd = child;
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`workerd did not listen within 60 s\n${output}`)),
      60_000,
    );
    child.on('exit', (code) => reject(new Error(`workerd exited with ${code}\n${output}`)));
    createInterface({ input: child.stdio[3] as Readable }).on('line', (line) => {
      const event = JSON.parse(line) as { event: string; socket?: string; port?: number };
      if (event.event === 'listen' && event.socket === 'http' && event.port) {
        clearTimeout(timer);
        resolve({ port: event.port, output: () => output });
      }
    });
  });
}

describe('workerd', () => {
  it('serves the seven operations from a Worker using createFetchHandler', async () => {
    const dir = hostsProject();
    const bundle = run(process.execPath, ['bundle-worker.mjs'], { cwd: dir, timeout: 120_000 });
    expect(bundle.status, bundle.report).toBe(0);

    const { port, output } = await serve(inject('runtimeBins').workerd as string, dir);
    const journey = run(process.execPath, ['http-journey.mjs', `http://127.0.0.1:${port}/api`], {
      cwd: dir,
      timeout: 120_000,
    });
    const home = await fetch(`http://127.0.0.1:${port}/`).then((response) => response.text());

    expect(journey.status, `${journey.report}\nworkerd:\n${output()}`).toBe(0);
    expect(lastJsonLine(journey), `${journey.report}\nworkerd:\n${output()}`).toEqual(allRight);
    expect(home).toBe('app home');
  });
});
