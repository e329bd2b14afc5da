import { TimeoutError } from '../errors.js';
import type { RateLimitOptions } from '../options.js';
import { sleep } from '../retry.js';

/** Hiro's published limits: requests per minute without and with an API key. */
const HIRO_RATE_LIMITS = /* @__PURE__ */ Object.freeze({ perMinute: 50, perMinuteWithKey: 500 });

/** Slack added to each window: the server counts a request when it arrives, a little after it was started here. */
const MARGIN_MS = 1000;

/**
 * Paces the requests of one client (every call, iteration and prefetch) so that no more than `perMinute` start in
 * any minute and no more than `perSecond` in any second. Requests queue in order: each reserves the earliest start
 * that keeps both windows within their budget, then waits for it. The server's own counters slow it down early:
 * `ratelimit-remaining: 0` (or a 429) holds every request until `ratelimit-reset`, and a nearly spent budget
 * spreads the requests left over the time left.
 */
export class Pacer {
  readonly #windows: { size: number; ms: number }[];
  /** Start times granted, oldest first (only those that still count in some window). */
  readonly #starts: number[] = [];
  /** No start before this time: the server said its budget is spent, or nearly. */
  #notBefore = 0;

  constructor(option: true | RateLimitOptions, hasApiKey: boolean) {
    const settings = option === true ? {} : option;
    const perMinute =
      settings.perMinute ?? (hasApiKey ? HIRO_RATE_LIMITS.perMinuteWithKey : HIRO_RATE_LIMITS.perMinute);
    this.#windows = [{ size: Math.floor(perMinute), ms: 60_000 + MARGIN_MS }];
    if (settings.perSecond !== undefined) {
      this.#windows.push({ size: Math.floor(settings.perSecond), ms: 1000 + MARGIN_MS / 10 });
    }
  }

  /**
   * Resolves when this request may start. Rejects at once with a `TimeoutError` when that would be past
   * `deadlineAt`, and with the abort reason's `AbortError` if `signal` aborts while it waits.
   */
  async wait(signal: AbortSignal | undefined, deadlineAt: number): Promise<void> {
    const now = Date.now();
    const start = this.#earliest(now);
    if (start > deadlineAt) {
      throw new TimeoutError(
        `the rate limit queue would start this request in ${start - now} ms, after the call's deadline`,
      );
    }
    this.#starts.push(start);
    if (start > now) await sleep(start - now, signal);
  }

  /** Reads the server's rate-limit headers off a response. */
  observe(response: Response): void {
    const now = Date.now();
    const remaining = Number(response.headers.get('ratelimit-remaining') ?? Number.NaN);
    const resetMs = resetDelay(response.headers.get('ratelimit-reset'), now);
    if (response.status === 429 || remaining === 0) {
      const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
      const wait = Number.isFinite(retryAfter) ? retryAfter * 1000 : resetMs;
      if (wait !== undefined) this.#notBefore = Math.max(this.#notBefore, now + wait);
    } else if (Number.isInteger(remaining) && remaining > 0 && remaining <= 5 && resetMs !== undefined) {
      // Nearly spent: spread what is left over the rest of the window rather than run into the wall.
      this.#notBefore = Math.max(this.#notBefore, now + Math.ceil(resetMs / (remaining + 1)));
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

/** `ratelimit-reset` as a delay in ms: delta seconds, or a unix timestamp in seconds when it is that large. */
function resetDelay(value: string | null, now: number): number | undefined {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return undefined;
  const n = Number(value);
  return n > 1_000_000_000 ? Math.max(0, n * 1000 - now) : n * 1000;
}
