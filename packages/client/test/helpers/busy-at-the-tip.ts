// Shared by the client's and the query's re-org tests: which principal a shallow re-org of the mock's world reaches.
import type { World } from '@blockindex/mock';

/**
 * Of the principals with more than `minTotal` (and fewer than 300) rows, the one with the most rows in the newest
 * blocks: a shallow re-org orphans some of them. Falls back to the world's fixture address.
 */
export function busyAtTheTip(world: World, minTotal: number): string {
  let best = { principal: world.fixtures.address, rows: -1 };
  for (const principal of world.principals()) {
    const page = world.listAddressTransactions(principal, { limit: 50, offset: 0 });
    if ('error' in page) continue;
    const rows = page.results.filter((row) => row.tx.block_height > world.tip.height - 3).length;
    if (rows > best.rows && page.total > minTotal && page.total < 300) best = { principal, rows };
  }
  return best.principal;
}
