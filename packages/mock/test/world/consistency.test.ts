import { beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type World } from '../../src/world';
import type {
  AddressTransaction,
  AddressTransactionEvent,
  AddressTransactionWithTransfers,
  Transaction,
} from '../../src/world/types';
import * as read from './helpers';
import { isNewer, page, principalsByActivity } from './helpers';

let world: World;
let principals: string[];

// Rows are plain data and these tests only read them: reading each list once keeps the suite fast.
const rowCache = new Map<string, AddressTransaction[]>();
const transferCache = new Map<string, AddressTransactionWithTransfers[]>();
function allAddressTransactions(w: World, p: string): AddressTransaction[] {
  if (!rowCache.has(p)) rowCache.set(p, read.allAddressTransactions(w, p));
  return rowCache.get(p) ?? [];
}
function allTransfers(w: World, p: string): AddressTransactionWithTransfers[] {
  if (!transferCache.has(p)) transferCache.set(p, read.allTransfers(w, p));
  return transferCache.get(p) ?? [];
}

beforeAll(() => {
  world = createWorld({ seed: 1 });
  principals = world.principals();
});

function eventsOf(address: string, txId: string): AddressTransactionEvent[] {
  const { total, results } = world.listAddressTransactionEvents(address, txId, { limit: 50, offset: 0 });
  expect(results).toHaveLength(total);
  return results;
}

function feePayer(tx: Transaction): string {
  return tx.sponsored ? (tx.sponsor_address ?? '') : tx.sender_address;
}

