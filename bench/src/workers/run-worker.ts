import { spawn } from 'node:child_process';
import { track } from '../servers/processes.js';

/**
 * Runs one measurement in a fresh Node process (`node ...args`) and returns the JSON of the last line it printed,
 * so every sample starts from a cold heap and module cache. Fails with the end of its stderr if it exits non-zero.
 * @example
 * const sample = await runWorker<WorldGenerationSample>(['--expose-gc', '--import', 'tsx', WORKER, options], 'world generation');
 */
export async function runWorker<Sample>(args: readonly string[], name: string): Promise<Sample> {
  const child = track(spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] }));
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = stdout.trim().split('\n').at(-1);
  if (code !== 0 || line === undefined) throw new Error(`${name} worker exited with ${code}: ${stderr}`);
  return JSON.parse(line) as Sample;
}
