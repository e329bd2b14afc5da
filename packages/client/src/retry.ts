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
  if (callRetry === false || (clientRetry === false && !callRetry)) return false;
  const merged = { ...DEFAULT_RETRY_POLICY };
  const client = clientRetry || undefined;
  for (const key in merged) {
    const k = key as keyof RetryPolicy;
    merged[k] = callRetry?.[k] ?? client?.[k] ?? merged[k];
  }
  return merged;
}

/** What {@link ERROR_KIND} says `error` is; `undefined` for anything not thrown by a copy of this package. */
const kindOf = (error: unknown): string | undefined =>
  (error as { [ERROR_KIND]?: string } | null)?.[ERROR_KIND];

/**
 * Whether another attempt may succeed: connection failures (timeouts included), 408, 429 and 5xx; never another 4xx,
 * an abort, a parse error, bad input or a refused redirect. Told by brand, so errors of another copy count alike.
 */
export function isRetryableError(error: unknown): boolean {
  const kind = kindOf(error);
  if (kind === 'connection') return (error as Error).name !== 'RedirectError';
  // Only an API error has a status (what middleware throws may be `null`).
  const status = kind === 'api' ? (error as ApiError).status : 0;
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}

/** Exponential backoff for the given retry (0 = first), up to 25 % jitter off so that clients do not retry together. */
export function backoffDelayMs(
  retryIndex: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  return Math.round(
    Math.min(policy.initialDelayMs * 2 ** retryIndex, policy.maxDelayMs) * (1 - 0.25 * random()),
  );
}

/**
 * The wait `Retry-After` asks for, in ms (seconds or an HTTP date); `undefined` when it names none. How a core reads a
 * response's pause unless its `rateLimitHeaders()` guard gives {@link parseRetryAfterMs} instead.
 */
export function retryAfter(headers: Headers, now: number): number | undefined {
  const after = headers.get('retry-after')?.trim() ?? '';
  // RFC 9110's three date forms all begin with the day's name; anything else (`2030-01-01`) is not a date here.
  const ms = /^\d+$/.test(after)
    ? +after * 1000
    : /^[A-Z][a-z]{2}/.test(after)
      ? Date.parse(after) - now
      : Number.NaN;
  return Number.isNaN(ms) ? undefined : Math.max(0, ms);
}

/**
 * The wait a response asks for, in ms: `retry-after-ms`, else `Retry-After` (seconds or an HTTP date), else, on a 429
 * or when `ratelimit-remaining` is 0, `ratelimit-reset`. `undefined` when it names none. (A core reads only
 * `Retry-After` unless the opt-in `rateLimitHeaders()` is in use.)
 */
export function parseRetryAfterMs(
  headers: Headers,
  now: number = Date.now(),
  status: number = 429,
): number | undefined {
  const ms = headers.get('retry-after-ms')?.trim();
  if (ms && /^\d+(\.\d+)?$/.test(ms)) return +ms;
  const reset = headers.get('ratelimit-reset');
  return (
    retryAfter(headers, now) ??
    (reset !== null && (status === 429 || headers.get('ratelimit-remaining')?.trim() === '0')
      ? parseRateLimitResetMs(reset, now)
      : undefined)
  );
}

/**
 * A `ratelimit-reset` value as a delay in ms (`undefined` unless a non-negative integer): delta seconds, or a unix
 * time in seconds when that large (Hiro documents a timestamp, the IETF draft delta-seconds).
 */
export function parseRateLimitResetMs(value: string, now: number = Date.now()): number | undefined {
  const n = /^\d+$/.test(value.trim()) ? +value : Number.NaN;
  return Number.isNaN(n) ? undefined : n > 1e9 ? Math.max(0, n * 1000 - now) : n * 1000;
}

/**
 * The wait before retrying after `error`; `undefined`: not retryable, out of retries, or asked to wait too long.
 * `pauseOf` reads the pause a response names (default: `Retry-After`; a core with `rateLimitHeaders()` passes more).
 */
