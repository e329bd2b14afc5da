import { describeValue } from './text.js';

/*
 * Options are checked from rules, one string per kind of options object: the option names and how each is checked
 * are all that ships. A rule is `name[:kind[:flags:min:max]]`, space-separated. Kinds: `n` a number (flags: 1 an
 * integer, 2 `Infinity` allowed; min default 0, max none), `f` a function, `s` an `AbortSignal`, `t` a string, `a` an array
 * of header names, `r` retry settings, `p` a pacer or `false`; no kind: any value (checked where it is used).
 */

/** The options of one call. */
export const REQUEST_KEYS = 'signal:s timeoutMs:n:2 deadlineMs:n:2 maxResponseBytes:n:3:1 retry:r headers';

/**
 * The options of a list call: one call's, and how to iterate (`pageParam` is checked against its list). Built when
 * asked, so that an app without a list does not ship the names (a top-level template literal is never dropped).
 */
export const listKeys = (): string =>
  `${REQUEST_KEYS} pageSize:n:1:1 maxItems:n:3 concurrency:n:1:1:64 pageParam onReorg:f`;

/** Rules as `checkOptions` reads them, parsed once per rules string (calls check the same few strings each time). */
const parsedRules = /* @__PURE__ */ new Map<string, string[][]>();

/** The options of a core and a client (`extra`: `guards` and a pacer, or `use` and any `rateLimit`). */
const CORE_KEYS = `baseUrl ordinalsBaseUrl apiKey apiKeyHeader:t credentialHeaders:a fetch:f onWarning:f ${REQUEST_KEYS}`;

const RETRY_KEYS = 'maxRetries:n:1:0:100 initialDelayMs:n maxDelayMs:n maxRetryAfterMs:n:2';

/**
 * Checks an options object (or a call's query: `noun` `'parameter'`) by `rules`: an object, every key one of the rules'
 * names, every value as its rule says. An unknown key (a typo such as `baseURL`, or another library's `timeout`) is a
 * `TypeError` naming it and the known name sharing the longest start or end with it, case ignored, if at least three
 * characters (`timeout` -> `timeoutMs`); a bad value is a `TypeError` or `RangeError` naming the option. `undefined`
 * passes.
 */
export function checkOptions(
  options: unknown,
  rules: string,
  where = 'options',
  noun = 'option',
  what = 'an object',
): void {
  if (options === undefined) return;
  expect(options, where, typeof options === 'object' && options !== null, what);
  const parsed = parsedRules.get(rules) ?? rules.split(' ').map((rule) => rule.split(':'));
  if (!parsedRules.has(rules)) parsedRules.set(rules, parsed);
  for (const key of Object.keys(options as object)) {
    if (parsed.some(([name]) => name === key)) continue;
    const k = key.toLowerCase();
    let near = '';
    let most = Math.min(3, k.length) - 1;
    for (const [name = ''] of parsed) {
      const n = name.toLowerCase();
      let start = 0;
      let end = 0;
      while (k[start] && k[start] === n[start]) start++;
      while (k.at(~end) && k.at(~end) === n.at(~end)) end++;
      if (Math.max(start, end) > most) [near, most] = [name, Math.max(start, end)];
    }
    throw new TypeError(
      `${where} has no ${noun} ${JSON.stringify(key.slice(0, 40))}${near && `; did you mean ${near}?`}`,
    );
  }
  for (const [name, kind, ...limits] of parsed) {
    const value = (options as Record<string, unknown>)[name as string];
    if (value === undefined || !kind) continue;
    const at = `${where}.${name}`;
    if (kind === 'n') checkNumber(at, value, ...limits.map(Number));
    else if (kind === 'r') checkRetryOptions(value, at);
    else if (kind === 'f') expect(value, at, typeof value === 'function', 'a function');
    // Read as a header name (lower-cased, sent): anything else would crash there.
    else if (kind === 't') expect(value, at, typeof value === 'string', 'a string');
    // `true` or an object would ship the pacer with every core.
    else if (kind === 'p')
      expect(value, at, value === false || isPacer(value), 'a pacer from createPacer() or false');
    else if (kind === 's') {
      // By shape, so that a signal of another realm passes.
      const signal = Object(value) as AbortSignal;
      const ok = typeof signal.aborted === 'boolean' && typeof signal.addEventListener === 'function';
      expect(value, at, ok, 'an AbortSignal');
    } else {
      // A string would be read as its characters.
      expect(value, at, Array.isArray(value), 'an array of header names');
      for (const [i, item] of (value as unknown[]).entries())
        expect(item, `${at}[${i}]`, typeof item === 'string', 'a header name');
    }
  }
}

/** Whether `value` is a pacer made by `createPacer` (checked by shape: no class needs to ship for it). */
export const isPacer = (value: unknown): boolean =>
  typeof (value as { wait?: unknown } | null)?.wait === 'function';

/** Checks the options of a core (`createCore`'s; `createClient`'s with `use` in place of `guards`). */
export const checkCoreOptions = (options: object, where: string, extra = 'guards rateLimit:p'): void =>
  checkOptions(options, `${CORE_KEYS} ${extra}`, where);

