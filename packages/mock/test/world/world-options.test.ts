import { describe, expect, it } from 'vitest';
import { createWorld } from '../../src';
import { MAX_GENERATED_TRANSACTIONS, WORLD_OPTION_RANGES } from '../../src/world/world-options';

type Case = readonly [string, unknown, typeof TypeError | typeof RangeError, RegExp];

const range = (name: keyof typeof WORLD_OPTION_RANGES) => {
  const [min, max] = WORLD_OPTION_RANGES[name];
  return new RegExp(`^${name} must be an integer from ${min} to ${max}, got `);
};

// Every option, each with a value of the wrong type (TypeError) and numbers outside its range (RangeError).
const CASES: readonly Case[] = [
  ['blocks: 0', { blocks: 0 }, RangeError, range('blocks')],
  ['blocks: -1', { blocks: -1 }, RangeError, range('blocks')],
  ['blocks: 2.5', { blocks: 2.5 }, RangeError, range('blocks')],
  ['blocks: "40"', { blocks: '40' }, TypeError, range('blocks')],
  ['blocks: NaN', { blocks: Number.NaN }, RangeError, range('blocks')],
  ['blocks: Infinity', { blocks: Number.POSITIVE_INFINITY }, RangeError, range('blocks')],
  ['blocks: 10001', { blocks: 10_001, transactionsPerBlock: 1 }, RangeError, range('blocks')],
  ['blocks: 40n', { blocks: 40n }, TypeError, range('blocks')],
  ['seed: "1"', { seed: '1' }, TypeError, range('seed')],
  ['seed: 1.5', { seed: 1.5 }, RangeError, range('seed')],
  ['seed: NaN', { seed: Number.NaN }, RangeError, range('seed')],
  ['seed: 2^60', { seed: 2 ** 60 }, RangeError, range('seed')],
  ['transactionsPerBlock: 0', { transactionsPerBlock: 0 }, RangeError, range('transactionsPerBlock')],
  ['transactionsPerBlock: 2.5', { transactionsPerBlock: 2.5 }, RangeError, range('transactionsPerBlock')],
  ['transactionsPerBlock: null', { transactionsPerBlock: null }, TypeError, range('transactionsPerBlock')],
  ['transactionsPerBlock: 1001', { transactionsPerBlock: 1001 }, RangeError, range('transactionsPerBlock')],
  ['addresses: -1', { addresses: -1 }, RangeError, range('addresses')],
  ['addresses: 12.5', { addresses: 12.5 }, RangeError, range('addresses')],
  ['addresses: "40"', { addresses: '40' }, TypeError, range('addresses')],
  ['addresses: 10001', { addresses: 10_001 }, RangeError, range('addresses')],
  ['maxMinedTransactions: -1', { maxMinedTransactions: -1 }, RangeError, range('maxMinedTransactions')],
  ['maxMinedTransactions: 0.5', { maxMinedTransactions: 0.5 }, RangeError, range('maxMinedTransactions')],
  [
    'maxMinedTransactions: Infinity',
    { maxMinedTransactions: Number.POSITIVE_INFINITY },
    RangeError,
    range('maxMinedTransactions'),
  ],
  ['maxMinedTransactions: "5"', { maxMinedTransactions: '5' }, TypeError, range('maxMinedTransactions')],
  ['a misspelled option', { blokcs: 40 }, TypeError, /^createWorld has no option "blokcs" \(options: seed, /],
  ['null options', null, TypeError, /^createWorld options must be an object, got null/],
  ['a number as options', 40, TypeError, /^createWorld options must be an object, got number 40/],
  [
    'a world too large to generate',
    { blocks: 10_000, transactionsPerBlock: 1_000 },
    RangeError,
    new RegExp(
      `^blocks × transactionsPerBlock must be at most ${MAX_GENERATED_TRANSACTIONS} .*got 10000 × 1000 = 10000000$`,
    ),
  ],
];

describe('createWorld options', () => {
  it.each(CASES)('refuses %s, naming the option and its range', (_name, options, type, message) => {
    // Each of these would hang, exhaust the heap or build a wrong world if any generation ran first.
    const create = () => createWorld(options as Parameters<typeof createWorld>[0]);
    expect(create).toThrow(type);
    expect(create).toThrow(message);
  });

  it('says what the value was', () => {
    expect(() => createWorld({ blocks: '40' } as never)).toThrow(/got the string "40"$/);
    expect(() => createWorld({ blocks: Number.NaN })).toThrow(/got number NaN$/);
  });

  it('accepts each bound, undefined values and the defaults', () => {
    expect(createWorld({ seed: 3, blocks: 1 }).tip.height).toBe(1);
    expect(createWorld({ seed: -7, blocks: 2, transactionsPerBlock: 1, addresses: 0 }).tip.height).toBe(2);
    expect(createWorld({ seed: 3, blocks: 5, maxMinedTransactions: 0 }).tip.height).toBe(5);
    expect(createWorld({ seed: 3, blocks: undefined } as never).tip.height).toBe(300);
    expect(createWorld().tip.height).toBe(300);
  });
});
