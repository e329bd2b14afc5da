// Spawning runtimes quietly: output is captured and shown only when a cell fails, every run has a time limit.
import { spawnSync } from 'node:child_process';
import { delimiter, dirname } from 'node:path';

/** What a finished child process left behind. */
export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
  /** Both streams and the exit status, trimmed, for assertion messages. */
  report: string;
}

/** Options of {@link run}. */
export interface RunOptions {
  cwd: string;
  env?: Record<string, string>;
  /** Milliseconds before the child is killed; default 5 minutes. */
  timeout?: number;
  /** Put this runtime binary's folder first on PATH, so `node` and `#!/usr/bin/env node` tools use it. */
  runtimeBin?: string;
}

const tail = (text: string) => (text.length > 6000 ? `…${text.slice(-6000)}` : text).trim();

/** Runs a command to completion (or its time limit) and captures its output. */
export function run(command: string, args: string[], options: RunOptions): RunResult {
  const env: Record<string, string | undefined> = {
    ...process.env,
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    ...options.env,
  };
  if (options.runtimeBin) env.PATH = `${dirname(options.runtimeBin)}${delimiter}${env.PATH ?? ''}`;
  // Tools spawned from this test must not think they run inside vitest's own worker.
  for (const name of Object.keys(env)) if (name.startsWith('VITEST') || name === 'TEST') delete env[name];
  const result = spawnSync(command, args, {
    cwd: options.cwd,
    env,
    encoding: 'utf8',
    timeout: options.timeout ?? 300_000,
    killSignal: 'SIGKILL',
    maxBuffer: 64 * 1024 * 1024,
  });
  const status = result.status;
  const timedOut = result.error && 'code' in result.error && result.error.code === 'ETIMEDOUT';
  const report = [
    `$ ${[command, ...args].join(' ')}  (in ${options.cwd})`,
    timedOut ? `killed after ${(options.timeout ?? 300_000) / 1000} s` : `exit ${status}`,
    tail(result.stdout ?? ''),
    tail(result.stderr ?? ''),
  ].join('\n');
  return { status, stdout: result.stdout ?? '', stderr: result.stderr ?? '', report };
}

/** Parses the last line of a child's stdout as JSON (the fixtures print one JSON line when done). */
export function lastJsonLine(result: RunResult): unknown {
  const line = result.stdout.trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(line);
  } catch {
    throw new Error(`expected a JSON line at the end of the output\n${result.report}`);
  }
}
