import { describe, expect, it } from 'vitest';
import { createWorld, MineLimitError, ReorgDepthError, type World } from '../../src/world';
import { worldVersion } from '../../src/world/json-view';
import { allAddressTransactions, page } from './helpers';

const SMALL = { seed: 7, blocks: 60 } as const;

/** The blocks from `from` to the tip, newest first. */
function topBlocks(world: World, from: number) {
  const out = [];
  for (let h = world.tip.height; h >= from; h--) out.push(world.getBlockByHeight(h));
  return out.map((b) => {
    if (!b) throw new Error('missing block');
    return b;
  });
}

describe('world.reorg arguments', () => {
  const refused: [string, unknown, abstract new (...args: never[]) => Error][] = [
    ['no options', undefined, TypeError],
    ['null', null, TypeError],
    ['a number', 3, TypeError],
    ['a string depth', { depth: '2' }, TypeError],
    ['a fractional depth', { depth: 1.5 }, TypeError],
    ['NaN', { depth: Number.NaN }, TypeError],
    ['an unknown option', { depth: 1, replace: 1 }, TypeError],
    ['a string replaceWith', { depth: 1, replaceWith: '1' }, TypeError],
    ['depth 0', { depth: 0 }, RangeError],
    ['a negative depth', { depth: -1 }, RangeError],
    ['a negative replaceWith', { depth: 1, replaceWith: -1 }, RangeError],
    ['too many replacement blocks', { depth: 1, replaceWith: 1001 }, RangeError],
    ['a depth past the fixtures', { depth: 10_000 }, ReorgDepthError],
  ];
  for (const [name, options, type] of refused) {
    it(`refuses ${name} with a ${type.name} and changes nothing`, () => {
      const world = createWorld(SMALL);
      const [tip, version] = [JSON.stringify(world.tip), worldVersion(world)];
      expect(() => world.reorg(options as never)).toThrow(type);
      expect(JSON.stringify(world.tip)).toBe(tip);
      expect(worldVersion(world)).toBe(version);
    });
  }

  it('allows orphaning everything above the fixtures, and more after mining', () => {
    const world = createWorld(SMALL);
    const max = world.maxReorgDepth;
    expect(max).toBeGreaterThan(0);
    expect(() => world.reorg({ depth: max + 1 })).toThrow(/at most/);
    world.mineBlock();
    world.mineBlock();
    expect(world.maxReorgDepth).toBe(max + 2);
    world.reorg({ depth: max + 2 });
    expect(world.maxReorgDepth).toBe(0);
    // The fixtures still hold: their transaction and burn block are canonical.
    const f = world.fixtures;
    expect(world.getTransaction(f.txId)?.canonical).toBe(true);
    expect(world.getBlockByBurnBlockHash(f.burnBlockHash)?.canonical).toBe(true);
    expect(() => world.reorg({ depth: 1 })).toThrow(ReorgDepthError);
  });

  it('refuses replacement blocks past the mining bound and changes nothing', () => {
    const world = createWorld({ ...SMALL, maxMinedTransactions: 3 });
    const tip = JSON.stringify(world.tip);
    expect(() => world.reorg({ depth: 2, replaceWith: 2 })).toThrow(MineLimitError);
    expect(JSON.stringify(world.tip)).toBe(tip);
    // Orphaning alone mines nothing, so the bound does not stop it.
    expect(world.reorg({ depth: 1 }).tip).toBe(world.tip.height);
  });
});

