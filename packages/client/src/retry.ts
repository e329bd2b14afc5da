import { AbortError, type ApiError, ERROR_KIND } from './errors.js';
import { checkRetryOptions } from './internal/option-checks.js';

/** How failed requests are retried; every field is optional and falls back to the default shown. */
export interface RetryOptions {
  /** Retries after the first attempt (so `2` means up to 3 requests). Default `2`. */
  maxRetries?: number;
  /** Backoff before the first retry; doubles on each further retry. Default `500`. */
  initialDelayMs?: number;
  /** Upper bound of the exponential backoff. Default `8000`. */
  maxDelayMs?: number;
  /**
   * Longest server-requested wait (`Retry-After`, `ratelimit-reset`) the client will sit through.
   * A longer request is not retried: the error is thrown at once, carrying `retryAfterMs`. Default `60000`.
   */
  maxRetryAfterMs?: number;
}

/** A {@link RetryOptions} with every field filled in. */
export type RetryPolicy = Required<RetryOptions>;

/** The defaults: 2 retries, 0.5 s doubling to 8 s, server waits honoured up to 60 s. */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = /* @__PURE__ */ Object.freeze({
  maxRetries: 2,
  initialDelayMs: 500,
  maxDelayMs: 8000,
  maxRetryAfterMs: 60_000,
});

/**
 * Combines the client's and the call's retry settings: the call wins field by field, and `false` at either
 * level switches retries off unless the call itself passes an object.
 */
export function resolveRetryPolicy(
  clientRetry: RetryOptions | false | undefined,
  callRetry: RetryOptions | false | undefined,
): RetryPolicy | false {
  if (callRetry === false) return false;
  if (clientRetry === false && callRetry === undefined) return false;
  const merged = { ...DEFAULT_RETRY_POLICY };
  for (const layer of [clientRetry, callRetry]) {
    if (!layer) continue;
    for (const key of Object.keys(merged) as (keyof RetryPolicy)[]) {
      const value = layer[key];
      if (value !== undefined) merged[key] = value;
    }
  }
  return merged;
}

/** Statuses worth another try: the server may answer differently in a moment. */
function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}

/** What {@link ERROR_KIND} says `error` is; `undefined` for anything not thrown by a copy of this package. */
function kindOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null
    ? ((error as { [ERROR_KIND]?: string })[ERROR_KIND] ?? undefined)
    : undefined;
}

/**
 * Whether another attempt may succeed: connection failures (timeouts included), 408, 429 and 5xx; never another
 * 4xx, an abort, a parse error, bad input or a redirect the client refused to follow. Errors are told apart by
 * their brand, not `instanceof`, so errors of another copy of the client (two versions in one app) are classified
 * alike.
 */
export function isRetryableError(error: unknown): boolean {
  const kind = kindOf(error);
  if (kind === 'connection') return (error as Error).name !== 'RedirectError';
  return kind === 'api' && isRetryableStatus((error as ApiError).status);
}

/**
 * Exponential backoff for the given retry (0 = first retry), with up to 25 % jitter taken off so that
 * clients failing together do not retry together.
 */
export function backoffDelayMs(
  retryIndex: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const exponential = policy.initialDelayMs * 2 ** retryIndex;
  const capped = Math.min(exponential, policy.maxDelayMs);
  return Math.round(capped * (1 - 0.25 * random()));
}

/**
 * The wait a response asks for, in ms, or `undefined` when it names none that is usable:
 * - `retry-after-ms`: a non-negative number of milliseconds;
 * - `Retry-After`: non-negative integer seconds or an HTTP-date (RFC 9110); anything else (`-5`, `1.5`, `soon`,
 *   a date in some other format) is ignored rather than guessed at, so backoff applies;
 * - `ratelimit-reset` (delta seconds, or a unix timestamp when it is that large), only on a 429 or when
 *   `ratelimit-remaining` is `0`: on other statuses it describes the rate-limit window, not this failure.
 */
export function parseRetryAfterMs(
  headers: Headers,
  now: number = Date.now(),
  status: number = 429,
): number | undefined {
  const ms = headers.get('retry-after-ms')?.trim();
  if (ms !== undefined && /^\d+(\.\d+)?$/.test(ms)) return Number(ms);

  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter !== undefined) {
    if (/^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
    if (HTTP_DATE.some((form) => form.test(retryAfter))) {
      const date = Date.parse(retryAfter);
      if (!Number.isNaN(date)) return Math.max(0, date - now);
    }
  }

  const limited = status === 429 || headers.get('ratelimit-remaining')?.trim() === '0';
  const reset = headers.get('ratelimit-reset');
  return limited && reset !== null ? parseRateLimitResetMs(reset, now) : undefined;
}

