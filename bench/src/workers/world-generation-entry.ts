// Child-process entry, run as `node --expose-gc --import tsx world-generation-entry.ts '<WorldOptions JSON>'`:
// builds one world in a fresh heap and prints one JSON line with its build time and retained heap.
import { performance } from 'node:perf_hooks';
import { createWorld, type World, type WorldOptions } from '@blockindex/mock';

/** What the child prints. */
export interface WorldGenerationSample {
  ms: number;
  heapUsedDeltaBytes: number;
  transactions: number;
  blocks: number;
}

// Every Stacks block from 1 to the tip; each lists its tx ids (coinbase and tenure changes included).
function countChain(world: World): { transactions: number; blocks: number } {
  let transactions = 0;
  for (let height = 1; height <= world.tip.height; height++) {
    transactions += world.getBlockByHeight(height)?.txs.length ?? 0;
  }
  return { transactions, blocks: world.tip.height };
}

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');
const options = JSON.parse(process.argv[2] ?? '{}') as WorldOptions;
gc();
const before = process.memoryUsage().heapUsed;
const start = performance.now();
const world = createWorld(options);
const ms = performance.now() - start;
gc();
const heapUsedDeltaBytes = process.memoryUsage().heapUsed - before;
const sample: WorldGenerationSample = { ms, heapUsedDeltaBytes, ...countChain(world) };
process.stdout.write(`${JSON.stringify(sample)}\n`);
