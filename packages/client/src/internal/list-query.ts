import type { PageRequest } from './exact-pager.js';

/** The caller's query with the slice the pager wants; the caller's own `limit`/`offset`/`cursor` give way. */
export function pageQuery<Q extends { limit?: number; offset?: number }>(query: Q, request: PageRequest): Q {
  const { limit: _limit, offset: _offset, cursor: _cursor, ...rest } = query as Q & { cursor?: string };
  const out: Record<string, unknown> = { ...rest, offset: request.offset };
  if (request.limit !== undefined) out.limit = request.limit;
  if (request.cursor !== undefined) out.cursor = request.cursor;
  return out as Q;
}