describe('world.reorg without replacement blocks', () => {
  it('moves the tip and its ETag back to an older block and reports what it orphaned', () => {
    const world = createWorld(SMALL);
    const before = world.tip.height;
    const orphaned = topBlocks(world, before - 2);
    const newTip = world.getBlockByHeight(before - 3);
    const result = world.reorg({ depth: 3 });
    expect(result.tip).toBe(before - 3);
    expect(world.tip).toEqual(newTip);
    expect(result.orphanedBlocks).toEqual(orphaned.map((b) => b.hash));
    expect(result.orphanedTransactions).toEqual(orphaned.flatMap((b) => b.txs));
    expect(world.getBlockByHeight(before)).toBeUndefined();
  });

  it('answers an orphaned block by hash and by burn block with canonical: false and no txs', () => {
    const world = createWorld(SMALL);
    const [orphan] = topBlocks(world, world.tip.height);
    if (!orphan) throw new Error('no tip');
    world.reorg({ depth: 1 });
    const want = { ...orphan, canonical: false, txs: [] };
    expect(world.getBlockByHash(orphan.hash)).toEqual(want);
    const byBurn =
      world.tip.burn_block_hash === orphan.burn_block_hash
        ? world.tip // the same tenure still has a canonical block: that one wins
        : want;
    expect(world.getBlockByBurnBlockHeight(orphan.burn_block_height)).toEqual(byBurn);
    expect(world.getBlockByBurnBlockHash(orphan.burn_block_hash)).toEqual(byBurn);
  });

  it('takes orphaned rows out of every list and total, and keeps their transactions known but eventless', () => {
    const world = createWorld(SMALL);
    const principals = world.principals();
    const lists = new Map(principals.map((p) => [p, allAddressTransactions(world, p)]));
    const txEtags = new Map<string, string | undefined>();
    const { orphanedTransactions, tip } = world.reorg({ depth: 4 });
    const orphaned = new Set(orphanedTransactions);
    for (const p of principals) {
      const want = (lists.get(p) ?? []).filter((row) => !orphaned.has(row.tx.tx_id));
      const rows = allAddressTransactions(world, p);
      expect(rows).toEqual(want);
      expect(page(world, p, { limit: 1, offset: 0 }).total).toBe(want.length);
      expect(world.listTransactionsWithTransfers(p, { limit: 1, offset: 0, unanchored: false }).total).toBe(
        want.length,
      );
      for (const row of rows) expect(row.tx.block_height).toBeLessThanOrEqual(tip);
    }
    for (const txId of orphaned) {
      expect(world.getTransaction(txId)).toBeUndefined();
      expect(world.hasTransaction(txId)).toBe(true);
      txEtags.set(txId, world.transactionEtag(txId));
      const events = world.listAddressTransactionEvents(world.fixtures.address, txId, {
        limit: 50,
        offset: 0,
      });
      expect(events).toEqual({ total: 0, results: [] });
    }
    // Back in the mempool: one ETag form for all of them, none equal to another.
    expect(new Set(txEtags.values()).size).toBe(orphaned.size);
  });

  it('answers a cursor naming an orphaned block from its height down, as upstream looks the block up', () => {
    const world = createWorld(SMALL);
    const address = world.fixtures.address;
    world.mineBlock({ address, transactions: 6 });
    const first = page(world, address, { limit: 5, offset: 0 });
    const [hash, sequence, index] = (first.cursor ?? '').split(':');
    const key = [world.tip.height, Number(sequence), Number(index)] as const;
    expect(hash).toBe(world.tip.index_block_hash);
    world.reorg({ depth: 1, replaceWith: 1 });
    // Upstream finds the orphaned block's height and compares (height, sequence, index) over canonical rows.
    const all = allAddressTransactions(world, address);
    const want = all.filter((row) => {
      const [height, seq, idx] = [row.tx.block_height, row.tx.microblock_sequence, row.tx.tx_index];
      return height < key[0] || (height === key[0] && (seq < key[1] || (seq === key[1] && idx <= key[2])));
    });
    const after = page(world, address, { limit: 50, offset: 0, cursor: first.cursor ?? '' });
    expect(after.results).toEqual(want.slice(0, 50));
    expect(after.total).toBe(all.length);
  });

  it('moves a contract whose deployment is orphaned back to pending, and the principal ETags on', () => {
    const world = createWorld(SMALL);
    const contractId = `${world.fixtures.address}.reorged-contract`;
    const deployed = world.addContract({ contractId });
    if (!deployed.found) throw new Error('not deployed');
    const etag = world.principalEtag(world.fixtures.address);
    world.reorg({ depth: 1 });
    const status = world.getSmartContractStatus(contractId);
    expect(status).toEqual({
      found: true,
      result: { contract_id: contractId, status: 'pending', tx_id: deployed.result.tx_id },
    });
    expect(world.principalEtag(world.fixtures.address)).not.toBe(etag);
  });
});

describe('world.reorg with replacement blocks', () => {
  it('takes orphaned transactions back with the same tx_id in new blocks, their events unchanged', () => {
    const world = createWorld(SMALL);
    const base = world.tip.height - 3;
    const orphanedBefore = topBlocks(world, base + 1).flatMap((b) => b.txs);
    // Each transaction's events as its sender sees them, before the re-org.
    const events = new Map<string, unknown>();
    for (const id of orphanedBefore) {
      const sender = world.getTransaction(id)?.sender_address ?? '';
      events.set(id, world.listAddressTransactionEvents(sender, id, { limit: 50, offset: 0 }));
    }
    const result = world.reorg({ depth: 3, replaceWith: 2 });
    expect(result.tip).toBe(base + 2);
    const back = result.orphanedTransactions.filter((id) => world.getTransaction(id) !== undefined);
    expect(back.length).toBeGreaterThan(0);
    expect(back.length).toBeLessThan(result.orphanedTransactions.length); // system transactions stay out
    for (const id of back) {
      const tx = world.getTransaction(id);
      expect(tx?.block_height).toBeGreaterThan(base);
      expect(world.getBlockByHeight(tx?.block_height ?? 0)?.txs).toContain(id);
      expect(result.orphanedBlocks).not.toContain(tx?.block_hash);
      const sender = tx?.sender_address ?? '';
      expect(world.listAddressTransactionEvents(sender, id, { limit: 50, offset: 0 })).toEqual(
        events.get(id),
      );
    }
  });

  it('anchors replacement blocks above every burn block seen, so the burn chain never forks', () => {
    const world = createWorld(SMALL);
    const burnTip = world.tip.burn_block_height;
    world.reorg({ depth: 3, replaceWith: 1 });
    expect(world.tip.burn_block_height).toBe(burnTip + 1);
    world.mineBlock();
    expect(world.tip.burn_block_height).toBe(burnTip + 2);
  });

  it('gives replacement blocks hashes of their own, and a later re-org at the same heights others again', () => {
    const world = createWorld(SMALL);
    const seen = new Set<string>();
    for (let round = 0; round < 3; round++) {
      const { orphanedBlocks } = world.reorg({ depth: 2, replaceWith: 2 });
      for (const hash of orphanedBlocks) {
        expect(seen.has(hash)).toBe(false);
        seen.add(hash);
      }
    }
  });
});
