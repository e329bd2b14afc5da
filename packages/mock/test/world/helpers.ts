import type { AddressTransactionsRequest, World } from '../../src/world';
import type { AddressTransaction, AddressTransactionWithTransfers, Transaction } from '../../src/world/types';

/** Endpoint-5 page or a failure: tests that expect a page assert it here. */
export function page(world: World, address: string, request: AddressTransactionsRequest) {
  const result = world.listAddressTransactions(address, request);
  if ('error' in result) throw new Error(`unexpected cursor error: ${result.error}`);
  return result;
}

/** Every endpoint-5 row of `address`, newest first, read 50 at a time. */
export function allAddressTransactions(world: World, address: string): AddressTransaction[] {
  const rows: AddressTransaction[] = [];
  for (let offset = 0; ; offset += 50) {
    const p = page(world, address, { limit: 50, offset });
    rows.push(...p.results);
    if (p.results.length < 50) return rows;
  }
}

/** Every endpoint-4 row of `principal`, newest first. */
export function allTransfers(
  world: World,
  principal: string,
  filter: { height?: number; untilBlockHeight?: number } = {},
): AddressTransactionWithTransfers[] {
  const rows: AddressTransactionWithTransfers[] = [];
  for (let offset = 0; ; offset += 50) {
    const p = world.listTransactionsWithTransfers(principal, {
      limit: 50,
      offset,
      unanchored: false,
      ...filter,
    });
    rows.push(...p.results);
    if (p.results.length < 50) return rows;
  }
}

/** Chain-order key of a transaction: block height, microblock sequence, tx index. */
function txKey(tx: Transaction): [number, number, number] {
  return [tx.block_height, tx.microblock_sequence, tx.tx_index];
}

/** True when `a` comes strictly after `b` in chain order (i.e. is newer). */
export function isNewer(a: Transaction, b: Transaction): boolean {
  const [x, y] = [txKey(a), txKey(b)];
  return x[0] - y[0] > 0 || (x[0] === y[0] && (x[1] - y[1] > 0 || (x[1] === y[1] && x[2] > y[2])));
}

/** Principals ordered busiest first (ties by name), for tests that sample a few. */
export function principalsByActivity(world: World): string[] {
  return world
    .principals()
    .map((p) => [p, page(world, p, { limit: 0, offset: 0 }).total] as const)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([p]) => p);
}
