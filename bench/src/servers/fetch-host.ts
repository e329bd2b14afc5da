import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { cacheDir, cachedRuntime, denoRunFlags, runtimes } from '../../../scripts/runtimes.mjs';
import { stop, track } from './processes.js';

/** A runtime that can serve the mock's fetch handler with its own server. */
export type FetchHostRuntime = 'node' | 'bun' | 'deno';

/** A fetch-handler host running in its own process, and what it reported once listening. */
export interface FetchHost {
  url: string;
  /** The host's server and runtime version, e.g. `Bun.serve (Bun 1.4.5)`. */
  host: string;
  close(): Promise<void>;
}

const ENTRY = fileURLToPath(new URL('fetch-host-entry.mjs', import.meta.url));

/**
 * The binary that runs a host, or why it cannot run here. Node is this process's own; Bun and Deno come only
 * from the pinned runtime cache of `scripts/runtimes.mjs` (`node scripts/runtimes.mjs fetch bun deno` fills
 * it from the npm registry); the benchmark never downloads anything itself.
 * @example
 * const bun = runtimeBinary('bun'); // { bin } or { missing: 'Bun 1.4.5 is not in …' }
 */
export function runtimeBinary(runtime: FetchHostRuntime): { bin: string } | { missing: string } {
  if (runtime === 'node') return { bin: process.execPath };
  const { spec } = runtimes[runtime];
  const path = cachedRuntime(runtime).bin;
  if (existsSync(path)) return { bin: path };
  return {
    missing: `${spec} is not in the runtime cache (${cacheDir}); run \`node scripts/runtimes.mjs fetch ${runtime}\` to fetch it from the npm registry`,
  };
}

function argsFor(runtime: FetchHostRuntime, options: string): string[] {
  if (runtime !== 'deno') return [ENTRY, options];
  // Packages from the workspace's node_modules only: no remote module, no npm download by Deno.
  return [...denoRunFlags, '--allow-net=127.0.0.1', ENTRY, options];
}

/**
 * Starts `src/servers/fetch-host-entry.mjs` under one runtime, serving `createFetchHandler({ seed })` on
 * 127.0.0.1 with an OS-chosen port, and waits for its ready line. The child is tracked (killed when the runner
 * exits) and exits by itself when its stdin closes.
 * @example
 * const bun = await startFetchHost('bun', bunBinary, { seed: 1 });
 */
export async function startFetchHost(
  runtime: FetchHostRuntime,
  bin: string,
  options: { seed: number },
  readyTimeoutMs = 60_000,
): Promise<FetchHost> {
  const child = track(
    spawn(bin, argsFor(runtime, JSON.stringify(options)), {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      stdio: ['pipe', 'pipe', 'inherit'],
      env: {
        ...process.env,
        DENO_NO_UPDATE_CHECK: '1',
        DENO_DIR: join(tmpdir(), 'blockindex-bench-deno'),
        NO_COLOR: '1',
      },
    }),
  );
  const close = async () => {
    child.stdin?.end();
    await stop(child);
  };
  try {
    const ready = await new Promise<{ url: string; host: string }>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${runtime} fetch host not ready after ${readyTimeoutMs} ms`)),
        readyTimeoutMs,
      );
      const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
      lines.on('line', (line) => {
        if (!line.startsWith('{"ready"')) return;
        clearTimeout(timer);
        resolve((JSON.parse(line) as { ready: { url: string; host: string } }).ready);
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(
          new Error(`${runtime} fetch host exited before it was ready (code ${code}, signal ${signal})`),
        );
      });
    });
    return { ...ready, close };
  } catch (error) {
    await close();
    throw error;
  }
}
