import type { World } from '@blockindex/mock';

/** How many transactions the world lists for `address` (the `total` of its first page). */
export function transactionCount(world: World, address: string): number {
  const page = world.listAddressTransactions(address, { limit: 1, offset: 0 });
  if ('error' in page) throw new Error(`listAddressTransactions failed: ${page.error}`);
  return page.total;
}

/**
 * Grows the history of `address` to exactly `count` transactions by mining blocks with
 * `world.mineBlock({ address, transactions })`, so benchmarks can use an address of a known size without a special
 * world constructor. A mined block guarantees one transaction touching the address and draws the others at random
 * (some touch it too), so blocks of `perBlock` transactions do the bulk without overshooting and single-transaction
 * blocks finish exactly.
 * @example
 * const total = growAddressHistory(world, world.fixtures.address, 2000);
 */
export function growAddressHistory(world: World, address: string, count: number, perBlock = 200): number {
  let current = transactionCount(world, address);
  while (current < count) {
    world.mineBlock({ address, transactions: count - current > perBlock ? perBlock : 1 });
    const next = transactionCount(world, address);
    if (next <= current) throw new Error(`mineBlock added no transaction for ${address}`);
    current = next;
  }
  return current;
}
