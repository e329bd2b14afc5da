import { checkMaxPause, checkRateLimit } from './internal/option-checks.js';
import { Pacer } from './internal/pacer.js';
import type { RateLimitOptions, RatePacer } from './options.js';

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
