import type { ClientOptions, IterationOptions, RateLimitOptions, RequestOptions } from '../options.js';
import { describeValue } from './text.js';

/** Checks the numeric options of one call; a `TypeError` or `RangeError` names the option and its value. */
export function checkRequestOptions(options: RequestOptions | undefined, where: string): void {
  if (options === undefined) return;
  checkNumber(`${where}.timeoutMs`, options.timeoutMs, INFINITY);
  checkNumber(`${where}.deadlineMs`, options.deadlineMs, INFINITY);
  checkNumber(`${where}.maxResponseBytes`, options.maxResponseBytes, INTEGER | INFINITY, 1);
  checkRetryOptions(options.retry, `${where}.retry`);
}

/** Whether `value` is a pacer made by `createPacer` (checked by shape: no class needs to ship for it). */
export function isPacer(value: unknown): boolean {
  return typeof (value as { wait?: unknown } | null)?.wait === 'function';
}

/**
 * Checks what a core is given besides its URLs and headers: the numbers (per-call ones included) and `onWarning`;
 * `where` names them in messages. A core's `rateLimit` is a pacer, checked where the core is made.
 */
export function checkCoreOptions(options: RequestOptions & { onWarning?: unknown }, where: string): void {
  checkRequestOptions(options, where);
  if (options.onWarning !== undefined && typeof options.onWarning !== 'function') {
    throw new TypeError(`${where}.onWarning must be a function; got ${describeValue(options.onWarning)}`);
  }
}

/** Checks the options of `createClient`: a core's, and `rateLimit` as `createClient` takes it. */
export function checkClientOptions(options: ClientOptions, where = 'createClient options'): void {
  checkCoreOptions(options, where);
  const rate = options.rateLimit;
  if (rate !== undefined && typeof rate !== 'boolean' && !isPacer(rate)) {
    if (typeof rate !== 'object' || rate === null) {
      throw new TypeError(`${where}.rateLimit must be a boolean or an object; got ${describeValue(rate)}`);
    }
    checkRateLimit(rate as RateLimitOptions, `${where}.rateLimit`);
  }
}

/** Checks the numbers of a `rateLimit` object. */
export function checkRateLimit(rate: RateLimitOptions, where: string): void {
  checkNumber(`${where}.perMinute`, rate.perMinute, INFINITY, 1);
  checkNumber(`${where}.perSecond`, rate.perSecond, INFINITY, 1);
}

/** Checks the iteration options of a list call. */
export function checkIterationOptions(options: IterationOptions): void {
  checkNumber('options.pageSize', options.pageSize, INTEGER, 1);
  checkNumber('options.maxItems', options.maxItems, INTEGER | INFINITY);
  checkConcurrency(options.concurrency);
}

/** Checks the batch concurrency of `getSmartContractsStatus`. */
export function checkConcurrency(concurrency: unknown): void {
  checkNumber('options.concurrency', concurrency, INTEGER, 1, 64);
}

/**
 * Checks retry settings given by the caller: `maxRetries` a non-negative integer, the delays non-negative numbers
 * (`maxRetryAfterMs` may be `Infinity`). A `TypeError`/`RangeError` names the option and the value.
 */
export function checkRetryOptions(retry: unknown, where: string): void {
  if (retry === undefined || retry === false) return;
  if (typeof retry !== 'object' || retry === null) {
    throw new TypeError(`${where} must be an object or false; got ${String(retry)}`);
  }
  const r = retry as Record<string, unknown>;
  checkNumber(`${where}.maxRetries`, r.maxRetries, INTEGER, 0, 100);
  checkNumber(`${where}.initialDelayMs`, r.initialDelayMs, 0);
  checkNumber(`${where}.maxDelayMs`, r.maxDelayMs, 0);
  checkNumber(`${where}.maxRetryAfterMs`, r.maxRetryAfterMs, INFINITY);
}

/** Rule flags of {@link checkNumber}: an integer is required; `Infinity` is allowed. */
const INTEGER = 1;
const INFINITY = 2;

/**
 * Checks one numeric option (skipped when `undefined`): a finite number (or `Infinity` where `flags` allow it), at
 * least `min`, at most `max`, an integer where `flags` ask. Throws a `TypeError` or `RangeError` naming the option
 * and the value it had.
 */
function checkNumber(
  name: string,
  value: unknown,
  flags: number,
  min = 0,
  max = Number.POSITIVE_INFINITY,
): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || Number.isNaN(value)) {
    throw new TypeError(
      `${name} must be a number; got ${typeof value === 'number' ? 'NaN' : describeValue(value)}`,
    );
  }
  if (value === Number.POSITIVE_INFINITY && flags & INFINITY) return;
  const problem = !Number.isFinite(value)
    ? 'be a finite number'
    : flags & INTEGER && !Number.isInteger(value)
      ? 'be an integer'
      : value < min
        ? `be at least ${min}`
        : value > max
          ? `be at most ${max}`
          : undefined;
  if (problem) throw new RangeError(`${name} must ${problem}; got ${value}`);
}
