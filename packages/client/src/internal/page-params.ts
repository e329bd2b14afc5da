import type { PageParam } from '../page-param.js';
import { type Frame, MAX_PAGE_SIZE } from './exact-pager.js';

/** Where a page param resumes: the frame, and the key of the row before it (which the next answer must show). */
export interface Resume {
  frame: Frame;
  lastKey: string | undefined;
}

/** Longest row key a param may carry (a transaction id and a block hash with a separator take 133). */
const MAX_KEY_LENGTH = 512;

/** The page param naming what follows `frame`, or `null` when the list has nothing left after it. */
export function paramOf(frame: Frame, lastKey?: string): PageParam | null {
  if (frame.next >= frame.end) return null;
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

/**
 * The pager frame a page param names. The param may come from storage or another process, so every field is
 * checked: a `TypeError` or `RangeError` naming the field and the value it had, never a silent wrong page.
 */
export function frameOf(param: unknown, cursorList: boolean): Resume {
  if (typeof param !== 'object' || param === null || Array.isArray(param)) {
    throw new TypeError(`pageParam must be an object from page.nextPageParam; got ${describe(param)}`);
  }
  const p = param as Record<string, unknown>;
  const cursor = p.cursor;
  if (cursor !== null && (typeof cursor !== 'string' || cursor === '')) {
    throw new TypeError(`pageParam.cursor must be a non-empty string or null; got ${describe(cursor)}`);
  }
  if (cursor !== null && !cursorList) {
    throw new TypeError(
      'pageParam.cursor must be null: this list has no cursor (the param is from another list)',
    );
  }
  const offset = integer(p, 'offset', 0);
  const total = integer(p, 'total', 0);
  const limit = integer(p, 'limit', 1);
  if (limit > MAX_PAGE_SIZE)
    throw new RangeError(`pageParam.limit must be at most ${MAX_PAGE_SIZE}; got ${limit}`);
  const growth = integer(p, 'growth', -total);
  let end = Number.POSITIVE_INFINITY;
  if (p.end !== null) {
    end = integer(p, 'end', 0);
    if (end < offset) throw new RangeError(`pageParam.end must be at least pageParam.offset; got ${end}`);
  }
  const last = p.last;
  if (last !== undefined && last !== null && (typeof last !== 'string' || last.length > MAX_KEY_LENGTH)) {
    throw new TypeError(
      `pageParam.last must be a string of at most ${MAX_KEY_LENGTH} characters or null; got ${describe(last)}`,
    );
  }
  const frame: Frame = {
    mode: cursor === null ? 'offset' : 'cursor',
    anchor: cursor === null ? undefined : cursor,
    total0: total,
    next: offset,
    end,
    pageSize: limit,
    delta: growth,
    ahead: 0,
    growing: growth !== 0,
  };
  return { frame, lastKey: typeof last === 'string' ? last : undefined };
}

function integer(p: Record<string, unknown>, key: string, min: number): number {
  const value = p[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new TypeError(`pageParam.${key} must be an integer; got ${describe(value)}`);
  }
  if (value < min) throw new RangeError(`pageParam.${key} must be at least ${min}; got ${value}`);
  return value;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 39)}…` : value);
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}
