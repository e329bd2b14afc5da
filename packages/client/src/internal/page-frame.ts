import { PAGE_SIZE } from '@blockindex/spec/constants';
import type { WithResponse } from '../api-promise.js';
import type { Growth } from './offset-aim.js';

/** The envelope every list operation returns; the address-transactions one adds the cursor fields. */
export interface PageBody<TItem> {
  limit: number;
  offset: number;
  total: number;
  results: TItem[];
}

/** One request for a slice of a list. `limit` is left out only for a first page the caller did not size. */
export interface PageRequest {
  limit?: number;
  offset: number;
  cursor?: string;
}

/** How the pager reaches one list operation. */
export interface PageSource<TItem, TBody extends PageBody<TItem>> {
  /** Fetches one slice (with the caller's other query parameters, retries and timeouts applied). */
  fetch(request: PageRequest, signal: AbortSignal | undefined): Promise<WithResponse<TBody>>;
  /** A value that differs between any two distinct items of this list (a transaction id, an event index). */
  identity(item: TItem): unknown;
  /**
   * The item and where it sits (its identity and its block): two answers that give the same key for a row agree on
   * it and on every older row, since a block fixes all the blocks below it. Defaults to the identity.
   */
  key?(item: TItem): string;
  /** Whether the operation accepts `cursor` and answers with the cursor fields. */
  cursor: boolean;
}

/**
 * Where an iteration stands, in positions of the list as it was when the iteration started ("original
 * positions"). Lists are newest first and grow at the head, which shifts server offsets; positions do not move.
 * - cursor mode: position `p` is `cursor=<anchor>&offset=p`, exact whatever the chain does above the anchor.
 * - offset mode: a page requested at offset `o` whose `total` is `T` starts at position `o - (T - total0)`: rows
 *   keep their count of older rows, whatever happens at the head (growth, or a re-org above them).
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

/** Largest `limit` the list operations accept. */
export const MAX_PAGE_SIZE: number = PAGE_SIZE.max;

/** Clamps a requested page size into what the server accepts. */
export function clampPageSize(size: number | undefined): number {
  if (size === undefined || !Number.isFinite(size)) return MAX_PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(size)));
}

/** The key of an item: its identity and placement. */
export function keyOf<TItem>(source: PageSource<TItem, PageBody<TItem>>, item: TItem): string {
  return source.key ? source.key(item) : String(source.identity(item));
}

/**
 * The first page of a list as a chunk: the frame it sets up (positions counted from it, the end as far as it
 * tells) and its items, none past the end or `maxItems`.
 */
export function firstChunk<TItem, TBody extends PageBody<TItem>>(
  source: PageSource<TItem, TBody>,
  first: PageRequest,
  result: WithResponse<TBody>,
  maxItems: number,
): Chunk<TItem, TBody> {
  const body = result.data;
  const { results } = body;
  const cursor = (body as { cursor?: unknown }).cursor;
  const inCursorMode = source.cursor && typeof cursor === 'string';
  // Cursor mode counts positions from the first row of this page; the rows at or older than it were
  // `total - offset`. Offset mode counts them as the server does, as of this page.
  const next = inCursorMode ? 0 : first.offset;
  let end = !inCursorMode
    ? Math.max(first.offset + results.length, body.total)
    : (body as { prev_cursor?: unknown }).prev_cursor === null
      ? results.length
      : first.cursor === undefined
        ? Math.max(results.length, body.total - first.offset)
        : Infinity;
  if (results.length === 0) end = next;
  end = Math.min(end, next + maxItems);
  const count = Math.max(0, Math.min(results.length, end - next));
  const items = results.slice(0, count);
  const frame: Frame = {
    mode: inCursorMode ? 'cursor' : 'offset',
    anchor: inCursorMode ? (cursor as string) : undefined,
    total0: body.total,
    next: next + count,
    end,
    pageSize: clampPageSize(
      first.limit !== undefined && first.limit > 0 ? first.limit : body.limit > 0 ? body.limit : undefined,
    ),
    delta: 0,
    ahead: 0,
    growing: false,
  };
  const last = items[count - 1];
  const lastKey = count > 0 ? keyOf(source, last as TItem) : undefined;
  return { items, data: body, response: result.response, frame, lastKey };
}

/** Why a 2xx body is not a page, or `undefined` when it is one; run by the transport on every list response. */
export function pageShapeProblem(data: unknown): string | undefined {
  const body = data as Partial<PageBody<unknown>> | null;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'expected a page object';
  if (!Array.isArray(body.results)) return 'expected a page with a `results` array';
  // Positions and page params are computed from these three: a total of 1e400 (Infinity), 400.5 or -5 would
  // make a param the client then refuses, a request with `offset=NaN`, or an early end.
  for (const key of ['limit', 'offset', 'total'] as const) {
    const value = body[key];
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
      return `expected a page whose \`${key}\` is a non-negative integer; got ${describeNumber(value)}`;
    }
  }
  return undefined;
}

function describeNumber(value: unknown): string {
  if (typeof value === 'number') return String(value);
  return value === null ? 'null' : typeof value;
}
