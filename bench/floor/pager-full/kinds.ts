// The list kinds: how a request reads rows from a position, and where the row it overlaps sits in the answer.
// Measurement code for the line floor of pagination (see ../RESULTS.md), written without reading the client's pager.
import { ListInconsistentError } from '@blockindex/client';

/** A row the pager has read, by the identities the rule needs. */
export interface Pos {
  /** The row's identity: a transaction id, an event index, a block hash, an asset. */
  id: string;
  /** The identity and its block: a row with this key is the same row in the same place. */
  key: string;
  /** Rows older than this one (offset lists; -1 in cursor lists), which growth at the head does not change. */
  older: number;
  /** The request position of this row (cursor lists). */
  cursor: string;
}

/** What a kind keeps between requests of one iteration (the latest total, the anchor of an anchored list). */
export interface KindState {
  total: number;
  anchor?: { cursor: string; older: number } | undefined;
}

/** One answer, seen from the position it was asked from. */
export type Read =
  | { ok: true; rows: unknown[]; pos: Pos[]; done: boolean }
  /** The overlapped row is not where it must be: a re-org, a reset, a shrink. */
  | { ok: false; grew: false }
  /** The list grew past the rows asked for: aim again. */
  | { ok: false; grew: true };

export interface Kind {
  /** The query reading `size` rows after `mark` (with `mark` first), or the head's first `size` rows. */
  query(mark: Pos | undefined, size: number, max: number, state: KindState): Record<string, string>;
  /** The answer's rows after `mark`, or why it cannot be followed; `lastOnly`: the head's last position only. */
  read(body: Body, mark: Pos | undefined, state: KindState, spec: RowSpec, lastOnly: boolean): Read;
}

/** How a list spec names its rows (see lists.ts); the rows are checked (checks.ts) before these run. */
export interface RowSpec {
  id(row: unknown): string;
  key(row: unknown): string;
  cursor(row: unknown): string;
  max: number;
}

/** The fields of a list answer the pager reads, once checks.ts has checked them. */
export interface Body {
  results: unknown[];
  total: number;
  limit: number;
  offset?: number;
  cursor?: string | { next: string | null } | null;
  prev_cursor?: string | null;
}

/** Positions of the rows from `from` on, in an answer whose first row has `older` older rows (cursor lists: -1). */
function positions(body: Body, older: number | undefined, spec: RowSpec, from: number): Pos[] {
  return body.results.slice(from).map((row, i) => ({
    id: spec.id(row),
    key: spec.key(row),
    older: older === undefined ? -1 : older - from - i,
    cursor: spec.cursor(row),
  }));
}

/**
 * The rows after `mark` in an answer whose first row has `older` older rows. The overlapped row sits where its count
 * of older rows says; elsewhere or changed is a disagreement, past the answer's end after growth is a miss.
 */
function follow(
  body: Body,
  older: number,
  mark: Pos | undefined,
  grew: boolean,
  spec: RowSpec,
  lastOnly: boolean,
): Read {
  const n = body.results.length;
  const pos = positions(body, older, spec, mark === undefined && lastOnly ? Math.max(0, n - 1) : 0);
  // The anchored list from the caller's own cursor counts from an unknown row: its last page says so itself.
  const done = n === 0 || older - n + 1 <= 0 || body.prev_cursor === null;
  if (mark === undefined) return { ok: true, rows: body.results, pos, done };
  const at = older - mark.older;
  // Past the window, or at its end with nothing after it: the list grew under the request.
  if (grew && !done && at >= pos.length - 1) return { ok: false, grew: true };
  if (at < 0 || pos[at]?.key !== mark.key) return { ok: false, grew: false };
  return { ok: true, rows: body.results.slice(at + 1), pos: pos.slice(at + 1), done };
}

/** Offset lists: the mark's offset is the total less its older rows; growth between requests shifts it. */
export const offsetKind: Kind = {
  query(mark, size, max, state) {
    if (mark === undefined) return { offset: '0', limit: String(size) };
    const offset = Math.max(0, state.total - mark.older - 1);
    // Twice the page: growth of less than a page between two answers still shows the mark.
    return { offset: String(offset), limit: String(Math.min(2 * size + 1, max)) };
  },
  read(body, mark, state, spec, lastOnly) {
    const grew = body.total > state.total;
    state.total = body.total;
    // By the answer's own numbers, rows past `total`, or a short page before it, contradict each other.
    const n = body.results.length;
    const left = body.total - (body.offset ?? 0) - n;
    if ((n > 0 && left < 0) || (n < body.limit && left > 0)) {
      throw new ListInconsistentError(
        `a page of ${n} rows at offset ${body.offset} contradicts its total ${body.total}`,
      );
    }
    return follow(body, body.total - (body.offset ?? 0) - 1, mark, grew, spec, lastOnly);
  },
};

/** An offset list with a cursor (getAddressTransactions): offsets below the head's first row, which growth leaves. */
export const anchoredKind: Kind = {
  query(mark, size, max, state) {
    if (mark === undefined || state.anchor === undefined) return { offset: '0', limit: String(size) };
    const offset = state.anchor.older - mark.older;
    return { cursor: state.anchor.cursor, offset: String(offset), limit: String(Math.min(size + 1, max)) };
  },
  read(body, mark, state, spec, lastOnly) {
    state.total = body.total;
    // The answer's first row anchors the rest (the head's, or the row the caller's own cursor names).
    if (mark === undefined && typeof body.cursor === 'string') {
      state.anchor = { cursor: body.cursor, older: body.total - 1 };
    }
    const older = mark === undefined ? body.total - 1 : (state.anchor?.older ?? 0) - (body.offset ?? 0);
    return follow(body, older, mark, false, spec, lastOnly);
  },
};

/** Cursor lists (v3): each request starts at the mark's own position, so the mark must come first. */
export const cursorKind: Kind = {
  query(mark, size, max) {
    if (mark === undefined) return { limit: String(size) };
    return { cursor: mark.cursor, limit: String(Math.min(size + 1, max)) };
  },
  read(body, mark, state, spec, lastOnly) {
    state.total = body.total;
    const n = body.results.length;
    const pos = positions(body, undefined, spec, mark === undefined && lastOnly ? Math.max(0, n - 1) : 0);
    const done = typeof body.cursor === 'object' && body.cursor?.next === null;
    if (mark === undefined) return { ok: true, rows: body.results, pos, done };
    if (pos[0]?.key !== mark.key) return { ok: false, grew: false };
    return { ok: true, rows: body.results.slice(1), pos: pos.slice(1), done };
  },
};
