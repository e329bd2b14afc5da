import { TimeoutError } from './errors.js';
import { checkMaxPause, checkRateLimit } from './internal/option-checks.js';
import type { RateLimitOptions, RatePacer } from './options.js';
import {
  DEFAULT_RETRY_POLICY,
  parseRateLimitResetMs,
  parseRetryAfterMs,
  type setTimer,
  sleep,
} from './retry.js';

/**
 * Makes a request pacer: at most `perMinute` requests start in any minute and `perSecond` in any second, and the
 * server's rate-limit headers slow it down early (README, "Pacing requests"). Give it to `createCore` (or
 * `createClient`) as `rateLimit`; cores sharing one pacer share its budget. Without `perMinute`, Hiro's limit:
 * 500 a minute with an API key (`hasApiKey`), 50 without. A pause the server names is held at most the
 * `retry.maxRetryAfterMs` of the core that saw it (default 60 s) and at most `maxPauseMs` (ms, `Infinity`: no cap).
 * @example
 * import { createCore, createPacer, getBrc20Token } from '@blockindex/client';
 * const core = createCore({ rateLimit: createPacer({ perSecond: 5 }) });
 * const ordi = await getBrc20Token(core, 'ordi');
 */
export function createPacer(
  options: true | RateLimitOptions = true,
  hasApiKey = false,
  maxPauseMs = Number.POSITIVE_INFINITY,
): RatePacer {
  if (options !== true) checkRateLimit(options, 'createPacer options');
  checkMaxPause(maxPauseMs);
  const { perMinute = hasApiKey ? 500 : 50, perSecond }: RateLimitOptions = options === true ? {} : options;
  // [budget, window ms], with slack: the server counts a request when it arrives, a little after it started here.
  const windows = [[Math.floor(perMinute), 61_000]];
  if (perSecond !== undefined) windows.push([Math.floor(perSecond), 1100]);
  const starts: number[] = []; // start times granted, ascending, while inside a window
  let notBefore = 0; // the server said its budget is spent, or nearly

  // A request reserves the earliest start that keeps every window in budget, then waits for it; one aborted while
  // it waits, or never sent, gives its start back.
  const reserve = async (
    signal: AbortSignal | undefined,
    deadlineAt: number,
    timer?: typeof setTimer,
  ): Promise<() => void> => {
    const now = Date.now();
    // Pruned against now: a start computed for a call then refused must not drop what later calls need.
    while ((starts[0] as number) <= now - 61_000) starts.shift();
    let start = Math.max(now, notBefore, starts.at(-1) ?? 0);
    // The request `size` places back must have left the window before this one starts.
    for (const [size = 0, ms = 0] of windows)
      start = Math.max(start, (starts[starts.length - size] ?? -ms) + ms);
    if (start > deadlineAt) {
      throw new TimeoutError(
        `the rate limit queue would start this request in ${start - now} ms, after the call's deadline`,
      );
    }
    starts.push(start);
    let held = true;
    const release = () => {
      if (held && starts.includes(start)) starts.splice(starts.lastIndexOf(start), 1);
      held = false;
    };
    if (start > now) {
      await sleep(start - now, signal, timer).catch((error: unknown) => {
        release();
        throw error;
      });
    }
    return release;
  };
  return {
    reserve,
    wait: async (signal, deadlineAt) => void (await reserve(signal, deadlineAt)),
    observe(response, cap = DEFAULT_RETRY_POLICY.maxRetryAfterMs) {
      const now = Date.now();
      const { headers, status } = response;
      const remaining = Number(headers.get('ratelimit-remaining') ?? Number.NaN);
      const reset = headers.get('ratelimit-reset');
      // Spent: the wait the server names (Retry-After as the retry layer reads it, else ratelimit-reset). Nearly
      // spent: what is left spread over the rest of the window.
      const pause =
        status === 429 || remaining === 0
          ? parseRetryAfterMs(headers, now, 429)
          : Number.isInteger(remaining) && remaining > 0 && remaining <= 5 && reset !== null
            ? Math.ceil((parseRateLimitResetMs(reset, now) ?? Number.NaN) / (remaining + 1))
            : undefined;
      // Capped: a server asking for hours (or a clock far off) must not lock the client out.
      if (pause !== undefined && pause >= 0)
        notBefore = Math.max(notBefore, now + Math.min(pause, cap, maxPauseMs));
    },
  };
}
