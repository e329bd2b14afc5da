import { describe, expect, it } from 'vitest';
import { createWorld, DEFAULT_MAX_MINED_TRANSACTIONS, MineLimitError } from '../../src';

describe('maxMinedTransactions', () => {
  it('stops mining at the bound with a MineLimitError that states it, leaving the world as it was', () => {
    const world = createWorld({ seed: 2, blocks: 20, maxMinedTransactions: 10 });
    let mined = 0;
    while (mined < 10) {
      const block = world.mineBlock({ transactions: 1 });
      mined += block.txs.length;
    }
    const tip = world.tip;
    expect(() => world.mineBlock()).toThrow(MineLimitError);
    expect(() => world.mineBlock()).toThrow(/at most 10 transactions after creation \(\d+ mined so far\)/);
    expect(() => world.addContract({ contractId: `${world.fixtures.address}.late` })).toThrow(MineLimitError);
    expect(world.tip).toEqual(tip);
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