/** Throws a `TypeError` saying what `value` (present: not `undefined`) must be, unless `ok`. */
function expect(value: unknown, where: string, ok: boolean, what: string): void {
  if (value !== undefined && !ok)
    throw new TypeError(`${where} must be ${what}; got ${describeValue(value)}`);
}

/** Checks the options of `createClient`: a core's (with `use` where a core has `guards`), and `rateLimit`. */
export function checkClientOptions(options: object, where = 'createClient options'): void {
  checkCoreOptions(options, where, 'use rateLimit');
  const rate = (options as Record<string, unknown>).rateLimit;
  if (rate !== undefined && typeof rate !== 'boolean' && !isPacer(rate)) {
    expect(rate, `${where}.rateLimit`, typeof rate === 'object' && rate !== null, 'a boolean or an object');
    checkRateLimit(rate, `${where}.rateLimit`);
  }
}

/** Checks a `rateLimit` object: its keys and numbers. */
export const checkRateLimit = (rate: unknown, where: string): void =>
  checkOptions(rate, 'perMinute:n:2:1 perSecond:n:2:1', where);

/**
 * Checks retry settings given by the caller: `maxRetries` an integer from 0 to 100, the delays non-negative numbers
 * (`maxRetryAfterMs` may be `Infinity`). A `TypeError`/`RangeError` names the option and the value.
 */
export const checkRetryOptions = (retry: unknown, where: string): void =>
  retry === false ? undefined : checkOptions(retry, RETRY_KEYS, where, 'option', 'an object or false');

/** Checks `maxPauseMs` of `createPacer`: a number of ms, at least 0 (`Infinity`: no cap), or absent. */
export const checkMaxPause = (maxPauseMs: unknown): void =>
  checkNumber('createPacer maxPauseMs', maxPauseMs, 2);

/**
 * Checks one numeric option (skipped when `undefined`): a finite number (or `Infinity` where `flags` & 2), at least
 * `min`, at most `max`, an integer where `flags` & 1. A `TypeError` or `RangeError` names the option and its value.
 */
function checkNumber(name: string, given: unknown, flags = 0, min = 0, max = Infinity): void {
  if (given === undefined || (given === Infinity && flags & 2)) return;
  expect(given, name, typeof given === 'number' && !Number.isNaN(given), 'a number');
  const value = given as number;
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

// The checks of an operation's arguments: identifiers, hex ids, burn blocks.

/**
 * The one spelling of a hex id (transaction id, block hash) that requests and cache keys use: `0x` and lower-case
 * digits (`0XAB`, `ab` and `0xab` name the same thing); a value that is not hex keeps its characters.
 * @example
 * normalizeHex('0XAB12'); // '0xab12'
 */
export function normalizeHex(value: string): string {
  const digits = /^0x/i.test(value) ? value.slice(2) : value;
  return `0x${/^[\da-f]*$/i.test(digits) ? digits.toLowerCase() : digits}`;
}

/** Checks an identifier argument (ticker, address, id): a non-empty string of well-formed Unicode. */
export function checkId(name: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') {
    throw new TypeError(`${name} must be a non-empty string; got ${describeValue(value)}`);
  }
  try {
    // Throws for a lone surrogate, which has no UTF-8 form (and so no percent-encoding into a URL).
    encodeURIComponent(value);
  } catch {
    throw new TypeError(`${name} is not well-formed Unicode (it holds a lone surrogate)`);
  }
  return value;
}

/** Checks a number argument (a block height): a finite number, sent as written (the server judges its range). */
export function checkHeight(name: string, value: unknown): number {
  if (!Number.isFinite(value))
    throw new TypeError(`${name} must be a finite number; got ${describeValue(value)}`);
  return value as number;
}

/** Checks a hex id (`txId`, `hash`) and returns it as it is sent: `0x` and lower-case digits. */
export function checkHex(name: string, value: unknown): string {
  const hex = normalizeHex(checkId(name, value));
  if (hex === '0x') throw new TypeError(`${name} must hold hex digits after its 0x prefix; got "${value}"`);
  return hex;
}

/** Checks a list of ids: an array (a lone string would be split into characters) of identifiers. */
export function checkIds(name: string, value: unknown): readonly string[] {
  if (!Array.isArray(value))
    throw new TypeError(`${name} must be an array of strings; got ${describeValue(value)}`);
  for (const [i, id] of value.entries()) checkId(`${name}[${i}]`, id);
  return value;
}

/** Checks a burn block argument (`'latest'`, a height or a 64-hex hash), returned as it is sent. */
export function checkBurnBlock(name: string, value: unknown): string | number {
  if (value === 'latest') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  const id = typeof value === 'number' ? String(value) : checkId(name, value);
  if (/^(0x)?[0-9a-fA-F]{64}$/.test(id)) return checkHex(name, id);
  if (/^[0-9]{1,10}$/.test(id)) return id;
  throw new TypeError(
    `${name} must be 'latest', a non-negative integer height or a 64-hex burn block hash; got ${JSON.stringify(id.slice(0, 70))}`,
  );
}
