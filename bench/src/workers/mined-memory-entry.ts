// Child-process entry, run as `node --expose-gc --import tsx mined-memory-entry.ts <blocks>`: builds the default
// world, mines `<blocks>` blocks as `POST /__mock/mine` does, and prints the heap they retain.
import { createWorld } from '@blockindex/mock';

/** What the child prints. */
export interface MinedMemorySample {
  blocks: number;
  transactions: number;
  heapUsedDeltaBytes: number;
}

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');
const blocks = Number(process.argv[2] ?? '100');
// The bound is lifted: this measures what each mined transaction costs, which is what sets the default bound.
const world = createWorld({ seed: 1, maxMinedTransactions: 10_000_000 });
gc();
const before = process.memoryUsage().heapUsed;
let transactions = 0;
for (let index = 0; index < blocks; index++) transactions += world.mineBlock().txs.length;
gc();
const sample: MinedMemorySample = {
  blocks,
  transactions,
  heapUsedDeltaBytes: process.memoryUsage().heapUsed - before,
};
process.stdout.write(`${JSON.stringify(sample)}\n`);
