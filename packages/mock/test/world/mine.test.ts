import { c32address } from 'c32check';
import { describe, expect, it } from 'vitest';
import { createWorld } from '../../src/world';
import { page } from './helpers';

const ids = (rows: readonly { tx: { tx_id: string } }[]) => rows.map((r) => r.tx.tx_id);

describe('world.mineBlock', () => {
  it('appends a block on a new burn block and moves the tip', () => {
    const world = createWorld({ seed: 5, blocks: 60 });
    const before = world.tip;
    const block = world.mineBlock();
    expect(block.height).toBe(before.height + 1);
    expect(block.parent_block_hash).toBe(before.hash);
    expect(block.burn_block_height).toBeGreaterThan(before.burn_block_height);
    expect(world.tip).toEqual(block);
    expect(world.getBlockByBurnBlockHeight(block.burn_block_height)).toEqual(block);
    expect(world.getBlockByBurnBlockHash(block.burn_block_hash)).toEqual(block);
    expect(world.getBlockByHash(block.hash)).toEqual(block);
    for (const txId of block.txs) expect(world.getTransaction(txId)?.block_height).toBe(block.height);
  });

  it('opens a new tenure after Nakamoto: tenure change, coinbase, tenure_height + 1', () => {
    const world = createWorld({ seed: 5, blocks: 60 });
    const before = world.tip;
    const block = world.mineBlock({ transactions: 3 });
    const types = [...block.txs].reverse().map((id) => world.getTransaction(id)?.tx_type);
    expect(types.slice(0, 2)).toEqual(['tenure_change', 'coinbase']);
    expect(types).toHaveLength(5);
    expect(block.tenure_height).toBe(before.tenure_height + 1);
  });

  it('adds a transaction touching the address and shifts its list by the new rows', () => {
    const world = createWorld({ seed: 5, blocks: 60 });
    const { address } = world.fixtures;
    const before = page(world, address, { limit: 50, offset: 0 });
    const etag = world.principalEtag(address);
    const block = world.mineBlock({ address, transactions: 4 });
    const after = page(world, address, { limit: 50, offset: 0 });
    const added = after.total - before.total;
    expect(added).toBeGreaterThanOrEqual(1);
    expect(after.results[0]?.tx.block_height).toBe(block.height);
    expect(ids(after.results).slice(added)).toEqual(ids(before.results).slice(0, 50 - added));
    expect(world.principalEtag(address)).not.toBe(etag);
    // A cursor taken before still points at the same rows.
    expect(ids(page(world, address, { limit: 50, offset: 0, cursor: before.cursor ?? '' }).results)).toEqual(
      ids(before.results),
    );
    expect(
      page(world, address, { limit: 50, offset: 0, cursor: before.cursor ?? '' }).next_cursor,
    ).not.toBeNull();
    const transfers = world.listTransactionsWithTransfers(address, {
      limit: 1,
      offset: 0,
      unanchored: false,
    });
    expect(transfers.total).toBe(after.total);
  });

  it('makes a brand-new address (or contract principal) exist with one transaction', () => {
    const world = createWorld({ seed: 5, blocks: 30 });
    const fresh = c32address(22, 'ab'.repeat(20));
    for (const principal of [fresh, `${fresh}.new-app`]) {
      expect(world.principalEtag(principal)).toBeUndefined();
      world.mineBlock({ address: principal, transactions: 0 });
      const p = page(world, principal, { limit: 20, offset: 0 });
      expect(p.total).toBe(1);
      const events = world.listAddressTransactionEvents(principal, p.results[0]?.tx.tx_id ?? '', {
        limit: 20,
        offset: 0,
      });
      expect(events.total + (p.results[0]?.tx.sender_address === principal ? 1 : 0)).toBeGreaterThanOrEqual(
        1,
      );
      expect(world.principalEtag(principal)).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('leaves old transactions and their ETags unchanged', () => {
    const world = createWorld({ seed: 5, blocks: 30 });
    const { txId } = world.fixtures;
    const [tx, etag] = [world.getTransaction(txId), world.transactionEtag(txId)];
    world.mineBlock({ transactions: 10 });
    expect(world.getTransaction(txId)).toEqual(tx);
    expect(world.transactionEtag(txId)).toBe(etag);
  });
});

describe('world.addContract', () => {
  it('deploys with the given status in a new block, the status pointing at it', () => {
    const world = createWorld({ seed: 5, blocks: 30 });
    const id = `${world.fixtures.address}.my-contract`;
    expect(world.getSmartContractStatus(id)).toEqual({ found: false });
    const status = world.addContract({ contractId: id });
    expect(status).toMatchObject({
      found: true,
      result: { status: 'success', contract_id: id, block_height: world.tip.height },
    });
    if (status.found) expect(world.tip.txs).toContain(status.result.tx_id);
    const failed = world.addContract({ contractId: `${id}-2`, status: 'abort_by_post_condition' });
    expect(failed).toMatchObject({ found: true, result: { status: 'abort_by_post_condition' } });
  });

  it('keeps a pending contract in the mempool until a confirmed deploy replaces it', () => {
    const world = createWorld({ seed: 5, blocks: 30 });
    const id = `${world.fixtures.address}.later`;
    const pending = world.addContract({ contractId: id, status: 'pending' });
    expect(pending).toMatchObject({ found: true, result: { status: 'pending', contract_id: id } });
    if (pending.found) {
      expect(pending.result.block_height).toBeUndefined();
      expect(world.hasTransaction(pending.result.tx_id)).toBe(false);
    }
    expect(world.addContract({ contractId: id })).toMatchObject({
      found: true,
      result: { status: 'success' },
    });
  });
});

describe('world.addBrc20Token', () => {
  it('stores the token under its lower-case ticker and fills the rest coherently', () => {
    const world = createWorld({ seed: 5, blocks: 10 });
    const added = world.addBrc20Token({ ticker: 'WXYZ', decimals: 2, max_supply: '5000.00' });
    expect(added.token).toMatchObject({
      ticker: 'wxyz',
      decimals: 2,
      max_supply: '5000.00',
      minted_supply: '5000.00',
    });
    expect(added.supply).toEqual({
      max_supply: '5000.00',
      minted_supply: '5000.00',
      holders: added.supply.holders,
    });
    expect(world.getBrc20Token('wXyZ')).toEqual(added);
  });
});
