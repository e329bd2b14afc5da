import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createWorld, type World } from '../../src/world';
import type { AddressTransactionEvent, PrincipalTransaction, Transaction } from '../../src/world/types';

// The successor lists agree with the deprecated ones they replace, principal by principal, transaction by
// transaction: what a user migrating from one to the other relies on. The deprecated lists' answers are the
// reference; the successors' are read through the same World methods the handlers call.

/** Every v2 row of `principal`, newest first, read page by page with offsets. */
function v2List(world: World, principal: string) {
  const rows = [];
  for (let offset = 0; ; offset += 50) {
    const page = world.listAddressTransactions(principal, { limit: 50, offset });
    if ('error' in page) throw new Error(page.error);
    rows.push(...page.results);
    if (page.results.length < 50) return rows;
  }
}

/** Every v3 row of `principal`, newest first, read page by page with the `next` cursors. */
function v3List(world: World, principal: string, limit = 50): PrincipalTransaction[] {
  const rows: PrincipalTransaction[] = [];
  let cursor: string | null | undefined;
  for (;;) {
    const page = world.listPrincipalTransactions(principal, cursor ? { limit, cursor } : { limit });
    if ('error' in page) throw new Error(page.error);
    rows.push(...page.results);
    cursor = page.cursor.next;
    if (cursor === null) return rows;
  }
}

/** Every event of `txId` touching `principal`, as the deprecated events endpoint lists them. */
function eventsOf(world: World, principal: string, txId: string): AddressTransactionEvent[] {
  return world.listAddressTransactionEvents(principal, txId, { limit: 10_000, offset: 0 }).results;
}

/** The balance changes a user would compute from the events endpoint and the transaction's fee. */
function expectedChanges(world: World, principal: string, tx: Transaction) {
  const sums = new Map<string, { sent: bigint; received: bigint }>();
  const add = (key: string, sent: bigint, received: bigint) => {
    const sum = sums.get(key) ?? { sent: 0n, received: 0n };
    sums.set(key, { sent: sum.sent + sent, received: sum.received + received });
  };
  if ((tx.sponsor_address ?? tx.sender_address) === principal) add('stx', BigInt(tx.fee_rate), 0n);
  for (const event of eventsOf(world, principal, tx.tx_id)) {
    const key = event.type === 'stx' ? 'stx' : `${event.type}:${event.data.asset_identifier}`;
    const amount = event.type === 'nft' ? 1n : BigInt(event.data.amount);
    if (event.data.sender === principal) add(key, amount, 0n);
    if (event.data.recipient === principal) add(key, 0n, amount);
  }
  return sums;
}

/** Checks every rule of the successors against the deprecated lists, for every principal of `world`. */
function expectSuccessorsAgree(world: World): number {
  let checked = 0;
  for (const principal of world.principals()) {
    const v2 = v2List(world, principal);
    const v3 = v3List(world, principal);
    // Same transactions, same order.
    expect(
      v3.map((row) => row.transaction.tx_id),
      principal,
    ).toEqual(v2.map((row) => row.tx.tx_id));
    for (const [i, row] of v3.entries()) {
      const old = v2[i] as (typeof v2)[number];
      const { tx } = old;
      const stx = row.balance_changes.stx;
      expect(stx.sent).toBe(old.stx_sent);
      expect(stx.received).toBe(old.stx_received);
      expect(BigInt(stx.net)).toBe(BigInt(stx.received) - BigInt(stx.sent));
      // Involvement from the transaction's sender and sponsor.
      const involvement =
        tx.sender_address === principal
          ? 'sender'
          : tx.sponsor_address === principal
            ? 'sponsor'
            : 'affected';
      expect(row.involvement).toBe(involvement);
      expect(row.transaction.sender.address).toBe(tx.sender_address);
      expect(row.transaction.sponsor?.address).toBe(tx.sponsor_address);
      expect(row.transaction.block).toMatchObject({ height: tx.block_height, hash: tx.block_hash });
      // Affected balances from the events (and the fee payer, and an STX transfer's recipient).
      const events = eventsOf(world, principal, tx.tx_id);
      const recipient = tx.tx_type === 'token_transfer' && tx.token_transfer.recipient_address === principal;
      expect(row.affected_balances).toEqual({
        stx:
          (tx.sponsor_address ?? tx.sender_address) === principal ||
          recipient ||
          events.some((e) => e.type === 'stx'),
        ft: events.some((e) => e.type === 'ft'),
        nft: events.some((e) => e.type === 'nft'),
      });
      // The balance changes: one row per asset, sums agreeing with the events endpoint.
      const changes = world.listPrincipalTransactionBalanceChanges(principal, tx.tx_id, { limit: 50 });
      const expected = expectedChanges(world, principal, tx as Transaction);
      expect(changes.total).toBe(expected.size);
      const got = new Map(
        changes.results.map((c) => [
          c.asset.type === 'stx' ? 'stx' : `${c.asset.type}:${c.asset.identifier}`,
          c.balance_change,
        ]),
      );
      expect([...got.keys()].sort()).toEqual([...expected.keys()].sort());
      for (const [key, sum] of expected) {
        const change = got.get(key);
        expect(change, key).toEqual({
          sent: sum.sent.toString(),
          received: sum.received.toString(),
          net: (sum.received - sum.sent).toString(),
        });
      }
      // The STX row, when there is one, is the list row's STX change.
      if (got.has('stx')) expect(got.get('stx')).toEqual(stx);
      else expect(stx).toEqual({ sent: '0', received: '0', net: '0' });
      checked += 1;
    }
  }
  return checked;
}

