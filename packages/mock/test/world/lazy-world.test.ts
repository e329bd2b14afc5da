import { describe, expect, it } from 'vitest';
import { createWorld, type World } from '../../src/world';
import { ChainState } from '../../src/world/chain-state';
import { createEagerWorld } from '../../src/world/create-world';
import { DEFAULT_WORLD } from '../../src/world/default-world';
import { createRandom, deriveSeed } from '../../src/world/random';
import { type BlockDelta, mergeDeltas, replayDelta, replayDeltas } from '../../src/world/world-snapshot';
import { everything, expectSame } from './world-answers';

describe('the default world from its snapshot', () => {
  it('is shipped for the default options, so createWorld() starts from it', () => {
    expect(DEFAULT_WORLD).toMatchObject({ seed: 1, blocks: 300, transactionsPerBlock: 10, addresses: 40 });
  });

  it('answers every block, transaction, list, ETag and status as generating it in full does', () => {
    expectSame(everything(createWorld({ seed: 1 })), everything(createEagerWorld({ seed: 1 })));
  });

  it('replays its merged delta to the state replaying every block reaches', () => {
    const snapshot = DEFAULT_WORLD;
    if (!snapshot) throw new Error('no snapshot');
    const fresh = () =>
      new ChainState(createRandom(deriveSeed(snapshot.seed, 'accounts')), snapshot.addresses);
    const everyBlock = fresh();
    replayDeltas(snapshot, everyBlock, snapshot.blocks);
    const merged = fresh();
    replayDelta(snapshot, merged, snapshot.final, snapshot.blocks);
    const view = (state: ChainState) =>
      JSON.stringify([
        [...state.accounts.nonceEntries()],
        state.deploySequence,
        state.fts,
        state.nfts,
        state.generics,
      ]);
    expect(view(merged)).toBe(view(everyBlock));
    expect(snapshot.final).toEqual(mergeDeltas(snapshot.deltas));
    // Order matters: a nonce that moved again keeps its first place, with its last value.
    const deltas: BlockDelta[] = [
      [[1, 1, 2, 1], 0, [], [0, 0, 3]],
      [[2, 2, 1, 2], 1, [], [0, 0, -1, 0, 1, 4]],
    ];
    expect(mergeDeltas(deltas)).toEqual([[1, 2, 2, 2], 1, [], [0, 0, -1, 0, 1, 4]]);
  });

  it('reads its blocks in any order with the same records (each block generated on its own)', () => {
    const lazy = createWorld({ seed: 1 });
    const eager = createEagerWorld({ seed: 1 });
    const rng = createRandom(7);
    for (let i = 0; i < 60; i++) {
      const height = rng.int(1, 300);
      const txIds = lazy.getBlockByHeight(height)?.txs ?? [];
      const txId = txIds[rng.int(0, Math.max(0, txIds.length - 1))] ?? '';
      expect(JSON.stringify(lazy.getTransaction(txId)), `${height} ${txId}`).toBe(
        JSON.stringify(eager.getTransaction(txId)),
      );
    }
  });

  it('mines, re-orgs and adds contracts as the fully generated world does', () => {
    const grow = (world: World) => {
      world.mineBlock();
      world.reorg({ depth: 3, replaceWith: 2 });
      world.mineBlock({ address: world.fixtures.address, transactions: 7 });
      world.addContract({ contractId: `${world.fixtures.address}.lazy-check` });
      world.addContract({ contractId: `${world.fixtures.address}.lazy-pending`, status: 'pending' });
      world.reorg({ depth: 2, replaceWith: 0 });
      return world;
    };
    expectSame(everything(grow(createWorld({ seed: 1 }))), everything(grow(createEagerWorld({ seed: 1 }))));
  });

  it('re-orgs before any block was read as the fully generated world does', () => {
    const lazy = createWorld({ seed: 1 });
    const eager = createEagerWorld({ seed: 1 });
    const a = lazy.reorg({ depth: 5, replaceWith: 3 });
    const b = eager.reorg({ depth: 5, replaceWith: 3 });
    expect(a).toEqual(b);
    expectSame(everything(lazy), everything(eager));
  });
});
