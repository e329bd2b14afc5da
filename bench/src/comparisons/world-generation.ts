import { fileURLToPath } from 'node:url';
import type { WorldOptions } from '@blockindex/mock';
import type { BenchContext, Comparison, ComparisonOutput, Row } from '../comparison.js';
import { interleave, median, rowsFor } from '../harness.js';
import { runWorker } from '../workers/run-worker.js';
import type { WorldGenerationSample } from '../workers/world-generation-entry.js';

const WORKER = fileURLToPath(new URL('../workers/world-generation-entry.ts', import.meta.url));
const TRANSACTIONS_PER_BLOCK = 50;

/** Builds one world in a fresh `node --expose-gc` child and returns what it measured. */
async function generate(options: WorldOptions): Promise<WorldGenerationSample> {
  return runWorker<WorldGenerationSample>(
    ['--expose-gc', '--import', 'tsx', WORKER, JSON.stringify(options)],
    'world generation',
  );
}

async function run({ smoke, log }: BenchContext): Promise<ComparisonOutput> {
  const sizes = smoke ? [1_000, 10_000] : [10_000, 100_000];
  const settings = {
    sizes,
    transactionsPerBlock: TRANSACTIONS_PER_BLOCK,
    ...(smoke ? { warmupRounds: 0, rounds: 1 } : { warmupRounds: 1, rounds: 5 }),
  };
  const samples = new Map<number, WorldGenerationSample[]>(sizes.map((size) => [size, []]));
  const optionsFor = (size: number): WorldOptions => ({
    seed: 1,
    blocks: size / TRANSACTIONS_PER_BLOCK,
    transactionsPerBlock: TRANSACTIONS_PER_BLOCK,
  });
  const variants = Object.fromEntries(
    sizes.map((size) => [
      `${size}`,
      async () => {
        log(`world of ${size} transactions`);
        const sample = await generate(optionsFor(size));
        samples.get(size)?.push(sample);
        return sample.ms;
      },
    ]),
  );
  await interleave(variants, { warmup: settings.warmupRounds, runs: settings.rounds });
  const kept = (size: number) => (samples.get(size) ?? []).slice(-settings.rounds);
  const [small] = sizes;
  // Named by the size asked for; the details give the count actually built.
  const label = (size: number) => `${size / 1000}k-transaction world`;
  const baseline = label(small ?? 0);
  const rows: Row[] = [
    ...rowsFor(
      'build time',
      'ms',
      baseline,
      sizes.map((size) => ({
        label: label(size),
        samples: kept(size).map((s) => s.ms),
        details: { transactions: kept(size)[0]?.transactions ?? 0, blocks: kept(size)[0]?.blocks ?? 0 },
      })),
    ),
    ...rowsFor(
      'heap retained (heapUsed delta after gc)',
      'MiB',
      baseline,
      sizes.map((size) => ({
        label: label(size),
        samples: kept(size).map((s) => s.heapUsedDeltaBytes / 2 ** 20),
      })),
    ),
  ];
  const perTx = sizes.map((size) => {
    const s = kept(size);
    const txs = s[0]?.transactions ?? size;
    const bytes = median(s.map((x) => x.heapUsedDeltaBytes)) / txs;
    const micros = (median(s.map((x) => x.ms)) * 1000) / txs;
    return `${label(size)}: ${micros.toFixed(1)} µs and ${Math.round(bytes)} B of heap per transaction (${txs} counted in the built chain)`;
  });
  return {
    settings: { ...settings, options: sizes.map(optionsFor) },
    rows,
    targets: [],
    notes: [
      'Each sample builds one world with createWorld(options) in a fresh `node --expose-gc` child: heapUsed is read after gc() before and after, with the world still referenced. Ratios are to the smaller world: linear growth shows as a ratio equal to the size ratio.',
      `Transactions are counted from the built chain (the txs of every Stacks block, coinbase and tenure changes included), not assumed from the options. ${perTx.join('; ')}.`,
      'No target is set for this comparison.',
    ],
  };
}

/** Time and retained heap to build worlds of 10k and 100k transactions. */
export const worldGeneration: Comparison = {
  name: 'world-generation',
  title: 'World generation: time and memory for 10k and 100k transactions',
  run,
};