/** Checks that each burn block's list starts with the block the deprecated lookups answer. */
function expectBurnBlocksAgree(world: World) {
  const seen = new Set<number>();
  for (let height = 1; height <= world.tip.height; height++) {
    const block = world.getBlockByHeight(height);
    if (!block || seen.has(block.burn_block_height)) continue;
    seen.add(block.burn_block_height);
    const byHeight = world.listBlocksByBurnBlock(
      { height: block.burn_block_height },
      { limit: 30, offset: 0 },
    );
    const byHash = world.listBlocksByBurnBlock({ hash: block.burn_block_hash }, { limit: 30, offset: 0 });
    expect(byHash).toEqual(byHeight);
    const first = byHeight?.results[0];
    const v1 = world.getBlockByBurnBlockHeight(block.burn_block_height);
    expect(first?.index_block_hash).toBe(v1?.index_block_hash);
    expect(first?.height).toBe(v1?.height);
    // Every canonical block of that burn block, newest first, each with its parent's index hash.
    for (const listed of byHeight?.results ?? []) {
      expect(listed.burn_block_hash).toBe(block.burn_block_hash);
      expect(listed.parent_index_block_hash).toBe(
        world.getBlockByHeight(listed.height - 1)?.index_block_hash ?? `0x${'0'.repeat(64)}`,
      );
      expect(listed.tx_count).toBe(world.getBlockByHeight(listed.height)?.txs.length);
    }
  }
  const latest = world.listBlocksByBurnBlock({ latest: true }, { limit: 1, offset: 0 });
  expect(latest?.results[0]?.index_block_hash).toBe(world.tip.index_block_hash);
}

describe('the successors agree with the deprecated operations', () => {
  it('for every principal of the default world', () => {
    const world = createWorld({ seed: 1 });
    // 183 principals, about 6,900 (principal, transaction) rows.
    expect(expectSuccessorsAgree(world)).toBeGreaterThan(5_000);
    expectBurnBlocksAgree(world);
  });

  it('after mining and re-orgs, for every principal; latest follows the tip', () => {
    const world = createWorld({ seed: 1 });
    for (let i = 0; i < 3; i++) world.mineBlock({ address: world.fixtures.address });
    expect(world.listBlocksByBurnBlock({ latest: true }, { limit: 1, offset: 0 })?.results[0]?.height).toBe(
      world.tip.height,
    );
    world.reorg({ depth: 4, replaceWith: 2 });
    world.reorg({ depth: 2 });
    expectSuccessorsAgree(world);
    expectBurnBlocksAgree(world);
  });

  it('over generated histories of mining and re-orgs (small worlds)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 3 })), {
          maxLength: 5,
        }),
        fc.integer({ min: 1, max: 7 }),
        (seed, steps, limit) => {
          const world = createWorld({ seed, blocks: 30, transactionsPerBlock: 4, addresses: 12 });
          for (const [mine, depth, replaceWith] of steps) {
            if (mine) world.mineBlock();
            else if (world.maxReorgDepth > 0)
              world.reorg({ depth: Math.min(depth, world.maxReorgDepth), replaceWith });
          }
          expectSuccessorsAgree(world);
          expectBurnBlocksAgree(world);
          // Small pages walk the same list as big ones.
          for (const principal of world.principals().slice(0, 4)) {
            expect(v3List(world, principal, limit)).toEqual(v3List(world, principal));
          }
        },
      ),
      { numRuns: 15, seed: 20261128 },
    );
  });
});
