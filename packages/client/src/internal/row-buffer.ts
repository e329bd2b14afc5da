import { keyOf, type PageBody, type PageSource } from './list-page.js';

/** A row waiting to be delivered: its key, and the keys of the rows just before it in the answers that held it. */
export interface Buffered<TItem> {
  item: TItem;
  key: string;
  before: string[];
}

/**
 * Rows fetched ahead of delivery, by original position. Each remembers the rows that answers showed just before
 * it, so that a row is delivered only right after one of those: the overlap that links one answer to the next.
 */
export type RowBuffer<TItem> = Map<number, Buffered<TItem>>;

/** Whether the row buffered at `pos` may follow the row delivered last (key `lastKey`; any when not known). */
export function isLinked<TItem>(buffer: RowBuffer<TItem>, pos: number, lastKey: string | undefined): boolean {
  const entry = buffer.get(pos);
  return entry !== undefined && (lastKey === undefined || entry.before.includes(lastKey));
}

/**
 * Buffers an answer whose rows start at position `start`, keeping those in `[next, end)`; `lastKey` is the key of
 * the row delivered at `next - 1`. Returns the first position where the answer disagrees with a row buffered or
 * delivered (the chain moved between the two answers), and buffers nothing past it.
 */
export function placeRows<TItem>(
  buffer: RowBuffer<TItem>,
  source: PageSource<TItem, PageBody<TItem>>,
  start: number,
  rows: readonly TItem[],
  frame: { next: number; end: number },
  lastKey: string | undefined,
): number | undefined {
  let before: string | undefined;
  for (let i = 0; i < rows.length; i++) {
    const pos = start + i;
    const item = rows[i] as TItem;
    const key = keyOf(source, item);
    if (pos === frame.next - 1 && lastKey !== undefined && key !== lastKey) return pos;
    if (pos >= frame.next && pos < frame.end) {
      const entry = buffer.get(pos);
      if (entry === undefined) buffer.set(pos, { item, key, before: before === undefined ? [] : [before] });
      else if (entry.key !== key) return pos;
      else if (before !== undefined && !entry.before.includes(before)) entry.before.push(before);
    }
    before = key;
  }
  return undefined;
}
