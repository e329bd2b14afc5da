import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { World } from '../../src';
import { createWorld, DEFAULT_MAX_MINED_TRANSACTIONS, MineLimitError } from '../../src';

describe('maxMinedTransactions', () => {
  it('stops mining at the bound with a MineLimitError that states it, leaving the world as it was', () => {
    const world = createWorld({ seed: 2, blocks: 20, maxMinedTransactions: 10 });
    let mined = 0;
    expect(() => {
      for (;;) mined += world.mineBlock({ transactions: 1 }).txs.length;
    }).toThrow(MineLimitError);
    expect(mined).toBeGreaterThan(0);
    const tip = world.tip;
    expect(() => world.mineBlock()).toThrow(MineLimitError);
    expect(() => world.mineBlock()).toThrow(/at most 10 transactions after creation \(\d+ mined so far\)/);
    expect(() => world.addContract({ contractId: `${world.fixtures.address}.late` })).toThrow(MineLimitError);
    expect(world.tip).toEqual(tip);
  });

  it('never passes the bound, whatever is mined, and refuses only a block that could pass it', () => {
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('block' as const),
        transactions: fc.option(fc.integer({ min: 0, max: 30 })),
      }),
      fc.record({ kind: fc.constant('address' as const) }),
      fc.record({ kind: fc.constant('contract' as const), pending: fc.boolean() }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 80 }), fc.array(step, { maxLength: 25 }), (bound, steps) => {
        const world = createWorld({ seed: 3, blocks: 12, maxMinedTransactions: bound });
        const before = confirmedTransactions(world);
        let pending = 0; // a pending deployment counts as one mined transaction, in the mempool
        const mined = () => confirmedTransactions(world) - before + pending;
        for (const [i, s] of steps.entries()) {
          try {
            if (s.kind === 'block')
              world.mineBlock(s.transactions === null ? {} : { transactions: s.transactions });
            else if (s.kind === 'address') world.mineBlock({ address: world.fixtures.address });
            else {
              world.addContract({
                contractId: `${world.fixtures.address}.c${i}`,
                ...(s.pending ? { status: 'pending' } : {}),
              });
              if (s.pending) pending += 1;
            }
          } catch (error) {
            expect(error).toBeInstanceOf(MineLimitError);
            // A refusal comes only near the bound: two system transactions plus what was asked for.
            const asked = s.kind === 'block' ? (s.transactions ?? 0) : 1;
            // A block mined without a count (alone or for an address) has a drawn size, unknown here.
            if (s.kind === 'address' || (s.kind === 'block' && s.transactions === null)) continue;
            expect(bound - mined()).toBeLessThan(asked + 3);
          }
          expect(mined()).toBeLessThanOrEqual(bound);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a block whose own transaction count would pass the bound', () => {
    const world = createWorld({ seed: 2, blocks: 20, maxMinedTransactions: 50 });
    expect(() => world.mineBlock({ transactions: 1e9 })).toThrow(MineLimitError);
    expect(world.mineBlock({ transactions: 5 }).txs.length).toBeGreaterThan(0);
  });

  it('defaults to a bound that keeps a long-running server well under 1 GiB', () => {
    expect(DEFAULT_MAX_MINED_TRANSACTIONS).toBe(100_000);
    expect(() => createWorld({ maxMinedTransactions: -1 })).toThrow(RangeError);
  });
});

/** Confirmed transactions of the world, counted block by block through its public reads. */
function confirmedTransactions(world: World): number {
  let total = 0;
  for (let height = 1; height <= world.tip.height; height++)
    total += world.getBlockByHeight(height)?.txs.length ?? 0;
  return total;
}
