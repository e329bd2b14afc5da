// The list kinds: how a request reads rows from a position, and where the row it overlaps sits in the answer.
// Measurement code for the line floor of pagination (see ../RESULTS.md), written without reading the client's pager.

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
  /** The answer's rows after `mark`, or why it cannot be followed. */
  read(body: Body, mark: Pos | undefined, state: KindState, spec: RowSpec): Read;
}

/** How a list spec names its rows (see lists.ts). */
export interface RowSpec {
  id(row: unknown): string;
  key(row: unknown): string;
  cursor(row: unknown): string;
  max: number;
}

export interface Body {
  results: unknown[];
  total: number;
  offset?: number;
  cursor?: string | { next: string | null } | null;
}

/** Positions each row of an answer whose first row has `older` older rows (cursor lists: -1, not counted). */
function positions(body: Body, older: number | undefined, spec: RowSpec): Pos[] {
  return body.results.map((row, i) => ({
    id: spec.id(row),
    key: spec.key(row),
    older: older === undefined ? -1 : older - i,
    cursor: spec.cursor(row),
  }));
}

/**
 * The rows after `mark` in an answer whose first row has `older` older rows. The overlapped row sits where its count
 * of older rows says; elsewhere or changed is a disagreement, past the answer's end after growth is a miss.
 */
function follow(body: Body, older: number, mark: Pos | undefined, grew: boolean, spec: RowSpec): Read {
  const pos = positions(body, older, spec);
  const done = (pos.at(-1)?.older ?? 0) <= 0;
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
  read(body, mark, state, spec) {
    const grew = body.total > state.total;
    state.total = body.total;
    return follow(body, body.total - (body.offset ?? 0) - 1, mark, grew, spec);
  },
};

/** An offset list with a cursor (getAddressTransactions): offsets below the head's first row, which growth leaves. */
export const anchoredKind: Kind = {
  query(mark, size, max, state) {
    if (mark === undefined || state.anchor === undefined) return { offset: '0', limit: String(size) };
    const offset = state.anchor.older - mark.older;
    return { cursor: state.anchor.cursor, offset: String(offset), limit: String(Math.min(size + 1, max)) };
  },
  read(body, mark, state, spec) {
    state.total = body.total;
    if (mark === undefined && typeof body.cursor === 'string') {
      state.anchor = { cursor: body.cursor, older: body.total - 1 };
    }
    const older = mark === undefined ? body.total - 1 : (state.anchor?.older ?? 0) - (body.offset ?? 0);
    return follow(body, older, mark, false, spec);
  },
};

/** Cursor lists (v3): each request starts at the mark's own position, so the mark must come first. */
export const cursorKind: Kind = {
  query(mark, size, max) {
    if (mark === undefined) return { limit: String(size) };
    return { cursor: mark.cursor, limit: String(Math.min(size + 1, max)) };
  },
  read(body, mark, state, spec) {
    state.total = body.total;
    const pos = positions(body, undefined, spec);
    const done = typeof body.cursor === 'object' && body.cursor?.next === null;
    if (mark === undefined) return { ok: true, rows: body.results, pos, done };
    if (pos[0]?.key !== mark.key) return { ok: false, grew: false };
    return { ok: true, rows: body.results.slice(1), pos: pos.slice(1), done };
  },
};
