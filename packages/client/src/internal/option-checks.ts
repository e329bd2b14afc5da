import { describeValue } from './text.js';

/** The options a client and a core share, in the order suggestions are weighed. */
const SHARED_KEYS = [
  'baseUrl',
  'ordinalsBaseUrl',
  'apiKey',
  'apiKeyHeader',
  'headers',
  'credentialHeaders',
  'fetch',
  'timeoutMs',
  'deadlineMs',
  'maxResponseBytes',
  'signal',
  'retry',
  'rateLimit',
  'onWarning',
] as const;

/** The options of `createClient` (a core's, with `use` where a core has `guards`). */
const CLIENT_KEYS = [...SHARED_KEYS, 'use'] as const;

/** The options of `createCore`. */
const CORE_KEYS = [...SHARED_KEYS, 'guards'] as const;

/** The options of one call. */
export const REQUEST_KEYS = [
  'signal',
  'timeoutMs',
  'deadlineMs',
  'maxResponseBytes',
  'retry',
  'headers',
] as const;

/** The options of a list call: one call's, and how to iterate (written out: a spread would ship with every app). */
export const LIST_KEYS = [
  'signal',
  'timeoutMs',
  'deadlineMs',
  'maxResponseBytes',
  'retry',
  'headers',
  'pageSize',
  'maxItems',
  'concurrency',
  'pageParam',
  'onReorg',
] as const;

/**
 * Refuses a key of `options` that is not in `known` (a typo such as `baseURL`, or an option of another library such
 * as `timeout`) with a `TypeError` naming it and the closest known one, rather than ignoring it silently. Only the
 * key is shown, never its value (it may be a credential).
 */
function checkKeys(options: object, known: readonly string[], where: string, noun = 'option'): void {
  for (const key of Object.keys(options)) {
    if (known.includes(key)) continue;
    const near = closest(key, known);
    throw new TypeError(
      `${where} has no ${noun} ${JSON.stringify(key.slice(0, 40))}${near ? `; did you mean ${near}?` : ''}`,
    );
  }
}

/**
 * The known name most like `key`: the one sharing the longest start or end with it, case ignored (`baseURL` ->
 * `baseUrl`, `timeout` -> `timeoutMs`, `limt` -> `limit`, `retries` -> `maxRetries`), if it shares at least three
 * characters (or all of a shorter key).
 */
function closest(key: string, known: readonly string[]): string | undefined {
  const k = key.toLowerCase();
  let best: string | undefined;
  let most = Math.min(3, k.length) - 1;
  for (const name of known) {
    const n = name.toLowerCase();
    let start = 0;
    let end = 0;
    while (start < k.length && k[start] === n[start]) start++;
    while (end < k.length && k.at(-1 - end) === n.at(-1 - end)) end++;
    if (start > most || end > most) [best, most] = [name, Math.max(start, end)];
  }
  return best;
}

// The options are read as plain records: this module sits below options.ts (retry.ts, which options.ts reads types
// from, checks retry settings here), so it must not import from it, type-only imports included.
type Fields = { readonly [name: string]: unknown };

/** Checks the numeric options of one call; a `TypeError` or `RangeError` names the option and its value. */
export function checkRequestOptions(options: object | undefined, where: string): void {
  if (options === undefined) return;
  const o = options as Fields;
  checkNumber(`${where}.timeoutMs`, o.timeoutMs, INFINITY);
  checkNumber(`${where}.deadlineMs`, o.deadlineMs, INFINITY);
  checkNumber(`${where}.maxResponseBytes`, o.maxResponseBytes, INTEGER | INFINITY, 1);
  checkRetryOptions(o.retry, `${where}.retry`);
}

/** Whether `value` is a pacer made by `createPacer` (checked by shape: no class needs to ship for it). */
export function isPacer(value: unknown): boolean {
  return typeof (value as { wait?: unknown } | null)?.wait === 'function';
}

/**
 * Checks what a core is given besides its URLs and headers: that every key is an option, the numbers (per-call ones
 * included), `signal`, `fetch`, `onWarning` and `credentialHeaders`; `where` names them in messages. A core's
 * `rateLimit` is a pacer, checked where the core is made.
 */
