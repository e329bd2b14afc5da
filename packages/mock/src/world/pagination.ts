import { compareKeys, type TxKey } from './cursor';
import { NO_MICROBLOCK_SEQUENCE, type TxRecord } from './model';

/**
 * Page reads over oldest-first lists. Every function touches O(log n + page) entries (binary searches
 * and the page itself), never the whole list, so deep offsets and huge worlds cost the same.
 */

/** Sort key of a confirmed, anchored transaction. */
function keyOf(tx: TxRecord): TxKey {
  return [tx.block.height, NO_MICROBLOCK_SEQUENCE, tx.txIndex];
}

/** Number of entries whose key is <= `key` (entries are sorted ascending). */
export function countAtOrBefore(list: readonly TxRecord[], key: TxKey): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareKeys(keyOf(list[mid] as TxRecord), key) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Number of entries with block height < `height`. */
export function countBeforeHeight(list: readonly TxRecord[], height: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as TxRecord).block.height < height) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Entries `[lo, hi)` of an oldest-first list seen newest first, skipping `start` and taking `limit`.
 */
export function newestFirst<T>(
  list: readonly T[],
  lo: number,
  hi: number,
  start: number,
  limit: number,
): T[] {
  const out: T[] = [];
  for (let k = start; k < start + limit; k++) {
    const i = hi - 1 - k;
    if (i < lo) break;
    out.push(list[i] as T);
  }
  return out;
}
