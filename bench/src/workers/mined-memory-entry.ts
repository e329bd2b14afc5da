// Child-process entry, run as `node --expose-gc --import tsx mined-memory-entry.ts <blocks | bound>`: builds the
// default world, mines `<blocks>` blocks as `POST /__mock/mine` does (or, with `bound`, until the default
// `maxMinedTransactions` refuses more), and prints the heap they retain and the process's resident set.
import { createWorld, MineLimitError } from '@blockindex/mock';

/** What the child prints. */
export interface MinedMemorySample {
  blocks: number;
  transactions: number;
  heapUsedDeltaBytes: number;
  /** heapUsed after gc with the mined world still referenced. */
  heapUsedBytes: number;
  /** Resident set size at the end (after gc): what the operating system sees. */
  rssBytes: number;
}

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');
const toBound = process.argv[2] === 'bound';
const blocks = toBound ? Number.POSITIVE_INFINITY : Number(process.argv[2] ?? '100');
// Counting blocks, the bound is lifted: this measures what each mined transaction costs, which is what sets the
// default bound. To the bound, the default applies: this measures what a server holds when mining stops.
const world = createWorld(toBound ? { seed: 1 } : { seed: 1, maxMinedTransactions: 10_000_000 });
gc();
const before = process.memoryUsage().heapUsed;
let transactions = 0;
let mined = 0;
for (; mined < blocks; mined++) {
  try {
    transactions += world.mineBlock().txs.length;
  } catch (error) {
    if (toBound && error instanceof MineLimitError) break;
    throw error;
  }
}
gc();
const memory = process.memoryUsage();
const sample: MinedMemorySample = {
  blocks: mined,
  transactions,
  heapUsedDeltaBytes: memory.heapUsed - before,
  heapUsedBytes: memory.heapUsed,
  rssBytes: memory.rss,
};
process.stdout.write(`${JSON.stringify(sample)}\n`);
