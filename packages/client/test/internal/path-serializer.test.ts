import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializePath, serializeQuery } from '../../src/internal/http.js';

const BASE = 'https://api.hiro.so';
const TOKENS = `${BASE}/ordinals/v1/brc-20/tokens/{ticker}`;
const EVENTS = `${BASE}/extended/v2/addresses/{address}/transactions/{tx_id}/events`;

/** The path `fetch` will request: what the URL parser makes of the serialized URL. */
const requested = (url: string) => new URL(new Request(url).url).pathname;

describe('serializePath', () => {
  it.each([
    ['ordi', '/ordinals/v1/brc-20/tokens/ordi'],
    ['..', '/ordinals/v1/brc-20/tokens/%252E%252E'],
    ['.', '/ordinals/v1/brc-20/tokens/%252E'],
    ['...', '/ordinals/v1/brc-20/tokens/...'],
    ['../..', '/ordinals/v1/brc-20/tokens/..%2F..'],
    ['%2E%2E', '/ordinals/v1/brc-20/tokens/%252E%252E'],
    ['a?b#c', '/ordinals/v1/brc-20/tokens/a%3Fb%23c'],
    ['\r\nX: 1', '/ordinals/v1/brc-20/tokens/%0D%0AX%3A%201'],
    ['a\\b', '/ordinals/v1/brc-20/tokens/a%5Cb'],
  ])('keeps the ticker %j one segment of the tokens route', (ticker, path) => {
    expect(requested(serializePath(TOKENS, { ticker }))).toBe(path);
  });

  it('fills every placeholder, numbers included', () => {
    expect(serializePath(`${BASE}/x/{h}/y/{id}`, { h: 744603, id: 'a' })).toBe(`${BASE}/x/744603/y/a`);
  });

  it('fills only `{name}` with a non-empty name, the innermost brace pair, and leaves other text as it is', () => {
    expect(serializePath(`${BASE}/no/params`, {})).toBe(`${BASE}/no/params`);
    expect(serializePath(`${BASE}/{}/}{/{a{b}/{b}`, { a: 'A', b: 'B' })).toBe(`${BASE}/{}/}{/{aB/B`);
  });

  // Values are checked before they get here, by the operation's row (params.test.ts: missing, null, empty, an array,
  // an object, a lone surrogate).

  it('keeps any non-empty value inside its own segment, and intact unless it is a dot segment', () => {
    const value = fc.string({ minLength: 1, maxLength: 12, unit: 'binary' });
    fc.assert(
      fc.property(value, value, (address, txId) => {
        const path = requested(serializePath(EVENTS, { address, tx_id: txId }));
        const segments = path.split('/');
        expect(segments).toHaveLength(8);
        expect(segments.slice(0, 4)).toEqual(['', 'extended', 'v2', 'addresses']);
        expect(segments[5]).toBe('transactions');
        expect(segments[7]).toBe('events');
        const dots = (v: string) => (v === '.' || v === '..' ? v.replaceAll('.', '%2E') : v);
        expect(decodeURIComponent(segments[4] as string)).toBe(dots(address));
        expect(decodeURIComponent(segments[6] as string)).toBe(dots(txId));
      }),
      { numRuns: 500 },
    );
    // 500 runs take well under a second alone; the generous limit is for a machine shared with other jobs.
  }, 60_000);
});

describe('serializeQuery', () => {
  // biome-ignore lint/suspicious/noSparseArray: a hole is skipped, as `undefined` and `null` values are.
  const holey = [1, , 2];
  it.each([
    ['no query', undefined, ''],
    [
      'scalars in key order',
      { limit: 20, unanchored: true, cursor: 'a b' },
      'limit=20&unanchored=true&cursor=a%20b',
    ],
    ['undefined and null skipped', { offset: undefined, limit: 5, cursor: null }, 'limit=5'],
    ['arrays exploded', { type: ['a', 'b'], limit: 1 }, 'type=a&type=b&limit=1'],
    ['an empty array sends nothing', { type: [] }, ''],
    ['holes of an array skipped, undefined and null items written', { type: holey }, 'type=1&type=2'],
    ['items written as text', { type: [undefined, null] }, 'type=undefined&type=null'],
  ])('%s', (_name, query, want) => {
    expect(serializeQuery(query as Record<string, unknown> | undefined)).toBe(want);
  });

  it.each([
    ['an object', { q: { a: 1 } }],
    ['an object in an array', { q: ['a', { a: 1 }] }],
    ['a nested array', { q: [['a']] }],
  ])('refuses %s with a TypeError naming the parameter', (_name, query) => {
    expect(() => serializeQuery(query)).toThrow(
      new TypeError('query parameter q must be a string, number or boolean; got an object'),
    );
  });
});
