import { describe, expect, it } from 'vitest';
import { createWorld, type World } from '../../src';

// Pins what the README says of `world.mineBlock({ address, transactions? })`: one block; `transactions` besides
// the system ones (default: drawn as a generated block's); at least one of them touches `address`, the others
// are drawn as usual and may touch it too.
const SYSTEM = new Set(['coinbase', 'tenure_change']);

function userTransactions(world: World, txIds: readonly string[]): string[] {
  return txIds.filter((id) => !SYSTEM.has(world.getTransaction(id)?.tx_type ?? ''));
}

function totalOf(world: World, address: string): number {
  const page = world.listAddressTransactions(address, { limit: 1, offset: 0 });
  if ('error' in page) throw new Error(page.error);
  return page.total;
}

describe('world.mineBlock({ address })', () => {
  it.each([1, 2, 3])(
    'with transactions: 1, adds exactly one transaction, touching the address (seed %i)',
    (seed) => {
      const world = createWorld({ seed, blocks: 40 });
      const { address } = world.fixtures;
      const before = totalOf(world, address);
      const block = world.mineBlock({ address, transactions: 1 });
      const [only, ...rest] = userTransactions(world, block.txs);
      expect(rest).toEqual([]);
      expect(totalOf(world, address)).toBe(before + 1);
      const newest = world.listAddressTransactions(address, { limit: 1, offset: 0 });
      expect('error' in newest ? undefined : newest.results[0]?.tx.tx_id).toBe(only);
    },
  );

  it('by default, carries as many transactions as a block mined without an address, one at least for it', () => {
    for (const seed of [1, 2, 3, 4]) {
      const plain = createWorld({ seed, blocks: 40 });
      const world = createWorld({ seed, blocks: 40 });
      const { address } = world.fixtures;
      const before = totalOf(world, address);
      const drawn = userTransactions(plain, plain.mineBlock().txs).length;
      const block = world.mineBlock({ address });
      const count = userTransactions(world, block.txs).length;
      expect(count).toBe(drawn);
      const added = totalOf(world, address) - before;
      expect(added).toBeGreaterThanOrEqual(1);
      expect(added).toBeLessThanOrEqual(count);
    }
  });

  it('touches the busy fixture address more than once when the drawn transactions include it', () => {
    // The README's example: with the default world's busy address, one call added six of its transactions.
    const world = createWorld({ seed: 1 });
    const { address } = world.fixtures;
    const before = totalOf(world, address);
    world.mineBlock({ address });
    expect(totalOf(world, address) - before).toBe(6);
  });

  it('still touches the address with transactions: 0', () => {
    const world = createWorld({ seed: 2, blocks: 40 });
    const { address } = world.fixtures;
    const before = totalOf(world, address);
    const block = world.mineBlock({ address, transactions: 0 });
    expect(userTransactions(world, block.txs)).toHaveLength(1);
    expect(totalOf(world, address)).toBe(before + 1);
  });

  it.each([
    ['-1', -1, RangeError],
    ['1.5', 1.5, RangeError],
    ['NaN', Number.NaN, RangeError],
    ['"3"', '3', TypeError],
  ])('refuses transactions: %s, naming the option, and mines nothing', (_name, transactions, type) => {
    const world = createWorld({ seed: 2, blocks: 40 });
    expect(() => world.mineBlock({ transactions } as never)).toThrow(type);
    expect(() => world.mineBlock({ transactions } as never)).toThrow(
      /^transactions must be an integer from 0 to /,
    );
    expect(world.tip.height).toBe(40);
  });
});
