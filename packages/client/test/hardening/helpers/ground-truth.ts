import type { World } from '@blockindex/mock';
import { expect } from 'vitest';

/** Every transaction id of the address (getAddressTransactions), newest first, straight from the world. */
export function addressTxIds(world: World, address: string): string[] {
  const all = world.listAddressTransactions(address, { limit: 1_000_000, offset: 0 });
  if ('error' in all) throw new Error(all.error);
  expect(all.results).toHaveLength(all.total);
  return all.results.map((row) => row.tx.tx_id);
}

/** Every transaction id of the principal's transactions with transfers, newest first. */
export function transferTxIds(world: World, principal: string): string[] {
  const all = world.listTransactionsWithTransfers(principal, {
    limit: 1_000_000,
    offset: 0,
    unanchored: false,
  });
  expect(all.results).toHaveLength(all.total);
  return all.results.map((row) => row.tx.tx_id);
}

/** Every event index of the address's events in one transaction, in order. */
export function eventIndexes(world: World, address: string, txId: string): number[] {
  const all = world.listAddressTransactionEvents(address, txId, { limit: 1_000_000, offset: 0 });
  expect(all.results).toHaveLength(all.total);
  return all.results.map((event) => event.event_index);
}

/** The transaction of `address` with the most events touching it, for an events list several pages long. */
export function busiestTransaction(world: World, address: string): { txId: string; events: number } {
  let best = { txId: world.fixtures.txId, events: 0 };
  for (const txId of addressTxIds(world, address)) {
    const { total } = world.listAddressTransactionEvents(address, txId, { limit: 1, offset: 0 });
    if (total > best.events) best = { txId, events: total };
  }
  return best;
}
