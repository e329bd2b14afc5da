import { describe, expect, it } from 'vitest';
import { createWorld, type World } from '../../src/world';
import { createRandom } from '../../src/world/random';

/** A broad set of queries, each named, over one world. */
function queries(world: World): [string, () => unknown][] {
  const f = world.fixtures;
  const out: [string, () => unknown][] = [
    ['fixtures', () => world.fixtures],
    ['tip', () => world.tip],
    ['ordi', () => world.getBrc20Token('ORDI')],
    ['sats', () => world.getBrc20Token('sats')],
    ['contracts', () => f.contractIds.map((id) => world.getSmartContractStatus(id))],
    ['burn height', () => world.getBlockByBurnBlockHeight(f.burnBlockHeight)],
    ['burn hash', () => world.getBlockByBurnBlockHash(f.burnBlockHash)],
    ['events', () => world.listAddressTransactionEvents(f.address, f.txId, { limit: 50, offset: 0 })],
    ['etag address', () => world.principalEtag(f.address)],
    ['etag tx', () => world.transactionEtag(f.txId)],
  ];
  for (const offset of [0, 20, 400, 990]) {
    out.push([`txs ${offset}`, () => world.listAddressTransactions(f.address, { limit: 50, offset })]);
    out.push([
      `transfers ${offset}`,
      () => world.listTransactionsWithTransfers(f.address, { limit: 50, offset, unanchored: false }),
    ]);
  }
  for (let height = 1; height <= 300; height += 37)
    out.push([`block ${height}`, () => world.getBlockByHeight(height)]);
  return out;
}

function answers(world: World, order: 'forward' | 'shuffled'): Map<string, string> {
  const list = queries(world);
  if (order === 'shuffled') {
    const rng = createRandom(99);
    for (let i = list.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [list[i], list[j]] = [list[j] as [string, () => unknown], list[i] as [string, () => unknown]];
    }
  }
  return new Map(list.map(([name, run]) => [name, JSON.stringify(run())]));
}

describe('createWorld determinism', () => {
  it('gives byte-identical answers for the same seed, whatever the order of requests', () => {
    const a = answers(createWorld({ seed: 42 }), 'forward');
    const b = answers(createWorld({ seed: 42 }), 'shuffled');
    expect(b.size).toBe(a.size);
    for (const [name, json] of a) expect(b.get(name), name).toBe(json);
  });

  it('answers the same query identically twice (no hidden state advanced by reads)', () => {
    const world = createWorld({ seed: 42 });
    expect(answers(world, 'shuffled')).toEqual(answers(world, 'forward'));
  });

  it('grows identically for the same sequence of mutations', () => {
    const grow = (world: World) => {
      world.mineBlock();
      world.mineBlock({ address: world.fixtures.address, transactions: 7 });
      world.addContract({ contractId: `${world.fixtures.address}.added-by-test` });
      world.addBrc20Token({ ticker: 'TEST' });
      return JSON.stringify([world.tip, [...answers(world, 'forward')]]);
    };
    expect(grow(createWorld({ seed: 9, blocks: 80 }))).toBe(grow(createWorld({ seed: 9, blocks: 80 })));
  });

  it('gives byte-identical answers for the same sequence of mining and re-orgs', () => {
    const history = (world: World, last: { depth: number; replaceWith: number }) => {
      const results = [
        world.mineBlock({ address: world.fixtures.address }),
        world.reorg({ depth: 3, replaceWith: 2 }),
        world.mineBlock(),
        world.reorg(last),
      ];
      const orphaned = results.flatMap((r) => ('orphanedTransactions' in r ? r.orphanedTransactions : []));
      const pending = orphaned.map((id) => [world.transactionEtag(id), world.getTransaction(id)]);
      return JSON.stringify([results, pending, world.tip, [...answers(world, 'forward')]]);
    };
    const same = { depth: 2, replaceWith: 1 };
    const a = history(createWorld({ seed: 42 }), same);
    expect(history(createWorld({ seed: 42 }), same)).toBe(a);
    expect(history(createWorld({ seed: 42 }), { depth: 2, replaceWith: 2 })).not.toBe(a);
  });

  it('differs for a different seed', () => {
    const [a, b] = [createWorld({ seed: 1 }), createWorld({ seed: 2 })];
    expect(a.fixtures.address).not.toBe(b.fixtures.address);
    expect(a.tip.hash).not.toBe(b.tip.hash);
    expect(a.getBrc20Token('sats')).not.toEqual(b.getBrc20Token('sats'));
    expect(a.getBrc20Token('ordi')).toEqual(b.getBrc20Token('ordi')); // the real record
  });

  it('treats the default seed as 1', () => {
    expect(createWorld().fixtures).toEqual(createWorld({ seed: 1 }).fixtures);
  });
});
