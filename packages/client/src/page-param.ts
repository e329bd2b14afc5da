/**
 * Names the next page of a list exactly, as plain JSON: passed back as `pageParam`, it gets the page that follows,
 * no row repeated or skipped even if blocks were mined or re-orged since (the README's "Page params").
 */
export interface PageParam {
  /** The first page's `cursor`, which pins the positions (or the row's own cursor); `null`: offsets alone. */
  cursor: string | null;
  /** Position of the next row to deliver: offset `p` of the list when it had `total` rows (`p + growth` later). */
  offset: number;
  /** Rows of the list counted from its position 0 (with a cursor: from the cursor down) when positions were set. */
  total: number;
  /** Position past the list's last row; `null` if not known yet. */
  end: number | null;
  /** Rows per request. */
  limit: number;
  /** Growth of `total` last observed since the first page (a hint for aiming the next request). */
  growth: number;
  /** The row before the next one (identity and block), found again if a re-org moved it; `null`: not checked. */
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
