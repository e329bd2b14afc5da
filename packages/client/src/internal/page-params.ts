import type { PageParam } from '../page-param.js';
import { MAX_PAGE_SIZE } from './list-page.js';

/** Longest row key a param may carry (a transaction id and a block hash with a separator take 133). */
const MAX_KEY_LENGTH = 512;

/**
 * Checks a page param given back to a list call. It may come from storage or another process, so every field is
 * checked: a `TypeError` or `RangeError` naming the field and the value it had, never a silent wrong page.
 */
export function checkPageParam(param: unknown, cursorList: boolean): PageParam {
  const fail = (Kind: typeof TypeError, what: string): never => {
    throw new Kind(`pageParam${what}`);
  };
  if (typeof param !== 'object' || param === null || Array.isArray(param)) {
    fail(TypeError, ` must be an object from page.nextPageParam; got ${describe(param)}`);
  }
  const p = param as PageParam;
  const { cursor, last } = p;
  if (cursor !== null && (typeof cursor !== 'string' || cursor === '' || !cursorList)) {
    fail(
      TypeError,
      `.cursor must be ${cursorList ? 'a non-empty string or ' : ''}null; got ${describe(cursor)}`,
    );
  }
  const integer = (
    key: 'offset' | 'total' | 'limit' | 'growth' | 'end',
    min: number,
    max = Infinity,
  ): void => {
    const value = p[key];
    if (!Number.isSafeInteger(value)) fail(TypeError, `.${key} must be an integer; got ${describe(value)}`);
    if ((value as number) < min) fail(RangeError, `.${key} must be at least ${min}; got ${value}`);
    if ((value as number) > max) fail(RangeError, `.${key} must be at most ${max}; got ${value}`);
  };
  integer('offset', 0);
  integer('total', 0);
  integer('limit', 1, MAX_PAGE_SIZE);
  integer('growth', -p.total);
  // `null`: the end is not known yet.
  if (p.end !== null) integer('end', p.offset);
  if (last !== undefined && last !== null && (typeof last !== 'string' || last.length > MAX_KEY_LENGTH)) {
    fail(TypeError, `.last must be a string of at most ${MAX_KEY_LENGTH} characters or null`);
  }
  return p;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 40));
  return value === null || typeof value !== 'object' ? String(value) : 'an object';
}
