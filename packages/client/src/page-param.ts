/**
 * Names the next page of a list exactly, as plain JSON (store it, send it, cache it): pass it back as `pageParam` to
 * get exactly the page that follows, no row repeated or skipped even if blocks were mined or re-orged in between.
 * A position is the row delivered last (`last`) and the rows older than it (`total - offset`), which nothing at the
 * head of the list changes: with a `cursor`, position `p` is row `p` after it; without, offset `p` of the list when
 * it had `total` rows (offset `p + newTotal - total` later). After a re-org the pager may move `cursor` and `total`.
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
   * The row before the next one (its identity and block), found again from the head if a re-org moved it;
   * `ListReorgedError` if one orphaned it. `null` or absent: not checked (params made before this field).
   */
  last?: string | null;
}

/** A page as plain JSON (what `page.toJSON()` returns). */
export interface PageData<TItem> {
  /** Items of the page. */
  results: TItem[];
  /** Total number of items of the list, as reported with this page. */
  total: number;
  /** Page size the server applied. */
  limit: number;
  /** Offset the server applied. */
  offset: number;
  /** Pass it as `pageParam` to the same list call for the page after this one; `null` when none follows. */
  nextPageParam: PageParam | null;
}

/** Where a list call starts: the query's `offset` / `limit` / `cursor`. */
export interface ListStart {
  limit?: number | undefined;
  offset?: number | undefined;
  cursor?: string | undefined;
}
