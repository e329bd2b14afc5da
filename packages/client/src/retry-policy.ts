import { checkRetryOptions } from './internal/option-checks.js';
import { type RetryOptions, type RetryPolicy, resolveRetryPolicy } from './retry.js';

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
