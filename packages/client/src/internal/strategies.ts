import type { WithResponse } from '../api-promise.js';
import type { ListStart } from '../page-param.js';

/** The envelope of every list answer; the v3 lists (paged by position) have `cursor: { next, ... }`, no `offset`. */
export interface PageBody<TItem> {
  limit: number;
  offset?: number;
  total: number;
  results: TItem[];
}

/** One request for a slice of a list (no `limit`: a first page the caller did not size). */
export interface PageRequest extends ListStart {
  offset: number;
}

/** A position in a list: the row read last, by what the rule needs of it. */
export interface Pos {
  /** The row's identity (none for the row a page param names). */
  id?: unknown;
  /** The identity and the block: a row with this key is the same row in the same place (`''`: not checked). */
  key: string;
  /** Rows older than this one, which growth at the head does not change; -1 in lists paged by position. */
  older: number;
  /** The row's own position cursor (the v3 lists), else `null`. */
  cursor: string | null;
  row?: unknown;
}

/** What a strategy keeps between the requests of one walk of a list. */
export interface ListState {
  total: number;
  /** The first page's cursor, which pins offsets below it, and that row's count of older rows. */
  anchor?: { cursor: string; older: number } | undefined;
  /** Growth of the total the last answer showed, and how far ahead of the total the next request aims. */
  grew: number;
  ahead: number;
}

/** One answer seen from the position it was asked from (with `T`, what it came in): the rows after it, or why not. */
export type Read<T = unknown> =
  | ({ ok: true; pos: Pos[]; done: boolean; gap: number } & T)
  /** `grew`: the list outgrew the window asked for, aim again; else the row is not where it must be (a re-org). */
  | { ok: false; grew: boolean };

type Body = PageBody<unknown> & { cursor?: unknown; prev_cursor?: unknown };
type Source = Pick<PageSource<never, never>, 'identity' | 'key' | 'strategy'>;

/** How the pager reaches one list operation: `fetch` a slice (with the call's query, retries, timeouts). */
export interface PageSource<TItem, TBody extends PageBody<TItem>> {
  fetch(request: PageRequest, signal: AbortSignal | undefined): Promise<WithResponse<TBody>>;
  /** A value that differs between any two distinct items of this list (a transaction id, an event index). */
  identity(item: TItem): unknown;
  /** The identity and the block: answers giving a row the same key agree on it and every older row. */
  key?(item: TItem): string;
  strategy: Strategy;
  /** Largest `limit` the operation accepts (default {@link MAX_PAGE_SIZE}). */
  max?: number | undefined;
}

/** How a list is paged: by offset, by the first page's cursor (`anchor`), or by each row's `position` cursor. */
export interface Strategy {
  /** The row's own cursor (the v3 lists): requests carry no offset, page params the row's cursor. */
  position?: ((item: never) => string) | undefined;
  /** The cursor that pins the offsets below a page read from the head (`null`: offsets of the list as it is). */
  anchor?(body: Body): string | null;
  /** The request for `size` rows after `mark` (with `mark` first), or the head's first `size` rows. */
  query(mark: Pos | undefined, size: number, max: number, state: ListState): PageRequest;
  /** The rows after `mark` (none: the head's); from the `from`th on (a first page's param needs its last alone). */
  read(body: Body, asked: PageRequest, mark: Pos | undefined, s: ListState, src: Source, from?: number): Read;
}

/** Positions of an answer's rows from the `from`th on, the first row having `top` older rows (-1: not counted). */
const positions = (rows: unknown[], top: number, { identity, key, strategy }: Source, from = 0): Pos[] =>
  rows.slice(from).map((row, i) => {
    const [id, cursor] = [identity(row as never), strategy.position?.(row as never) ?? null];
    return { id, key: key?.(row as never) ?? String(id), older: top < 0 ? -1 : top - i - from, cursor, row };
  });

/**
 * Offsets pinned by an anchor (a row is `cursor=<anchor>&offset=<rows above it>`, which growth does not move), else
 * the list's total less the mark's older rows, in a window of twice the rows asked for: growth under a page between
 * two answers still shows the mark. Where the server's largest page cannot hold that, aim ahead by the smaller of the
 * last two growths.
 */
function query(mark: Pos | undefined, size: number, max: number, s: ListState): PageRequest {
  if (mark === undefined) return { offset: 0, limit: size };
  if (s.anchor) {
    const { cursor, older } = s.anchor;
    return { cursor, offset: older - mark.older, limit: Math.min(size + 1, max, mark.older + 1) };
  }
  const ahead = 2 * size + 1 > max ? s.ahead : 0;
  return { offset: Math.max(0, s.total + ahead - mark.older - 1), limit: Math.min(2 * size + 1, max) };
}

/** The mark sits where its count of older rows puts it; past the window after growth is a miss. */
const read: Strategy['read'] = (body, request, mark, s, source, from = 0) => {
  const [top, anchor] = [body.total - 1 - (body.offset ?? request.offset), source.strategy.anchor?.(body)];
  if (mark === undefined) s.anchor = anchor ? { cursor: anchor, older: top } : undefined;
  const grew = mark === undefined || s.anchor ? 0 : Math.max(0, body.total - s.total);
  const aimed = s.ahead;
  [s.ahead, s.grew, s.total] = [Math.min(s.grew, grew), grew, body.total];
  const older = s.anchor && mark ? s.anchor.older - request.offset : top;
  const pos = positions(body.results, older, source, from);
  const short = body.results.length < (request.limit ?? 0) || body.prev_cursor === null;
  const last = pos.at(-1)?.older ?? 0;
  // A short answer whose last row still has older rows: the list ended before the total it announced.
  const ok = { ok: true as const, pos, done: short || last <= 0, gap: short ? Math.max(0, last) : 0 };
  if (mark === undefined) return ok;
  const at = older - mark.older;
  // Older rows only, aimed ahead of growth that did not come: ask again without the aim.
  if ((grew > 0 && !ok.done && at >= pos.length - 1) || (at < 0 && aimed > 0)) {
    s.ahead = 0;
    return { ok: false, grew: true };
  }
  if (at < 0 || at >= pos.length || (mark.key !== '' && pos[at]?.key !== mark.key))
    return { ok: false, grew: false };
  return { ...ok, pos: pos.slice(at + 1) };
};

/** By offset. */
export const OFFSET: Strategy = { query, read };

/** By the first page's `cursor` (the address-transactions list); by offset until there is one. */
export const CURSOR: Strategy = {
  anchor: (body) => (typeof body.cursor === 'string' ? body.cursor : null),
  query,
  read,
};

/** By each row's position cursor (the v3 lists): answered from the row passed as `cursor` down; never prefetched. */
export function byPosition(position: (item: never) => string): Strategy {
  return {
    position,
    query: (mark, size, max) => ({
      offset: 0,
      cursor: mark?.cursor ?? undefined,
      limit: Math.min(max, mark ? size + 1 : size),
    }),
    read(body, _request, mark, s, source, from) {
      s.total = body.total;
      const pos = positions(body.results, -1, source, from);
      const done = (body.cursor as { next?: unknown } | undefined)?.next === null;
      const ok = { ok: true, pos, done, gap: 0 } as const;
      if (mark === undefined) return ok;
      if (mark.key !== '' && pos[0]?.key !== mark.key) return { ok: false, grew: false };
      return { ...ok, pos: pos.slice(1) };
    },
  };
}
