import { describeValue } from './text.js';

// Key lists as one string each: the option names are all that ships, not an array literal per name.
const SHARED =
  'baseUrl ordinalsBaseUrl apiKey apiKeyHeader headers credentialHeaders fetch timeoutMs deadlineMs maxResponseBytes signal retry rateLimit onWarning';
const keys = (names: string): readonly string[] => names.split(' ');

/** The options of one call. */
export const REQUEST_KEYS = /* @__PURE__ */ keys(
  'signal timeoutMs deadlineMs maxResponseBytes retry headers',
);

/** The options of a list call: one call's, and how to iterate. */
export const LIST_KEYS = /* @__PURE__ */ keys(
  'signal timeoutMs deadlineMs maxResponseBytes retry headers pageSize maxItems concurrency pageParam onReorg',
);

/**
 * Refuses a key of `options` that is not in `known` (a typo such as `baseURL`, or an option of another library such
 * as `timeout`) with a `TypeError` naming it and the known one sharing the longest start or end with it, case
 * ignored, if at least three characters (`timeout` -> `timeoutMs`, `retries` -> `maxRetries`). Never shows a value.
 */
function checkKeys(options: object, known: readonly string[], where: string, noun = 'option'): void {
  for (const key of Object.keys(options)) {
    if (known.includes(key)) continue;
    const k = key.toLowerCase();
    let near = '';
    let most = Math.min(3, k.length) - 1;
    for (const name of known) {
      const n = name.toLowerCase();
      let start = 0;
      let end = 0;
      while (start < k.length && k[start] === n[start]) start++;
      while (end < k.length && k.at(-1 - end) === n.at(-1 - end)) end++;
      if (start > most || end > most) [near, most] = [name, Math.max(start, end)];
    }
    throw new TypeError(
      `${where} has no ${noun} ${JSON.stringify(key.slice(0, 40))}${near && `; did you mean ${near}?`}`,
    );
  }
}

/**
 * Checks numeric fields of `o`, given as `name:flags:min:max` (space-separated; flags: integer required 1, `Infinity`
 * allowed 2; min default 0, max default none).
 */
function checkNumbers(o: object, where: string, rules: string): void {
  for (const rule of rules.split(' ')) {
    const [name = '', ...limits] = rule.split(':');
    checkNumber(`${where}.${name}`, (o as Fields)[name], ...limits.map(Number));
  }
}

// The options are read as plain records: this module sits below options.ts (retry.ts, which options.ts reads types
// from, checks retry settings here), so it must not import from it, type-only imports included.
type Fields = { readonly [name: string]: unknown };

/** Checks the numeric options of one call; a `TypeError` or `RangeError` names the option and its value. */
export function checkRequestOptions(options: object | undefined, where: string): void {
  if (options === undefined) return;
  checkNumbers(options, where, 'timeoutMs:2 deadlineMs:2 maxResponseBytes:3:1');
  checkRetryOptions((options as Fields).retry, `${where}.retry`);
}

/** Whether `value` is a pacer made by `createPacer` (checked by shape: no class needs to ship for it). */
export const isPacer = (value: unknown): boolean =>
  typeof (value as { wait?: unknown } | null)?.wait === 'function';

/**
 * Checks what a core is given besides its URLs and headers: that every key is an option, the numbers (per-call ones
 * included), `signal`, `fetch`, `onWarning` and `credentialHeaders`; `where` names them in messages. A core's
 * `rateLimit` is a pacer, checked where the core is made.
 */
export function checkCoreOptions(options: object, where: string, known = keys(`${SHARED} guards`)): void {
  checkCallOptions(options, known, where);
  checkRequestOptions(options, where);
  const o = options as Fields;
  for (const name of ['fetch', 'onWarning']) {
    expect(o[name], `${where}.${name}`, typeof o[name] === 'function', 'a function');
  }
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

/** Checks the options of `createClient`: a core's (with `use` where a core has `guards`), and `rateLimit`. */
export function checkClientOptions(options: object, where = 'createClient options'): void {
  checkCoreOptions(options, where, keys(`${SHARED} use`));
  const rate = (options as Fields).rateLimit;
  if (rate !== undefined && typeof rate !== 'boolean' && !isPacer(rate)) {
    expect(rate, `${where}.rateLimit`, typeof rate === 'object' && rate !== null, 'a boolean or an object');
    checkRateLimit(rate as object, `${where}.rateLimit`);
  }
}

/** Checks a `rateLimit` object: its keys and numbers. */
export function checkRateLimit(rate: object, where: string): void {
  checkKeys(rate, keys('perMinute perSecond'), where);
  checkNumbers(rate, where, 'perMinute:2:1 perSecond:2:1');
}

/** Checks the iteration options of a list call. */
export const checkIterationOptions = (options: object): void =>
  checkNumbers(options, 'options', 'pageSize:1:1 maxItems:3 concurrency:1:1:64');

/** Checks the batch concurrency of `getSmartContractsStatus`. */
export const checkConcurrency = (concurrency: unknown): void =>
  checkNumber('options.concurrency', concurrency, 1, 1, 64);

/**
 * Checks retry settings given by the caller: `maxRetries` an integer from 0 to 100, the delays non-negative numbers
 * (`maxRetryAfterMs` may be `Infinity`). A `TypeError`/`RangeError` names the option and the value.
 */
export function checkRetryOptions(retry: unknown, where: string): void {
  if (retry === undefined || retry === false) return;
  if (typeof retry !== 'object' || retry === null) {
    throw new TypeError(`${where} must be an object or false; got ${String(retry)}`);
  }
  checkKeys(retry, keys('maxRetries initialDelayMs maxDelayMs maxRetryAfterMs'), where);
  checkNumbers(retry, where, 'maxRetries:1:0:100 initialDelayMs:0 maxDelayMs:0 maxRetryAfterMs:2');
}

/** Checks `maxPauseMs` of `createPacer`: a number of ms, at least 0 (`Infinity`: no cap), or absent. */
export const checkMaxPause = (maxPauseMs: unknown): void =>
  checkNumber('createPacer maxPauseMs', maxPauseMs, 2);

/**
 * Checks one numeric option (skipped when `undefined`): a finite number (or `Infinity` where `flags` & 2), at least
 * `min`, at most `max`, an integer where `flags` & 1. A `TypeError` or `RangeError` names the option and its value.
 */
function checkNumber(name: string, value: unknown, flags = 0, min = 0, max = Number.POSITIVE_INFINITY): void {
  if (value === undefined || (value === Number.POSITIVE_INFINITY && flags & 2)) return;
  if (typeof value !== 'number' || Number.isNaN(value)) {
    throw new TypeError(
      `${name} must be a number; got ${typeof value === 'number' ? 'NaN' : describeValue(value)}`,
    );
  }
  const problem = !Number.isFinite(value)
    ? 'be a finite number'
    : flags & 1 && !Number.isInteger(value)
      ? 'be an integer'
      : value < min
        ? `be at least ${min}`
        : value > max
          ? `be at most ${max}`
          : undefined;
  if (problem) throw new RangeError(`${name} must ${problem}; got ${value}`);
}