export function retryDelayMs(
  error: unknown,
  retryIndex: number,
  policy: RetryPolicy | false,
  random?: () => number,
  pauseOf: (headers: Headers, now: number, status: number) => number | undefined = retryAfter,
): number | undefined {
  // Any status, not only 429: a 503 with `Retry-After` is waited out the same way.
  const e = error as ApiError;
  const asked =
    kindOf(error) !== 'api'
      ? undefined
      : (e.retryAfterMs ??
        (typeof e.headers?.get === 'function' ? pauseOf(e.headers, Date.now(), e.status) : undefined));
  // No retry once the policy is spent or for an error that cannot succeed again, nor when the server asks for longer
  // than `maxRetryAfterMs` (`undefined > n` is false: no pause named, no limit passed); else its pause, or the backoff.
  return !policy ||
    retryIndex >= policy.maxRetries ||
    !isRetryableError(error) ||
    (asked as number) > policy.maxRetryAfterMs
    ? undefined
    : (asked ?? backoffDelayMs(retryIndex, policy, random));
}

/**
 * Runs `callback` after `ms` (`Infinity`: never), however long: `setTimeout` fires a delay past 2^31 - 1 ms after 1 ms,
 * so a longer one is chained (the opt-in `longTimers()`). Returns the function that cancels it.
 */
export function setLongTimeout(callback: () => void, ms: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const end = Date.now() + ms;
  const arm = (): void => {
    const left = end - Date.now();
    if (left < Number.POSITIVE_INFINITY)
      timer = setTimeout(left > 2 ** 31 - 1 ? arm : callback, Math.min(Math.max(0, left), 2 ** 31 - 1));
  };
  arm();
  return () => clearTimeout(timer);
}

/**
 * Runs `callback` after `ms` (finite), returning the function that cancels it. Past 2^31 - 1 ms, where `setTimeout`
 * would fire at once, it fires at 2^31 - 1 ms; a core with `longTimers()` uses {@link setLongTimeout} instead.
 */
export const setTimer = (callback: () => void, ms: number): (() => void) => {
  const timer = setTimeout(callback, Math.min(ms, 2 ** 31 - 1));
  return () => clearTimeout(timer);
};

/**
 * Waits `ms` on `timer` (on `setTimeout`, so fake timers control it), rejecting with an {@link AbortError} when
 * `signal` aborts.
 */
export function sleep(ms: number, signal?: AbortSignal, timer = setTimer): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = (): void => {
      cancel();
      reject(new AbortError('The request was aborted', { cause: signal?.reason }));
    };
    const cancel = timer(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    if (signal?.aborted) return stop();
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * Checks retry settings by the client's rules and fills in the defaults; `false` stays `false`. A `TypeError` or
 * `RangeError` names the field (`retry.maxRetries must be an integer; got 2.5`). The query layer uses it too.
 * @example
 * createRetryPolicy({ maxRetries: 4 }); // { maxRetries: 4, initialDelayMs: 500, maxDelayMs: 8000, maxRetryAfterMs: 60000 }
 */
export function createRetryPolicy(options: RetryOptions | false = {}, where = 'retry'): RetryPolicy | false {
  checkRetryOptions(options, where);
  return resolveRetryPolicy(options, undefined);
}

/** One real `abort` listener per signal, however many calls wait on it: Node warns past ten on one signal. */
const waiting = new WeakMap<AbortSignal, Set<AbortController>>();

/** A controller that also aborts when any of `signals` does; `dispose()` detaches it (signals outlive attempts). */
export function linkedController(signals: readonly (AbortSignal | undefined)[]): {
  controller: AbortController;
  dispose(): void;
} {
  const controller = new AbortController();
  const sets: Set<AbortController>[] = [];
  for (const signal of signals) {
    if (!signal) continue;
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    let set = waiting.get(signal);
    if (!set) {
      const linked = new Set<AbortController>();
      set = linked;
      // Remembered once its listener is on: a signal-like object that refuses one fails every call, not the first.
      signal.addEventListener(
        'abort',
        () => {
          waiting.delete(signal);
          for (const c of linked) c.abort(signal.reason);
        },
        { once: true },
      );
      waiting.set(signal, linked);
    }
    set.add(controller);
    sets.push(set);
  }
  return {
    controller,
    dispose: () => {
      for (const set of sets) set.delete(controller);
    },
  };
}