describe('world consistency', () => {
  it('lists every block transaction exactly once, highest tx_index first, with matching block fields', () => {
    const seen = new Set<string>();
    for (let height = 1; height <= world.tip.height; height++) {
      const block = world.getBlockByHeight(height);
      if (!block) throw new Error(`missing block ${height}`);
      block.txs.forEach((txId, i) => {
        const tx = world.getTransaction(txId);
        if (!tx) throw new Error(`missing tx ${txId}`);
        expect(seen.has(txId)).toBe(false);
        seen.add(txId);
        expect(tx.tx_index).toBe(block.txs.length - 1 - i);
        expect(tx).toMatchObject({
          block_height: block.height,
          block_hash: block.hash,
          block_time: block.block_time,
          parent_block_hash: block.parent_block_hash,
          burn_block_height: block.burn_block_height,
          burn_block_time: block.burn_block_time,
          microblock_sequence: 2147483647,
          canonical: true,
        });
      });
    }
    // Every transaction of every principal list is one of those block transactions, and vice versa.
    const listed = new Set<string>();
    for (const p of principals) for (const row of allAddressTransactions(world, p)) listed.add(row.tx.tx_id);
    expect(listed).toEqual(seen);
  });

  it('links consecutive blocks and keeps burn heights and times increasing', () => {
    for (let height = 2; height <= world.tip.height; height++) {
      const [parent, block] = [world.getBlockByHeight(height - 1), world.getBlockByHeight(height)];
      expect(block?.parent_block_hash).toBe(parent?.hash);
      expect(block?.burn_block_height).toBeGreaterThanOrEqual(parent?.burn_block_height ?? 0);
      expect(block?.burn_block_time).toBeGreaterThanOrEqual(parent?.burn_block_time ?? 0);
      expect(block?.block_time).toBeGreaterThan(parent?.block_time ?? 0);
    }
  });

  it('answers by-burn-block lookups with the latest Stacks block anchored there', () => {
    const latest = new Map<number, number>();
    for (let height = 1; height <= world.tip.height; height++) {
      const block = world.getBlockByHeight(height);
      if (block) latest.set(block.burn_block_height, height);
    }
    expect(latest.size).toBeLessThan(world.tip.height); // some burn blocks anchor several Stacks blocks
    for (const [burnHeight, height] of latest) {
      const block = world.getBlockByBurnBlockHeight(burnHeight);
      expect(block?.height).toBe(height);
      expect(world.getBlockByBurnBlockHash(block?.burn_block_hash ?? '')?.height).toBe(height);
    }
    const first = world.getBlockByHeight(1)?.burn_block_height ?? 0;
    const gaps = Array.from({ length: world.tip.burn_block_height - first }, (_, i) => first + i).filter(
      (h) => !latest.has(h),
    );
    expect(gaps.length).toBeGreaterThan(0); // burn blocks without a Stacks block exist, and 404
    for (const h of gaps) expect(world.getBlockByBurnBlockHeight(h)).toBeUndefined();
  });

  it('orders every list newest first and reports the true total', () => {
    for (const p of principals) {
      const rows = allAddressTransactions(world, p);
      expect(page(world, p, { limit: 1, offset: 0 }).total).toBe(rows.length);
      rows.forEach((row, i) => {
        const older = rows[i + 1];
        if (older) expect(isNewer(row.tx, older.tx)).toBe(true);
      });
      const transfers = allTransfers(world, p);
      expect(transfers.map((r) => r.tx.tx_id)).toEqual(rows.map((r) => r.tx.tx_id));
      expect(world.listTransactionsWithTransfers(p, { limit: 1, offset: 0, unanchored: false }).total).toBe(
        rows.length,
      );
    }
  });

  it('counts in endpoint 5 exactly the events endpoint 3 lists, and STX flows equal those events plus the fee', () => {
    for (const p of principals) {
      for (const row of allAddressTransactions(world, p)) {
        const events = eventsOf(p, row.tx.tx_id);
        const counts = {
          stx: { transfer: 0, mint: 0, burn: 0 },
          ft: { transfer: 0, mint: 0, burn: 0 },
          nft: { transfer: 0, mint: 0, burn: 0 },
        };
        let sent = feePayer(row.tx) === p ? BigInt(row.tx.fee_rate) : 0n;
        let received = 0n;
        for (const e of events) {
          counts[e.type][e.data.type] += 1;
          expect(e.data.sender === p || e.data.recipient === p).toBe(true);
          if (e.type !== 'stx') continue;
          if (e.data.sender === p) sent += BigInt(e.data.amount);
          if (e.data.recipient === p) received += BigInt(e.data.amount);
        }
        expect(row.events).toEqual(counts);
        expect(row.stx_sent).toBe(sent.toString());
        expect(row.stx_received).toBe(received.toString());
      }
    }
  });

  it('gives transactions_with_transfers the same flows and transfer lists as the events, newest event first', () => {
    for (const p of principalsByActivity(world).slice(0, 40)) {
      const counts = new Map(allAddressTransactions(world, p).map((r) => [r.tx.tx_id, r]));
      for (const row of allTransfers(world, p)) {
        const events = eventsOf(p, row.tx.tx_id).reverse();
        const strip = ({ type: _t, ...rest }: Record<string, unknown>) => rest;
        expect(row.stx_transfers).toEqual(events.filter((e) => e.type === 'stx').map((e) => strip(e.data)));
        expect(row.ft_transfers).toEqual(events.filter((e) => e.type === 'ft').map((e) => strip(e.data)));
        expect(row.nft_transfers).toEqual(events.filter((e) => e.type === 'nft').map((e) => strip(e.data)));
        expect([row.stx_sent, row.stx_received]).toEqual([
          counts.get(row.tx.tx_id)?.stx_sent,
          counts.get(row.tx.tx_id)?.stx_received,
        ]);
      }
    }
  });

  it('omits senders of mints and recipients of burns, never null', () => {
    const kinds = new Set<string>();
    for (const p of principalsByActivity(world).slice(0, 60)) {
      for (const row of allAddressTransactions(world, p).slice(0, 200)) {
        for (const e of eventsOf(p, row.tx.tx_id)) {
          kinds.add(`${e.type}:${e.data.type}`);
          if (e.data.type === 'mint') expect('sender' in e.data).toBe(false);
          if (e.data.type === 'burn') expect('recipient' in e.data).toBe(false);
          if (e.data.type === 'transfer')
            expect(e.data.sender !== undefined && e.data.recipient !== undefined).toBe(true);
        }
      }
    }
    expect([...kinds].sort()).toEqual([
      'ft:burn',
      'ft:mint',
      'ft:transfer',
      'nft:burn',
      'nft:mint',
      'nft:transfer',
      'stx:burn',
      'stx:mint',
      'stx:transfer',
    ]);
  });

  it('reports events: [] in list answers and an event_count covering every listed event', () => {
    for (const p of principalsByActivity(world).slice(0, 20)) {
      for (const row of allAddressTransactions(world, p)) {
        expect(row.tx.events).toEqual([]);
        for (const e of eventsOf(p, row.tx.tx_id)) expect(e.event_index).toBeLessThan(row.tx.event_count);
      }
      for (const row of allTransfers(world, p)) expect(row.tx.events).toEqual([]);
    }
  });

  it('points each contract status at its deploying transaction and block', () => {
    const statuses = new Set<string>();
    for (const p of principals.filter((id) => id.includes('.'))) {
      const status = world.getSmartContractStatus(p);
      if (!status.found) continue;
      statuses.add(status.result.status);
      const tx = world.getTransaction(status.result.tx_id);
      expect(tx?.tx_type).toBe('smart_contract');
      if (tx?.tx_type !== 'smart_contract') continue;
      expect(tx.smart_contract.contract_id).toBe(p);
      expect(status.result.contract_id).toBe(p);
      expect(status.result.block_height).toBe(tx.block_height);
      expect(world.getBlockByHeight(tx.block_height)?.txs).toContain(tx.tx_id);
      expect(tx.tx_status).toBe(status.result.status);
    }
    expect(statuses).toEqual(new Set(['success', 'abort_by_response']));
  });
});
