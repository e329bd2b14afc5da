import type { WithResponse } from '../api-promise.js';
import type { PageParam } from '../page-param.js';
import {
  firstPage,
  keyOf,
  type PageBody,
  type PageChunk,
  type PageRequest,
  type PageSource,
} from './list-page.js';
import type { Growth } from './offset-aim.js';

/**
 * Where an iteration stands, in positions of the list as it was when the iteration started ("original
 * positions"). Lists are newest first and grow at the head, which shifts server offsets; positions do not move.
 * - cursor mode: position `p` is `cursor=<anchor>&offset=p`, exact whatever the chain does above the anchor.
 * - offset mode: a page requested at offset `o` whose `total` is `T` starts at position `o - (T - total0)`: rows
 *   keep their count of older rows, whatever happens at the head (growth, or a re-org above them).
 * A page param is a frame as plain JSON ({@link toFrame}, {@link toParam}).
 */
export interface Frame extends Readonly<Growth> {
  readonly mode: 'cursor' | 'offset';
  readonly anchor: string | undefined;
  readonly total0: number;
  /** Next position to deliver. */
  readonly next: number;
  /** Exclusive end: positions at or past it are not part of the list (Infinity when not known yet). */
  readonly end: number;
  readonly pageSize: number;
}

/** Items that became deliverable, in order, and the response that completed them. */
export interface Chunk<TItem, TBody> {
  items: TItem[];
  data: TBody;
  response: Response;
  frame: Frame;
  /** Key of the row at `frame.next - 1` (the last one delivered), when known: it checks the page after. */
  lastKey?: string | undefined;
}

/** The frame a (checked) page param names; `hint` is the frame the param was made from, when there is one. */
export function toFrame(param: PageParam, hint?: unknown): Frame {
  if (hint !== undefined) return hint as Frame;
  const { cursor, growth } = param;
  return {
    mode: cursor === null ? 'offset' : 'cursor',
    anchor: cursor ?? undefined,
    total0: param.total,
    next: param.offset,
    end: param.end ?? Infinity,
    pageSize: param.limit,
    delta: growth,
    ahead: 0,
    growing: growth !== 0,
  };
}

/** The page param naming what follows `frame` (whose row before is `lastKey`). */
export function toParam(frame: Frame, lastKey: string | undefined): PageParam {
  return {
    cursor: frame.mode === 'cursor' ? (frame.anchor as string) : null,
    offset: frame.next,
    total: frame.total0,
    end: Number.isFinite(frame.end) ? frame.end : null,
    limit: frame.pageSize,
    growth: frame.delta,
    last: lastKey ?? null,
  };
}

/** A pager's chunk as a page's: positions as a page param, the frame kept as the hint for the page after. */
export function toPageChunk<TItem, TBody>(chunk: Chunk<TItem, TBody>): PageChunk<TItem, TBody> {
  const { items, data, response, frame } = chunk;
  return { items, data, response, next: toParam(frame, chunk.lastKey), hint: frame };
}

/**
 * The first page of a list as a pager's chunk ({@link firstPage}): the frame it sets up and its items, none past
 * `maxItems`.
 */
export function firstChunk<TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  first: PageRequest,
  result: WithResponse<TBody>,
  maxItems: number,
): Chunk<TItem, TBody> {
  const { items, data, response, next } = firstPage(source, first, result);
  const frame = toFrame(next) as { -readonly [K in keyof Frame]: Frame[K] };
  const start = frame.next - items.length;
  frame.end = Math.min(frame.end, start + maxItems);
  const count = Math.max(0, Math.min(items.length, frame.end - start));
  frame.next = start + count;
  const kept = items.slice(0, count);
  const lastKey = count > 0 ? keyOf(source, kept[count - 1] as TItem) : undefined;
  return { items: kept, data, response, frame, lastKey };
}
