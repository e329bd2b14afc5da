import { spawn } from 'node:child_process';
import { interleave } from '../harness.js';
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

/**
 * Samples of each label from fresh processes, the labels in turn (`interleave`, one warm-up round, dropped):
 * `argsOf(label)` gives the worker's arguments. What a comparison of builds' start-up times is made of.
 * @example
 * const samples = await workerSamples(['base', 'ours'], (label) => [ENTRY, options[label]], 'cold start', 10);
 */
export async function workerSamples<Sample>(
  labels: readonly string[],
  argsOf: (label: string) => readonly string[],
  name: string,
  runs: number,
): Promise<Record<string, Sample[]>> {
  const samples: Record<string, Sample[]> = Object.fromEntries(labels.map((label) => [label, []]));
  await interleave(
    Object.fromEntries(
      labels.map((label) => [
        label,
        async () => {
          samples[label]?.push(await runWorker<Sample>(argsOf(label), name));
          // interleave's own figures are not used: the samples are kept whole, above.
          return 0;
        },
      ]),
    ),
    { warmup: 1, runs },
  );
  // The warm-up round's sample is each label's first one.
  return Object.fromEntries(labels.map((label) => [label, (samples[label] ?? []).slice(1)]));
}
