// biome-ignore-all lint: measurement code, golfed for size on purpose; not product code.
// The one-page floor: product.ts (imported, not copied) plus a from-scratch `getAddressTransactions` whose awaited
// result is a page with what the client's README gives every page, and `getNextPage()` by the README's one rule for
// this list: every request is anchored on the first page's `cursor` (growth does not move it) and overlaps the row
// delivered last, a row is delivered only right after that row's key (id and block); when the answer does not show it
// there (a re-org, a cursor whose block is gone), the list is searched from its head for that row in its block, else
// `ListReorgedError`. Each behaviour beyond the bare page sits inside `/*<name*/ ... /*name>*/` markers:
// `one-page-price.ts` cuts each out to price it, `one-page-check.ts` fails when one is cut. Written from the README,
// the spec and the tests, not from the client's source.
import { getAddressTransactionsReplacement } from '@blockindex/spec/constants';
import type { AddressTransactionPage } from '@blockindex/spec/types';
import {
  BlockindexError,
  type CallOptions,
  CORE,
  type Core,
  check,
  named,
  ResponseParseError,
  segment,
} from './product.js';

export * from './product.js';

/** A re-org orphaned the row the next page follows: fetch the first page again. */
export const ListReorgedError = named('ListReorgedError', BlockindexError);
/** A page contradicts the list it belongs to (its `total`, or nothing after the position before the end). */
export const ListInconsistentError = named('ListInconsistentError', BlockindexError);

type Row = AddressTransactionPage['results'][number];
/** Where the next page starts, as plain JSON: the anchor cursor, the offset of the row delivered last under it, and
 * that row's key (id and block). */
export interface PageParam {
  cursor: string;
  offset: number;
  last: [string, string];
}
/** The query of the list call (the spec's, as the caller may give it). */
export interface AddressTransactionsQuery {
  limit?: number;
  offset?: number;
  exclude_function_args?: boolean;
}
/** One page: its rows (not the row before it, which the request also asked for), the list's size, the raw body and
 * response, and the next page. */
export interface Page {
  results: Row[];
  total: number;
  limit: number;
  offset: number;
  body: AddressTransactionPage;
  response: Response;
  nextPageParam: PageParam | null;
  hasNextPage(): boolean;
  getNextPage(options?: CallOptions): Promise<Page>;
  toJSON(): object;
}

const key = (r: any): [string, string] => [r.tx.tx_id, r.tx.block_hash];

/**
 * The first page of an address's transactions, or the page `pageParam` names.
 * @example const page = await getAddressTransactions(createCore(), 'SP...', { limit: 20 });
 */
