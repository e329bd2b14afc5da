/**
 * Names the next page of a list exactly, as plain JSON (store it, send it over the wire, put it in a TanStack
 * Query cache): pass it back as `pageParam` in the list call's options to get exactly the page that follows,
 * with no row repeated or skipped even if blocks were mined or re-orged in between.
 *
 * It is the pager's one representation of a position: the row delivered last (`last`, its id and block) and its
 * place, counted by the rows older than it (`total - offset`), which nothing at the head of the list changes. With a
 * `cursor` (the address-transactions list), position `p` is row `p` after that cursor. Without one, position `p` is
 * offset `p` of the list when it had `total` rows; new rows arrive at the head, so a later request finds position
 * `p` at offset `p + (newTotal - total)`. After a re-org the pager may move the frame (a new `cursor` and `total`).
 */
export interface PageParam {
  /** The first page's `cursor`, which pins the positions; `null` for lists paged by offset alone. */
  cursor: string | null;
  /** Position of the next row to deliver. */
  offset: number;
  /** Rows of the list counted from its position 0 (with a cursor: from the cursor down) when positions were set. */
  total: number;
  /** Position past the last row of the list (rows newer than its first page are never part of it); `null` if not known yet. */
  end: number | null;
  /** Rows per request. */
  limit: number;
  /** Growth of `total` last observed since the first page (a hint for aiming the next request). */
  growth: number;
  /**
   * The row before the next one (its identity and block): the next page is the rows right after it. If a re-org
   * moved the rows under it, it is found again from the head of the list; if a re-org orphaned it,
   * `ListReorgedError` says no page can follow it. `null` or absent: not checked (params made before this field).
   */
  last?: string | null;
}

/** A page as plain JSON (what `page.toJSON()` returns), with what names the page after it. */
export interface PageData<TItem> {
  /** Items of the page. */
  results: TItem[];
  /** Total number of items of the list, as reported with this page. */
  total: number;
  /** Page size the server applied. */
  limit: number;
  /** Offset the server applied. */
  offset: number;
  /**
   * What names the page after this one: pass it as `pageParam` to the same list call (same arguments) to get that
   * page, exact even if blocks were mined in between. `null` when no page follows.
   */
  nextPageParam: PageParam | null;
}

/** Where a list call starts: the query's `offset` / `limit` / `cursor`. */
export interface ListStart {
  limit?: number | undefined;
  offset?: number | undefined;
  cursor?: string | undefined;
}
