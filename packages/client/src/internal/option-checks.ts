import type { ClientOptions, IterationOptions, RateLimitOptions, RequestOptions } from '../options.js';

/** Checks the numeric options of one call; a `TypeError` or `RangeError` names the option and its value. */
export function checkRequestOptions(options: RequestOptions | undefined, where: string): void {
  if (options === undefined) return;
  checkNumber(`${where}.timeoutMs`, options.timeoutMs, { infinity: true });
  checkNumber(`${where}.deadlineMs`, options.deadlineMs, { infinity: true });
  checkNumber(`${where}.maxResponseBytes`, options.maxResponseBytes, {
    min: 1,
    integer: true,
    infinity: true,
  });
  checkRetryOptions(options.retry, `${where}.retry`);
}

/** Whether `value` is a pacer made by `createPacer` (checked by shape: no class needs to ship for it). */
export function isPacer(value: unknown): boolean {
  return typeof (value as { wait?: unknown } | null)?.wait === 'function';
}

/** Checks the client options that are numbers (per-call ones included); `where` names them in messages. */
export function checkClientOptions(options: ClientOptions, where = 'createClient options'): void {
  checkRequestOptions(options, where);
  const rate = options.rateLimit;
  if (rate !== undefined && typeof rate !== 'boolean' && !isPacer(rate)) {
    if (typeof rate !== 'object' || rate === null) {
      throw new TypeError(`${where}.rateLimit must be a boolean or an object; got ${describeValue(rate)}`);
    }
    checkRateLimit(rate as RateLimitOptions, `${where}.rateLimit`);
  }
  if (options.onWarning !== undefined && typeof options.onWarning !== 'function') {
    throw new TypeError(`${where}.onWarning must be a function; got ${describeValue(options.onWarning)}`);
  }
}

/** Checks the numbers of a `rateLimit` object. */
export function checkRateLimit(rate: RateLimitOptions, where: string): void {
  checkNumber(`${where}.perMinute`, rate.perMinute, { min: 1, infinity: true });
  checkNumber(`${where}.perSecond`, rate.perSecond, { min: 1, infinity: true });
}

/** Checks the iteration options of a list call. */
export function checkIterationOptions(options: IterationOptions): void {
  checkNumber('options.pageSize', options.pageSize, { min: 1, integer: true });
  checkNumber('options.maxItems', options.maxItems, { integer: true, infinity: true });
  checkNumber('options.concurrency', options.concurrency, { min: 1, max: 64, integer: true });
}

/** Checks the batch concurrency of `getSmartContractsStatus`. */
export function checkConcurrency(concurrency: unknown): void {
  checkNumber('options.concurrency', concurrency, { min: 1, max: 64, integer: true });
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
  checkNumber(`${where}.maxRetries`, r.maxRetries, { integer: true, max: 100 });
  checkNumber(`${where}.initialDelayMs`, r.initialDelayMs, {});
  checkNumber(`${where}.maxDelayMs`, r.maxDelayMs, {});
  checkNumber(`${where}.maxRetryAfterMs`, r.maxRetryAfterMs, { infinity: true });
}

/**
 * Checks one numeric option (skipped when `undefined`): a finite number (or `Infinity` where allowed), at least
 * `min` (default 0), at most `max`, an integer where asked. Throws a `TypeError` or `RangeError` naming the option
 * and the value it had.
 */
function checkNumber(
  name: string,
  value: unknown,
  rule: { min?: number; max?: number; integer?: boolean; infinity?: boolean },
): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || Number.isNaN(value)) {
    throw new TypeError(
      `${name} must be a number; got ${typeof value === 'number' ? 'NaN' : describeValue(value)}`,
    );
  }
  const min = rule.min ?? 0;
  if (value === Number.POSITIVE_INFINITY && rule.infinity) return;
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be a finite number; got ${value}`);
  if (rule.integer && !Number.isInteger(value))
    throw new RangeError(`${name} must be an integer; got ${value}`);
  if (value < min) throw new RangeError(`${name} must be at least ${min}; got ${value}`);
  if (rule.max !== undefined && value > rule.max) {
    throw new RangeError(`${name} must be at most ${rule.max}; got ${value}`);
  }
}

function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 39)}…` : value);
  return value === null ? 'null' : typeof value;
}
