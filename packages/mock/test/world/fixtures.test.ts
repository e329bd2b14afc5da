import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type World } from '../../src/world';
import { page, principalsByActivity } from './helpers';

describe.each([
  ['the default world', {}],
  ['a small world', { seed: 3, blocks: 12, transactionsPerBlock: 4 }],
  ['a one-block world', { seed: 4, blocks: 1 }],
])('world.fixtures of %s', (_name, options) => {
  let world: World;
  beforeAll(() => {
    world = createWorld(options);
  });

  it('gives a transaction of `address` with STX, FT and NFT events touching it', () => {
    const { address, txId } = world.fixtures;
    expect(world.hasTransaction(txId)).toBe(true);
    const events = world.listAddressTransactionEvents(address, txId, { limit: 50, offset: 0 }).results;
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(['stx', 'ft', 'nft']));
    const tx = world.getTransaction(txId);
    expect(tx?.sender_address).toBe(address);
  });

  it('gives contract ids that are deployed, pending and never deployed', () => {
    const [deployed, pending, never] = world.fixtures.contractIds.map((id) =>
      world.getSmartContractStatus(id),
    );
    expect(deployed).toMatchObject({ found: true, result: { status: 'success' } });
    expect(pending).toMatchObject({ found: true, result: { status: 'pending' } });
    if (pending?.found) {
      expect('block_height' in pending.result).toBe(false);
      expect(world.hasTransaction(pending.result.tx_id)).toBe(false);
    }
    expect(never).toEqual({ found: false });
  });

  it('gives a burn block that anchors a Stacks block, by height and by hash', () => {
    const { burnBlockHeight, burnBlockHash } = world.fixtures;
    const byHeight = world.getBlockByBurnBlockHeight(burnBlockHeight);
    expect(byHeight?.burn_block_hash).toBe(burnBlockHash);
    expect(world.getBlockByBurnBlockHash(burnBlockHash)).toEqual(byHeight);
  });

  it('gives a BRC-20 ticker', () => {
    expect(world.getBrc20Token(world.fixtures.ticker)?.token.ticker).toBe('ordi');
  });
});

describe('world.fixtures of the default world', () => {
  it('names a busy address with 1,000+ transactions, and there are at least two such', () => {
    const world = createWorld();
    expect(page(world, world.fixtures.address, { limit: 0, offset: 0 }).total).toBeGreaterThanOrEqual(1_000);
    const [first, second] = principalsByActivity(world);
    expect(page(world, second ?? '', { limit: 0, offset: 0 }).total).toBeGreaterThanOrEqual(1_000);
    expect(first).toBeDefined();
  });

  it('names a burn block that anchors several Stacks blocks, answered with the latest one', () => {
    const world = createWorld();
    const block = world.getBlockByBurnBlockHeight(world.fixtures.burnBlockHeight);
    const previous = world.getBlockByHeight((block?.height ?? 0) - 1);
    expect(previous?.burn_block_height).toBe(world.fixtures.burnBlockHeight);
    expect(world.getBlockByHeight((block?.height ?? 0) + 1)?.burn_block_height).not.toBe(
      world.fixtures.burnBlockHeight,
    );
    expect(block?.tenure_height).toBe(previous?.tenure_height);
  });
});

describe('world.fixtures of any world', () => {
  it('hold for arbitrary small sizes and seeds (property)', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 60 }),
        (seed, blocks, transactionsPerBlock, addresses) => {
          const world = createWorld({ seed, blocks, transactionsPerBlock, addresses });
          const { address, txId, contractIds, burnBlockHeight, burnBlockHash } = world.fixtures;
          const events = world.listAddressTransactionEvents(address, txId, { limit: 50, offset: 0 }).results;
          expect(new Set(events.map((e) => e.type))).toEqual(new Set(['stx', 'ft', 'nft']));
          expect(contractIds.map((id) => world.getSmartContractStatus(id).found)).toEqual([
            true,
            true,
            false,
          ]);
          expect(world.getBlockByBurnBlockHeight(burnBlockHeight)?.burn_block_hash).toBe(burnBlockHash);
          expect(world.tip.height).toBe(blocks);
        },
      ),
      { numRuns: 25 },
    );
  });
});