export async function getAddressTransactions(
  core: Core,
  address: string,
  query: AddressTransactionsQuery = {},
  options: CallOptions & { pageParam?: PageParam } = {},
): Promise<Page> {
  const call = (core as any)?.[CORE];
  if (typeof call != 'function') throw new TypeError('core must come from createCore() or createClient()');
  const { pageParam: p, ...o } = options;
  /*<qcheck*/
  check(query, ['limit', 'offset', 'exclude_function_args'], 'query');
  for (const k of ['limit', 'offset'] as const) {
    const v = query[k];
    if (v !== undefined && !(Number.isInteger(v) && v >= 0))
      throw new RangeError(`query.${k} must be a non-negative integer; got ${v}`);
  }
  /*qcheck>*/
  /*<param*/
  // A param from JSON, checked: a wrong field is a TypeError naming it.
  if (p !== undefined)
    for (const [n, v, t] of [
      ['cursor', p?.cursor, 'string'],
      ['offset', p?.offset, 'number'],
      ['last[0]', p?.last?.[0], 'string'],
      ['last[1]', p?.last?.[1], 'string'],
    ])
      if (typeof v != t) throw new TypeError(`pageParam.${n} must be a ${t}`);
  /*param>*/
  const limit = Math.min(query.limit ?? 20, 50);
  const path = `/extended/v2/addresses/${segment('address', address)}/transactions?`;
  const get = async (q: Record<string, any>) => {
    const { data, response } = await call(
      'getAddressTransactions',
      path +
        new URLSearchParams({ ...q, ...(query.exclude_function_args && { exclude_function_args: 'true' }) }),
      0,
      o,
      getAddressTransactionsReplacement,
      '/extended/v2/addresses/{address}/transactions',
    );
    /*<pcheck*/
    // A page is checked: integers where the list counts, every row with its identity, none twice.
    for (const f of ['limit', 'offset', 'total'])
      if (!(Number.isInteger(data[f]) && data[f] >= 0))
        throw new ResponseParseError(
          `getAddressTransactions: ${f} must be a non-negative integer; got ${data[f]}`,
        );
    const ids = new Set();
    for (const r of data.results ?? [])
      if (typeof r?.tx?.tx_id != 'string' || ids.size == ids.add(r.tx.tx_id).size)
        throw new ResponseParseError(
          `getAddressTransactions: results: a row without its tx.tx_id, or twice in its page`,
        );
    if (
      data.results.length > data.limit ||
      (data.results.length && data.offset + data.results.length > data.total)
    )
      throw new ListInconsistentError(`the page's total contradicts its rows`);
    /*pcheck>*/
    return [data, response, data.results as Row[]] as const;
  };

  let [body, response, rows] = await get(
    p ? { cursor: p.cursor, offset: p.offset, limit: limit + 1 } : { limit, offset: query.offset ?? 0 },
  ).catch((e) => {
    // A cursor whose block is gone (404): the row is searched for below.
    if (p && e.status == 404) return [];
    throw e;
  });
  let cursor = p ? p.cursor : body!.cursor!;
  let at = p ? p.offset : body!.offset;
  if (p) {
    /*<reorg*/
    const same = (r: Row | undefined) => r && key(r)[0] == p.last[0] && key(r)[1] == p.last[1];
    if (!same(rows?.[0])) {
      // Not where it was: search the list from its head for that row, in its block.
      let found = -1;
      for (let k = 0; found < 0; k += 50) {
        const [b, , rs] = await get({ limit: 50, offset: k });
        const i = rs.findIndex((r) => key(r)[0] == p.last[0]);
        if (i >= 0 && !same(rs[i])) break;
        if (i >= 0) (found = i), (cursor = b.cursor!);
        if (!rs.length) break;
      }
      if (found < 0)
        throw new ListReorgedError('a re-org orphaned the row this page follows: fetch the first page again');
      [body, response, rows] = await get({ cursor, offset: (at = found), limit: limit + 1 });
      if (!same(rows[0]))
        throw new ListReorgedError('a re-org orphaned the row this page follows: fetch the first page again');
    }
    /*reorg>*/
    rows = rows!.slice(1);
    at++;
    /*<pcheck*/
    if (!rows.length && body!.prev_cursor)
      throw new ListInconsistentError('nothing after the row this page follows, before the end of the list');
    /*pcheck>*/
  }
  const total = body!.total;
  // Under a cursor `total` counts rows mined since too: `prev_cursor` says whether older rows follow.
  const nextPageParam =
    rows!.length && body!.prev_cursor
      ? { cursor, offset: at + rows!.length - 1, last: key(rows!.at(-1)) }
      : null;
  const page: Page = {
    results: rows!,
    total,
    limit: body!.limit,
    offset: at,
    body: body!,
    response: response!,
    nextPageParam,
    hasNextPage: () => !!nextPageParam,
    getNextPage: (x) =>
      nextPageParam
        ? getAddressTransactions(core, address, query, { ...o, ...x, pageParam: nextPageParam })
        : Promise.reject(new RangeError('this is the last page')),
    /*<tojson*/
    toJSON: () => ({ results: rows, total, limit: body!.limit, offset: at, nextPageParam }),
    /*tojson>*/
  } as Page;
  return page;
}
