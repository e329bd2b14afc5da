import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClient, type PageParam, ResponseParseError } from '../src/index.js';

// Issue 21.7: pages whose `total` (or `limit`, `offset`) no position can be computed from. Every page the client
// accepts gives a page param it accepts back; a number it cannot trust is a ResponseParseError; no request ever
// carries NaN.

const ADDRESS = 'SP2ZP4GJDZJ1FDHTQ963F0292PE9J9752TZJ68F21';

function row(i: number) {
  return { tx: { tx_id: `0x${String(i).padStart(64, '0')}`, block_hash: '0xb', tx_index: i } };
}

/** A server answering every request with `body` (raw JSON text), recording the URLs asked for. */
function server(body: (url: URL) => string) {
  const urls: URL[] = [];
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    urls.push(url);
    return new Response(body(url), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { client: createClient({ fetch, retry: false }), urls };
}

describe('pages with totals no position can be computed from', () => {
  it.each([
    ['1e400', 'total', '`total` is a non-negative integer; got Infinity'],
    ['400.5', 'total', '`total` is a non-negative integer; got 400.5'],
    ['-5', 'total', '`total` is a non-negative integer; got -5'],
    ['"400"', 'total', '`total` is a non-negative integer; got string'],
    ['1e400', 'offset', '`offset` is a non-negative integer; got Infinity'],
    ['2.5', 'limit', '`limit` is a non-negative integer; got 2.5'],
  ])(
    'a %s %s is a ResponseParseError, for the first page and while iterating',
    async (value, field, message) => {
      const fields: Record<string, string> = { limit: '50', offset: '0', total: '400' };
      fields[field] = value;
      const results = JSON.stringify(Array.from({ length: 50 }, (_, i) => row(i)));
      const text = `{"limit":${fields.limit},"offset":${fields.offset},"total":${fields.total},"results":${results}}`;
      const { client, urls } = server(() => text);
      const first = await client.getAccountTransactionsWithTransfers(ADDRESS).catch((e: unknown) => e);
      expect(first).toBeInstanceOf(ResponseParseError);
      expect((first as Error).message).toContain(message);
      const iterated = await (async () => {
        for await (const _ of client.getAccountTransactionsWithTransfers(ADDRESS, {}, { pageSize: 50 }));
      })().catch((e: unknown) => e);
      expect(iterated).toBeInstanceOf(ResponseParseError);
      for (const url of urls) expect(url.search).not.toMatch(/NaN|Infinity/);
    },
  );

  it('a param from any page the client accepts is a param it accepts back', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          total: fc.oneof(fc.nat({ max: 1000 }), fc.constant(Number.MAX_SAFE_INTEGER)),
          offset: fc.nat({ max: 1000 }),
          limit: fc.integer({ min: 1, max: 50 }),
          count: fc.nat({ max: 50 }),
        }),
        async ({ total, offset, limit, count }) => {
          const text = (url: URL) =>
            JSON.stringify({
              limit,
              offset: Number(url.searchParams.get('offset')),
              total,
              results: Array.from({ length: count }, (_, i) =>
                row(i + Number(url.searchParams.get('offset'))),
              ),
            });
          const { client, urls } = server(text);
          const page = await client.getAccountTransactionsWithTransfers(ADDRESS, { offset, limit });
          const param = JSON.parse(JSON.stringify(page.nextPageParam)) as PageParam | null;
          if (param !== null) {
            const next = await client
              .getAccountTransactionsWithTransfers(ADDRESS, { limit }, { pageParam: param })
              .catch((e: unknown) => e);
            // The param is accepted: whatever the (odd) server answers next, never a TypeError blaming the caller.
            expect(next).not.toBeInstanceOf(TypeError);
            expect(next).not.toBeInstanceOf(RangeError);
          }
          for (const url of urls) expect(url.search).not.toMatch(/NaN|Infinity/);
        },
      ),
      { numRuns: 200 },
    );
  });
});