/**
 * A `ratelimit-reset` value as a delay in ms, or `undefined` when it is not a non-negative integer: delta seconds,
 * or a unix timestamp in seconds when it is that large (Hiro documents a timestamp, the IETF draft delta-seconds;
 * no delta is anywhere near 2001 in seconds).
 */
export function parseRateLimitResetMs(value: string, now: number = Date.now()): number | undefined {
  const reset = value.trim();
  if (!/^\d+$/.test(reset)) return undefined;
  const n = Number(reset);
  return n > 1_000_000_000 ? Math.max(0, n * 1000 - now) : n * 1000;
}

/** The three date forms RFC 9110 allows in `Retry-After`: IMF-fixdate, RFC 850 and asctime. */
const HTTP_DATE = [
  /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/,
  /^[A-Z][a-z]+, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$/,
  /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/,
];

/**
 * How long to wait before retrying after `error`, or `undefined` to give up: not retryable, out of retries,
 * or the server asked for a wait longer than `maxRetryAfterMs`.
 */
export function retryDelayMs(
  error: unknown,
  retryIndex: number,
  policy: RetryPolicy | false,
  random?: () => number,
): number | undefined {
  if (policy === false || retryIndex >= policy.maxRetries || !isRetryableError(error)) return undefined;
  // Any status, not only 429: a 503 with `Retry-After` is waited out the same way.
  const requested = kindOf(error) === 'api' ? requestedWaitMs(error as ApiError) : undefined;
  if (requested !== undefined) return requested <= policy.maxRetryAfterMs ? requested : undefined;
  return backoffDelayMs(retryIndex, policy, random);
}

/** The longest delay `setTimeout` takes as given: a longer one fires after 1 ms (with a `TimeoutOverflowWarning`). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Runs `callback` after `ms` (`Infinity`: never), however long: a delay past what one `setTimeout` can hold
 * (about 24.8 days) is waited in several timers. Returns the function that cancels it.
 */
export function setLongTimeout(callback: () => void, ms: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const dueAt = Date.now() + ms;
  const arm = (left: number): void => {
    if (left === Number.POSITIVE_INFINITY) return;
    if (left <= MAX_TIMER_MS) {
      timer = setTimeout(callback, Math.max(0, left));
      return;
    }
    timer = setTimeout(() => arm(dueAt - Date.now()), MAX_TIMER_MS);
  };
  arm(ms);
  return () => clearTimeout(timer);
}

/** The wait an API error's response asked for: a 429's `retryAfterMs`, else its headers read now. */
function requestedWaitMs(error: ApiError & { retryAfterMs?: number | undefined }): number | undefined {
  if (error.retryAfterMs !== undefined) return error.retryAfterMs;
  return typeof error.headers?.get === 'function'
    ? parseRetryAfterMs(error.headers, Date.now(), error.status)
    : undefined;
}

/**
 * Waits `ms`, rejecting with an {@link AbortError} as soon as `signal` aborts. Built on `setTimeout`, so
 * `vi.useFakeTimers()` controls it; a wait longer than one timer can hold (2^31 - 1 ms) is chained, not cut short.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortErrorFrom(signal));
      return;
    }
    const onAbort = (): void => {
      cancel();
      reject(abortErrorFrom(signal as AbortSignal));
    };
    const cancel = setLongTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function abortErrorFrom(signal: AbortSignal): AbortError {
  return new AbortError('The request was aborted', { cause: signal.reason });
}

/**
 * Checks retry settings by the client's rules and fills in the defaults: `maxRetries` an integer from 0 to 100, the
 * delays non-negative finite numbers (`maxRetryAfterMs` may be `Infinity`); `false` stays `false` (no retries). A
 * `TypeError` or `RangeError` names the field (`retry.maxRetries must be an integer; got 2.5`). What the query layer
 * uses, so both layers accept and refuse the same settings.
 * @example
 * createRetryPolicy({ maxRetries: 4 }); // { maxRetries: 4, initialDelayMs: 500, maxDelayMs: 8000, maxRetryAfterMs: 60000 }
 */
export function createRetryPolicy(options: RetryOptions | false = {}, where = 'retry'): RetryPolicy | false {
  checkRetryOptions(options, where);
  return resolveRetryPolicy(options, undefined);
}
