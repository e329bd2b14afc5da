import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type World } from '../../src/world';
import { allAddressTransactions, allTransfers, page } from './helpers';

let world: World;
let busy: string;
let quiet: string;
let full: string[];

const ids = (rows: readonly { tx: { tx_id: string } }[]) => rows.map((r) => r.tx.tx_id);
const cursorOf = (row: { tx: { block_height: number; tx_index: number } } | undefined) => {
  if (!row) return null;
  const block = world.getBlockByHeight(row.tx.block_height);
  return `${block?.index_block_hash}:2147483647:${row.tx.tx_index}`;
};

beforeAll(() => {
  world = createWorld({ seed: 11, blocks: 120 });
  busy = world.fixtures.address;
  full = ids(allAddressTransactions(world, busy));
  quiet =
    world.principals().find((p) => {
      const total = page(world, p, { limit: 0, offset: 0 }).total;
      return total >= 2 && total <= 10 && !full.includes(allAddressTransactions(world, p)[1]?.tx.tx_id ?? '');
    }) ?? '';
  expect(quiet).not.toBe('');
});

describe('listAddressTransactions', () => {
  it('returns the limit/offset slice of the full newest-first list (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: full.length + 60 }),
        (limit, offset) => {
          const p = page(world, busy, { limit, offset });
          expect(ids(p.results)).toEqual(full.slice(offset, offset + limit));
          expect(p.total).toBe(full.length);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('lists real transactions of their blocks, newest first, each once (checked against the blocks)', () => {
    const rows = allAddressTransactions(world, busy);
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      expect(world.getBlockByHeight(row.tx.block_height)?.txs).toContain(row.tx.tx_id);
      expect(seen.has(row.tx.tx_id)).toBe(false);
      seen.add(row.tx.tx_id);
      const newer = rows[index - 1]?.tx;
      if (newer) {
        const older = newer.block_height > row.tx.block_height;
        expect(
          older || (newer.block_height === row.tx.block_height && newer.tx_index > row.tx.tx_index),
        ).toBe(true);
      }
    });
  });

  // The cursors are checked by where they lead, not by restating how they are built: `cursor` reopens the
  // same page, `prev_cursor` the next older one, `next_cursor` the newer one.
  it('has cursors that lead to the same, the older and the newer page (property)', () => {
    const rows = allAddressTransactions(world, busy);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: rows.length - 1 }),
        (limit, offset) => {
          const p = page(world, busy, { limit, offset });
          const at = (cursor: string | null) =>
            cursor === null ? null : ids(page(world, busy, { limit, offset: 0, cursor }).results);
          expect(at(p.cursor)).toEqual(ids(p.results));
          expect(at(p.prev_cursor)).toEqual(
            offset + limit < rows.length
              ? ids(page(world, busy, { limit, offset: offset + limit }).results)
              : null,
          );
          expect(at(p.next_cursor)).toEqual(
            offset === 0
              ? null
              : ids(page(world, busy, { limit, offset: Math.max(0, offset - limit) }).results),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('starts at the cursor row and applies the offset after it (property)', () => {
    const rows = allAddressTransactions(world, busy);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: rows.length - 1 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 80 }),
        (at, limit, offset) => {
          const p = page(world, busy, { limit, offset, cursor: cursorOf(rows[at]) ?? '' });
          expect(ids(p.results)).toEqual(full.slice(at + offset, at + offset + limit));
          expect(p.total).toBe(full.length);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('walks the whole list by following prev_cursor, and back by next_cursor', () => {
    const seen: string[] = [];
    const firsts: string[] = [];
    let p = page(world, busy, { limit: 37, offset: 0 });
    for (;;) {
      seen.push(...ids(p.results));
      firsts.push(p.cursor ?? '');
      if (p.prev_cursor === null) break;
      p = page(world, busy, { limit: 37, offset: 0, cursor: p.prev_cursor });
    }
    expect(seen).toEqual(full);
    const back: string[] = [];
    while (p.next_cursor !== null) {
      p = page(world, busy, { limit: 37, offset: 0, cursor: p.next_cursor });
      back.push(p.cursor ?? '');
    }
    expect(back).toEqual(firsts.slice(0, -1).reverse());
  });

  it('accepts a cursor of a row that is not the address own: rows at or older than it', () => {
    const other = allAddressTransactions(world, quiet)[1];
    const cursor = cursorOf(other) ?? '';
    const p = page(world, busy, { limit: 5, offset: 0, cursor });
    const older = allAddressTransactions(world, busy).filter(
      (r) =>
        r.tx.block_height < (other?.tx.block_height ?? 0) ||
        (r.tx.block_height === other?.tx.block_height && r.tx.tx_index <= (other?.tx.tx_index ?? 0)),
    );
    expect(ids(p.results)).toEqual(ids(older.slice(0, 5)));
  });

  it.each([
    ['two parts', 'abc:1', 'Invalid cursor format'],
    ['four parts', 'a:1:2:3', 'Invalid cursor format'],
    ['non-numeric index', `0x${'a'.repeat(64)}:2147483647:x`, 'Invalid cursor format'],
    ['empty', '', 'Invalid cursor format'],
    ['unknown block', `0x${'a'.repeat(64)}:2147483647:1`, 'Invalid cursor: block not found'],
  ] as const)('rejects a cursor with %s', (_name, cursor, error) => {
    expect(world.listAddressTransactions(busy, { limit: 5, offset: 0, cursor })).toEqual({ error });
  });

  it('answers limit=0 with an empty page that still knows its position and total', () => {
    const p = page(world, busy, { limit: 0, offset: 3 });
    expect(p.results).toEqual([]);
    expect(p.total).toBe(full.length);
    expect(p.cursor).toBe(cursorOf(allAddressTransactions(world, busy)[3]));
    expect([p.next_cursor, p.prev_cursor]).toEqual([null, null]);
  });

  it('answers an unknown principal with an empty page', () => {
    const p = page(world, 'SP000000000000000000002Q6VF78.nothing-here', { limit: 20, offset: 0 });
    expect(p).toEqual({ total: 0, results: [], cursor: null, next_cursor: null, prev_cursor: null });
  });

  it('omits function_args on request', () => {
    const calls = page(world, busy, { limit: 50, offset: 0, excludeFunctionArgs: true }).results.filter(
      (r) => r.tx.tx_type === 'contract_call',
    );
    expect(calls.length).toBeGreaterThan(0);
    for (const r of calls)
      if (r.tx.tx_type === 'contract_call') expect('function_args' in r.tx.contract_call).toBe(false);
  });
});

describe('listTransactionsWithTransfers', () => {
  // The oracle comes from the blocks, not from the query code: the principal's transactions of one block are
  // that block's own transaction list (newest first, as upstream's blocks list them), kept to those in the
  // unfiltered list.
  // A list "until h" is then the blocks h, h-1, ... 0 one after the other. Heights include negative ones and
  // heights past the tip, which name no block (upstream: `WHERE block_height = -5` matches nothing).
  it('returns the limit/offset slice of one block, or of the blocks up to one, as the blocks say (property)', () => {
    const mine = new Set(ids(allTransfers(world, busy)));
    const ofBlock = (height: number) =>
      (world.getBlockByHeight(height)?.txs ?? []).filter((id) => mine.has(id));
    const upTo = (height: number) =>
      Array.from({ length: Math.max(0, height + 1) }, (_, index) => ofBlock(height - index)).flat();
    const busyHeights = [...new Set(allTransfers(world, busy).map((r) => r.tx.block_height))];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 60 }),
        fc.oneof(
          fc.constant(0),
          fc.constantFrom(...busyHeights),
          fc.integer({ min: -2_147_483_648, max: -1 }),
          fc.integer({ min: -3, max: world.tip.height + 3 }),
        ),
        fc.oneof(fc.constant(undefined), fc.integer({ min: 1, max: world.tip.height + 5 })),
        (limit, offset, height, until) => {
          // `height=0` is "not given"; upstream refuses `height` with `until_block`, so each is tried alone.
          const expected = height !== 0 ? ofBlock(height) : until === undefined ? [...mine] : upTo(until);
          const q = {
            limit,
            offset,
            unanchored: false,
            height,
            ...(until === undefined || height !== 0 ? {} : { untilBlockHeight: until }),
          };
          const p = world.listTransactionsWithTransfers(busy, q);
          const rows = expected.slice(offset, offset + limit);
          expect(ids(p.results)).toEqual(rows);
          // The whole list's total on a page with rows; 0 on an empty one (upstream's window count).
          expect(p.total).toBe(rows.length > 0 ? expected.length : 0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each([
    ['a negative height', { height: -1 }],
    ['the lowest 32-bit height', { height: -2_147_483_648 }],
    ['a height past the tip', { height: 1_000_000 }],
  ])('answers %s with an empty page', (_, filter) => {
    const p = world.listTransactionsWithTransfers(busy, {
      limit: 20,
      offset: 0,
      unanchored: false,
      ...filter,
    });
    expect(p).toEqual({ total: 0, results: [] });
  });
});

describe('listAddressTransactionEvents', () => {
  it('returns the limit/offset slice of the events by event_index (property)', () => {
    const { txId } = world.fixtures;
    const all = world.listAddressTransactionEvents(busy, txId, { limit: 50, offset: 0 }).results;
    expect(all.map((e) => e.event_index)).toEqual([...all.map((e) => e.event_index)].sort((a, b) => a - b));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 10 }), (limit, offset) => {
        const p = world.listAddressTransactionEvents(busy, txId, { limit, offset });
        expect(p).toEqual({ total: all.length, results: all.slice(offset, offset + limit) });
      }),
    );
  });

  it('answers an empty page for a transaction that does not touch the address, or an unknown one', () => {
    const { txId } = world.fixtures;
    expect(world.listAddressTransactionEvents(quiet, txId, { limit: 20, offset: 0 })).toEqual({
      total: 0,
      results: [],
    });
    expect(world.listAddressTransactionEvents(busy, `0x${'0'.repeat(64)}`, { limit: 20, offset: 0 })).toEqual(
      {
        total: 0,
        results: [],
      },
    );
  });
});
