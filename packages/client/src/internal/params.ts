import type { PageRequest } from './exact-pager.js';
import type { HeadersOption } from './transport.js';

/** The caller's query with the slice the pager wants; the caller's own `limit`/`offset`/`cursor` give way. */
export function pageQuery<Q extends { limit?: number; offset?: number }>(query: Q, request: PageRequest): Q {
  const { limit: _limit, offset: _offset, cursor: _cursor, ...rest } = query as Q & { cursor?: string };
  const out: Record<string, unknown> = { ...rest, offset: request.offset };
  if (request.limit !== undefined) out.limit = request.limit;
  if (request.cursor !== undefined) out.cursor = request.cursor;
  return out as Q;
}

/** The server wants `0x`-prefixed hex: without it, it redirects (burn block hash) or fails (tx id). */
export function withHexPrefix(hex: string): string {
  return /^0x/i.test(hex) ? `0x${hex.slice(2)}` : `0x${hex}`;
}

/** Name/value pairs of a headers option, skipping `undefined` values. */
export function headerEntries(headers: HeadersOption | undefined): [string, string][] {
  if (!headers) return [];
  if (headers instanceof Headers) return [...headers.entries()];
  return Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined);
}
