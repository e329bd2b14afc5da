/**
 * Names the next page of a list exactly, as plain JSON (store it, send it over the wire, put it in a TanStack
 * Query cache): pass it back as `pageParam` in the list call's options to get exactly the page that follows,
 * with no row repeated or skipped even if blocks were mined or re-orged in between.
 *
 * Positions are counted in the list as it was when its first page was fetched. With a `cursor` (the
 * address-transactions list), position `p` is row `p` after that cursor, whatever the chain did since. Without
 * one, position `p` is offset `p` of the list when it had `total` rows; new rows arrive at the head, so a later
 * request finds position `p` at offset `p + (newTotal - total)`.
 */
export interface PageParam {
  /** The first page's `cursor`, which pins the positions; `null` for lists paged by offset alone. */
  cursor: string | null;
  /** Position of the next row to deliver. */
  offset: number;
  /** `total` of the list when its first page was fetched: positions are offsets of the list as it was then. */
  total: number;
  /** Position past the last row of the list (rows newer than its first page are never part of it); `null` if not known yet. */
  end: number | null;
  /** Rows per request. */
  limit: number;
  /** Growth of `total` last observed since the first page (a hint for aiming the next request). */
  growth: number;
  /**
   * The row before the next one (its identity and block), which the next page must still show there: if a re-org
   * orphaned it, the next page is found again from the head of the list, or `ListReorgedError` says it cannot be.
   * `null` or absent: not checked (params made before this field existed).
   */
  last?: string | null;
}

/** What `page.toJSON()` returns: a page as plain JSON, with what names the page after it. */
export interface PageData<TItem> {
  /** Items of the page. */
  results: TItem[];
  /** `total` the server reported with this page. */
  total: number;
  /** `limit` the server applied. */
  limit: number;
  /** `offset` the server applied. */
  offset: number;
  /** The page after this one, or `null` when none follows. */
  nextPageParam: PageParam | null;
}
