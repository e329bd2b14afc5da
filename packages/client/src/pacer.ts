import { TimeoutError } from './errors.js';
import { checkMaxPause, checkRateLimit } from './internal/option-checks.js';
import type { RateLimitOptions, RatePacer } from './options.js';
import { DEFAULT_RETRY_POLICY, parseRateLimitResetMs, parseRetryAfterMs, sleep } from './retry.js';

/**
 * Makes a request pacer: no more than `perMinute` requests start in any minute and no more than `perSecond` in any
 * second, and the server's rate-limit headers slow it down early (see the README's "Pacing requests"). Give it to
 * `createCore` (or `createClient`) as `rateLimit`; one pacer given to several cores shares one budget between them.
 * `hasApiKey` picks Hiro's default budget when `perMinute` is not given: 500 a minute with a key, 50 without.
 * A pause the server asks for (`Retry-After`, `ratelimit-reset`) is held at most the `retry.maxRetryAfterMs` of the core
 * that saw it (default 60 s), the one rule of `createClient` and `createCore`; `maxPauseMs` caps it further for every
 * core sharing this pacer (a number of ms, `Infinity` for no cap of its own).
 * @example
 * import { createCore, createPacer, getBrc20Token } from '@blockindex/client';
 * const core = createCore({ rateLimit: createPacer({ perSecond: 5 }) });
 * const ordi = await getBrc20Token(core, 'ordi');
 */
export function createPacer(
  options: true | RateLimitOptions = true,
  hasApiKey = false,
  maxPauseMs?: number,
): RatePacer {
  if (options !== true) {
    if (typeof options !== 'object' || options === null) {
      throw new TypeError(
        `createPacer options must be an object; got ${options === null ? 'null' : typeof options}`,
      );
    }
    checkRateLimit(options, 'createPacer options');
  }
  checkMaxPause(maxPauseMs);
  return new Pacer(options, hasApiKey, maxPauseMs);
}

/** Hiro's published limits: requests per minute without an API key, and with one. */
const HIRO_PER_MINUTE = 50;
const HIRO_PER_MINUTE_WITH_KEY = 500;

/** Slack added to each window: the server counts a request when it arrives, a little after it was started here. */
const MARGIN_MS = 1000;

/**
 * Paces the requests of one client (every call, iteration and prefetch) so that no more than `perMinute` start in
 * any minute and no more than `perSecond` in any second. Requests queue in order: each reserves the earliest start
 * that keeps both windows within their budget, then waits for it; a request that is aborted while it waits, or
 * never sent, gives its start back. The server's own counters slow it down early: a 429 or
 * `ratelimit-remaining: 0` holds every request for the wait the server names (`Retry-After`, read as the retry
 * layer reads it, else `ratelimit-reset`), and a nearly spent budget spreads the requests left over the time left.
 * A server-named pause never holds a request longer than the `maxRetryAfterMs` of the core that saw it, nor longer than
 * the pacer's own `maxPauseMs`.
 */
class Pacer implements RatePacer {
  readonly #windows: { size: number; ms: number }[];
  /** Start times granted, in ascending order (only those that still count in some window). */
  readonly #starts: number[] = [];
  /** No start before this time: the server said its budget is spent, or nearly. */
  #notBefore = 0;
  readonly #maxPauseMs: number;

  constructor(
    option: true | RateLimitOptions,
    hasApiKey: boolean,
    maxPauseMs: number = Number.POSITIVE_INFINITY,
  ) {
    const settings = option === true ? {} : option;
    const perMinute = settings.perMinute ?? (hasApiKey ? HIRO_PER_MINUTE_WITH_KEY : HIRO_PER_MINUTE);
    this.#windows = [{ size: Math.floor(perMinute), ms: 60_000 + MARGIN_MS }];
    if (settings.perSecond !== undefined) {
      this.#windows.push({ size: Math.floor(settings.perSecond), ms: 1000 + MARGIN_MS / 10 });
    }
    this.#maxPauseMs = maxPauseMs;
  }

  /**
   * Resolves when this request may start. Rejects at once with a `TimeoutError` when that would be past
   * `deadlineAt`, and with the abort reason's `AbortError` if `signal` aborts while it waits (the start it had
   * reserved is then free again).
   */
  async wait(signal: AbortSignal | undefined, deadlineAt: number): Promise<void> {
    await this.reserve(signal, deadlineAt);
  }

  /**
   * {@link wait}, resolving to a function that gives the start back: call it when the request is then not sent
   * after all (aborted, past its deadline, answered by a middleware), so that it does not hold a slot of a window.
   */
  async reserve(signal: AbortSignal | undefined, deadlineAt: number): Promise<() => void> {
    const now = Date.now();
    const start = this.#earliest(now);
    if (start > deadlineAt) {
      throw new TimeoutError(
        `the rate limit queue would start this request in ${start - now} ms, after the call's deadline`,
      );
    }
    this.#starts.push(start);
    let held = true;
    const release = (): void => {
      if (!held) return;
      held = false;
      const at = this.#starts.lastIndexOf(start);
      if (at !== -1) this.#starts.splice(at, 1);
    };
    if (start > now) {
      try {
        await sleep(start - now, signal);
      } catch (error) {
        release();
        throw error;
      }
    }
    return release;
  }

  /** Reads the server's rate-limit headers off a response; a pause is capped by `maxPauseMs` and the pacer's own cap. */
  observe(response: Response, maxPauseMs: number = DEFAULT_RETRY_POLICY.maxRetryAfterMs): void {
    const now = Date.now();
    const { headers, status } = response;
    const remaining = Number(headers.get('ratelimit-remaining') ?? Number.NaN);
    let pause: number | undefined;
    if (status === 429 || remaining === 0) {
      // One parser for the pacer and the retry layer: integer seconds or an HTTP date, else `ratelimit-reset`.
      pause = parseRetryAfterMs(headers, now, 429);
    } else if (Number.isInteger(remaining) && remaining > 0 && remaining <= 5) {
      // Nearly spent: spread what is left over the rest of the window rather than run into the wall.
      const reset = headers.get('ratelimit-reset');
      const resetMs = reset === null ? undefined : parseRateLimitResetMs(reset, now);
      if (resetMs !== undefined) pause = Math.ceil(resetMs / (remaining + 1));
    }
    // Capped: a server asking for hours (or a clock far off) must not lock the client out past the cap.
    if (pause !== undefined) {
      const cap = Math.min(maxPauseMs, this.#maxPauseMs);
      this.#notBefore = Math.max(this.#notBefore, now + Math.min(pause, cap));
    }
  }

  #earliest(now: number): number {
    // Starts that left every window by now count no more (pruned against now: a start computed for a call that
    // is then refused must not drop what later calls still need).
    const horizon = now - Math.max(...this.#windows.map((w) => w.ms));
    while (this.#starts.length > 0 && (this.#starts[0] as number) <= horizon) this.#starts.shift();
    let start = Math.max(now, this.#notBefore, this.#starts.at(-1) ?? 0);
    for (const { size, ms } of this.#windows) {
      // The request `size` places back must have left the window before this one starts.
      const blocking = this.#starts[this.#starts.length - size];
      if (blocking !== undefined) start = Math.max(start, blocking + ms);
    }
    return start;
  }
}
