import { expect } from 'vitest';
import type { World } from '../../src/world';
import type { AddressTransaction, Transaction } from '../../src/world/types';
import { allAddressTransactions, allTransfers, isNewer, page } from './helpers';

const EMPTY_COUNTS = () => ({
  stx: { transfer: 0, mint: 0, burn: 0 },
  ft: { transfer: 0, mint: 0, burn: 0 },
  nft: { transfer: 0, mint: 0, burn: 0 },
});

function feePayer(tx: Transaction): string {
  return tx.sponsored ? (tx.sponsor_address ?? '') : tx.sender_address;
}

/**
 * Asserts what every world must satisfy whatever happened to it (mining, re-orgs): each canonical block lists
 * its transactions exactly once, the blocks link up, every list is newest first with a true total, the lists
 * hold exactly the canonical transactions, event counts and STX flows agree with the events, burn lookups find
 * the latest canonical block, and contract statuses point at canonical deployments. Returns the canonical ids.
 */
export function expectConsistent(world: World): Set<string> {
  const canonical = new Set<string>();
  for (let height = 1; height <= world.tip.height; height++) {
    const block = world.getBlockByHeight(height);
    if (!block) throw new Error(`missing block ${height}`);
    expect(block.canonical).toBe(true);
    if (height > 1) expect(block.parent_block_hash).toBe(world.getBlockByHeight(height - 1)?.hash);
    if (height > 1)
      expect(block.burn_block_height).toBeGreaterThanOrEqual(
        world.getBlockByHeight(height - 1)?.burn_block_height ?? 0,
      );
    block.txs.forEach((txId, i) => {
      const tx = world.getTransaction(txId);
      if (!tx) throw new Error(`missing tx ${txId} of block ${height}`);
      expect(canonical.has(txId)).toBe(false);
      canonical.add(txId);
      expect(tx.tx_index).toBe(block.txs.length - 1 - i);
      expect([tx.block_height, tx.block_hash, tx.canonical]).toEqual([height, block.hash, true]);
    });
    // The burn lookups find the latest canonical block of that burn block.
    const next = world.getBlockByHeight(height + 1);
    if (next?.burn_block_hash !== block.burn_block_hash) {
      expect(world.getBlockByBurnBlockHeight(block.burn_block_height)).toEqual(block);
      expect(world.getBlockByBurnBlockHash(block.burn_block_hash)).toEqual(block);
    }
  }
  const listed = new Set<string>();
  for (const p of world.principals()) {
    const rows = allAddressTransactions(world, p);
    expect(rows.length).toBeGreaterThan(0);
    expect(page(world, p, { limit: 1, offset: 0 }).total).toBe(rows.length);
    rows.forEach((row, i) => {
      listed.add(row.tx.tx_id);
      const older = rows[i + 1];
      if (older) expect(isNewer(row.tx, older.tx)).toBe(true);
      expectRowAgreesWithEvents(world, p, row);
    });
    expect(allTransfers(world, p).map((r) => r.tx.tx_id)).toEqual(rows.map((r) => r.tx.tx_id));
    expect(world.listTransactionsWithTransfers(p, { limit: 1, offset: 0, unanchored: false }).total).toBe(
      rows.length,
    );
  }
  expect(listed).toEqual(canonical);
  for (const p of world.principals().filter((id) => id.includes('.'))) {
    const status = world.getSmartContractStatus(p);
    if (!status.found || status.result.status === 'pending') continue;
    const tx = world.getTransaction(status.result.tx_id);
    expect(tx?.tx_type).toBe('smart_contract');
    expect(status.result.block_height).toBe(tx?.block_height);
  }
  return canonical;
}

function expectRowAgreesWithEvents(world: World, principal: string, row: AddressTransaction): void {
  const { total, results } = world.listAddressTransactionEvents(principal, row.tx.tx_id, {
    limit: 50,
    offset: 0,
  });
  expect(results).toHaveLength(Math.min(total, 50));
  if (total > 50) return;
  const counts = EMPTY_COUNTS();
  let sent = feePayer(row.tx) === principal ? BigInt(row.tx.fee_rate) : 0n;
  let received = 0n;
  for (const e of results) {
    counts[e.type][e.data.type] += 1;
    if (e.type !== 'stx') continue;
    if (e.data.sender === principal) sent += BigInt(e.data.amount);
    if (e.data.recipient === principal) received += BigInt(e.data.amount);
  }
  expect(row.events).toEqual(counts);
  expect([row.stx_sent, row.stx_received]).toEqual([sent.toString(), received.toString()]);
}