export function checkCoreOptions(options: object, where: string, known: readonly string[] = CORE_KEYS): void {
  checkCallOptions(options, known, where);
  const o = options as Fields;
  checkRequestOptions(o, where);
  expect(o.fetch, `${where}.fetch`, typeof o.fetch === 'function', 'a function');
  expect(o.onWarning, `${where}.onWarning`, typeof o.onWarning === 'function', 'a function');
  const names = o.credentialHeaders;
  // A string would be read as its characters.
  expect(names, `${where}.credentialHeaders`, Array.isArray(names), 'an array of header names');
  for (const [i, name] of (names as unknown[] | undefined)?.entries() ?? []) {
    expect(name, `${where}.credentialHeaders[${i}]`, typeof name === 'string', 'a header name');
  }
}

/**
 * Checks the last argument of a call (`options`), the options of a core, or a call's query (`noun` `'parameter'`): an
 * object whose every key is one of `known`, with a real signal (an `AbortSignal` by shape, so one of another realm
 * passes). Numbers are checked where the request is made.
 */
export function checkCallOptions(
  options: unknown,
  known: readonly string[],
  where = 'options',
  noun?: string,
): void {
  if (options === undefined) return;
  expect(options, where, typeof options === 'object' && options !== null, 'an object');
  checkKeys(options as object, known, where, noun);
  const signal = (options as { signal?: AbortSignal }).signal;
  expect(
    signal,
    `${where}.signal`,
    typeof signal?.aborted === 'boolean' && typeof signal.addEventListener === 'function',
    'an AbortSignal',
  );
}

/** Throws a `TypeError` saying what `value` (present: not `undefined`) must be, unless `ok`. */
function expect(value: unknown, where: string, ok: boolean, what: string): void {
  if (value !== undefined && !ok)
    throw new TypeError(`${where} must be ${what}; got ${describeValue(value)}`);
}

/** Checks the options of `createClient`: a core's, and `rateLimit` as `createClient` takes it. */
export function checkClientOptions(options: object, where = 'createClient options'): void {
  checkCoreOptions(options, where, CLIENT_KEYS);
  const rate = (options as Fields).rateLimit;
  if (rate !== undefined && typeof rate !== 'boolean' && !isPacer(rate)) {
    if (typeof rate !== 'object' || rate === null) {
      throw new TypeError(`${where}.rateLimit must be a boolean or an object; got ${describeValue(rate)}`);
    }
    checkRateLimit(rate, `${where}.rateLimit`);
  }
}

/** Checks a `rateLimit` object: its keys and numbers. */
export function checkRateLimit(rate: object, where: string): void {
  checkKeys(rate, ['perMinute', 'perSecond'], where);
  const r = rate as Fields;
  checkNumber(`${where}.perMinute`, r.perMinute, INFINITY, 1);
  checkNumber(`${where}.perSecond`, r.perSecond, INFINITY, 1);
}

/** Checks the iteration options of a list call. */
export function checkIterationOptions(options: object): void {
  const o = options as Fields;
  checkNumber('options.pageSize', o.pageSize, INTEGER, 1);
  checkNumber('options.maxItems', o.maxItems, INTEGER | INFINITY);
  checkConcurrency(o.concurrency);
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
  checkKeys(r, ['maxRetries', 'initialDelayMs', 'maxDelayMs', 'maxRetryAfterMs'], where);
  checkNumber(`${where}.maxRetries`, r.maxRetries, INTEGER, 0, 100);
  checkNumber(`${where}.initialDelayMs`, r.initialDelayMs, 0);
  checkNumber(`${where}.maxDelayMs`, r.maxDelayMs, 0);
  checkNumber(`${where}.maxRetryAfterMs`, r.maxRetryAfterMs, INFINITY);
}

/** Checks `maxPauseMs` of `createPacer`: a number of ms, at least 0 (`Infinity`: no cap), or absent. */
export function checkMaxPause(maxPauseMs: unknown): void {
  checkNumber('createPacer maxPauseMs', maxPauseMs, INFINITY);
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
