import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { RawJson } from '../../src/internal/raw-json';
import { createWorld, listingsOf, type World, worldVersion } from '../../src/world';
import { page, principalsByActivity } from './helpers';

let world: World;
let principals: string[];
let cursors: string[];

const text = (results: unknown) => (results instanceof RawJson ? results.text : JSON.stringify(results));

beforeAll(() => {
  world = createWorld({ seed: 5, blocks: 120 });
  // The busiest principals (deep lists), contracts among them, and a few quiet ones.
  const ranked = principalsByActivity(world);
  principals = [...ranked.slice(0, 6), ...ranked.slice(-4), 'SP000000000000000000002Q6VF78.nothing-here'];
  const first = page(world, ranked[0] as string, { limit: 50, offset: 0 });
  cursors = [first.cursor, first.prev_cursor, 'bad', `0x${'0'.repeat(64)}:2147483647:0`].filter(
    (c): c is string => c !== null,
  );
});

describe('listingsOf', () => {
  it('gives endpoint-5 pages whose JSON is the World method’s answer, byte for byte (property)', () => {
    const listings = listingsOf(world);
    fc.assert(
      fc.property(
        fc.constantFrom(...principals),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 1200 }),
        fc.option(fc.constantFrom(...cursors), { nil: undefined }),
        fc.boolean(),
        (address, limit, offset, cursor, excludeFunctionArgs) => {
          const request = { limit, offset, excludeFunctionArgs, ...(cursor === undefined ? {} : { cursor }) };
          const expected = world.listAddressTransactions(address, request);
          const actual = listings.listAddressTransactions(address, request);
          if ('error' in expected) {
            expect(actual).toEqual(expected);
            return;
          }
          expect('error' in actual).toBe(false);
          if ('error' in actual) return;
          expect(text(actual.results)).toBe(JSON.stringify(expected.results));
          expect([actual.total, actual.cursor, actual.next_cursor, actual.prev_cursor]).toEqual([
            expected.total,
            expected.cursor,
            expected.next_cursor,
            expected.prev_cursor,
          ]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives endpoint-4 pages whose JSON is the World method’s answer, byte for byte (property)', () => {
    const listings = listingsOf(world);
    fc.assert(
      fc.property(
        fc.constantFrom(...principals),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 1200 }),
        fc.option(fc.integer({ min: 1, max: 125 }), { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 125 }), { nil: undefined }),
        (principal, limit, offset, height, untilBlockHeight) => {
          const q = {
            limit,
            offset,
            unanchored: false,
            ...(height === undefined ? {} : { height }),
            ...(untilBlockHeight === undefined ? {} : { untilBlockHeight }),
          };
          const expected = world.listTransactionsWithTransfers(principal, q);
          const actual = listings.listTransactionsWithTransfers(principal, q);
          expect(actual.total).toBe(expected.total);
          expect(text(actual.results)).toBe(JSON.stringify(expected.results));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers through the World methods for a world not made by createWorld', () => {
    const wrapped: World = Object.create(world);
    expect(listingsOf(wrapped)).toBe(wrapped);
    expect(worldVersion(wrapped)).toBeUndefined();
  });
});

describe('World answers next to the serialized listings', () => {
  it('stay fresh objects: changing one changes neither the world nor the JSON served afterwards', () => {
    const w = createWorld({ seed: 5, blocks: 60 });
    const [address] = principalsByActivity(w);
    const request = { limit: 10, offset: 0 };
    const served = text(
      (listingsOf(w).listAddressTransactions(address as string, request) as { results: unknown }).results,
    );
    const mine = page(w, address as string, request);
    const row = mine.results[0];
    if (!row) throw new Error('no rows');
    row.tx.tx_id = 'changed';
    row.tx.post_conditions.length = 0;
    row.events.stx.transfer = 999;
    expect(page(w, address as string, request).results[0]?.tx.tx_id).not.toBe('changed');
    const again = listingsOf(w).listAddressTransactions(address as string, request) as { results: unknown };
    expect(text(again.results)).toBe(served);
    expect(JSON.stringify(page(w, address as string, request).results)).toBe(served);
  });
});

describe('worldVersion', () => {
  it('moves on every mutation and on nothing else', () => {
    const w = createWorld({ seed: 2, blocks: 30 });
    const versions = [worldVersion(w)];
    const read = () => {
      w.listAddressTransactions(w.fixtures.address, { limit: 5, offset: 0 });
      w.getBrc20Token('ordi');
      void w.tip;
      versions.push(worldVersion(w));
    };
    read();
    w.mineBlock();
    versions.push(worldVersion(w));
    read();
    w.addBrc20Token({ ticker: 'abcd' });
    versions.push(worldVersion(w));
    w.addContract({ contractId: `${w.fixtures.address}.added`, status: 'pending' });
    versions.push(worldVersion(w));
    w.addContract({ contractId: `${w.fixtures.address}.mined` });
    versions.push(worldVersion(w));
    expect(versions).toEqual([0, 0, 1, 1, 2, 3, 4]);
  });
});
