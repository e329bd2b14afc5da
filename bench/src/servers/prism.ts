import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './free-port.js';
import { stop, track } from './processes.js';

const require = createRequire(import.meta.url);

/** A running Prism mock server. */
export interface PrismServer {
  url: string;
  close(): Promise<void>;
}

/** Path of the Prism CLI script, found through its package.json so no global install or PATH is involved. */
function prismBin(): string {
  const packageJson = require.resolve('@stoplight/prism-cli/package.json');
  const { bin } = require(packageJson) as { bin: { prism: string } };
  return join(dirname(packageJson), bin.prism);
}

/**
 * Starts `prism mock` on a free loopback port serving `specPath`, and waits until it answers HTTP. Prism gets
 * its fastest settings (static examples, errors-only logging) so a ratio against it is conservative.
 * @example
 * const prism = await startPrism('/work/main/spec/openapi.yaml');
 */
export async function startPrism(specPath: string, readyTimeoutMs = 90_000): Promise<PrismServer> {
  const port = await freePort();
  const child = track(
    spawn(
      process.execPath,
      [prismBin(), 'mock', '-h', '127.0.0.1', '-p', String(port), '-v', 'error', specPath],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    ),
  );
  // Drain both pipes (a full pipe would stall Prism) and keep the tail for error messages.
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyTimeoutMs;
  try {
    while (true) {
      if (child.exitCode !== null) throw new Error(`prism exited with code ${child.exitCode}: ${output}`);
      if (Date.now() > deadline) throw new Error(`prism not ready after ${readyTimeoutMs} ms: ${output}`);
      try {
        // Any HTTP answer, even a 404 for an unknown path, means Prism has loaded the spec and listens.
        await fetch(`${url}/__bench_ready`, { signal: AbortSignal.timeout(1000) });
        break;
      } catch {
        await sleep(200);
      }
    }
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { url, close: () => stop(child) };
}
