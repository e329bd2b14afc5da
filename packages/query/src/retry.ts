import {
  ApiError,
  ConnectionError,
  DEFAULT_RETRY_POLICY,
  RateLimitError,
  type RetryOptions,
} from '@blockindex/client';

/** The `retry` and `retryDelay` TanStack Query options that make its retries the only retry layer. */
export interface QueryRetry {
  /**
   * TanStack's `retry`: whether failure number `failureCount` (0 for the first) gets another attempt. Typed with
   * `Error` so the hooks infer `error: Error` (TanStack's default); anything thrown is handled safely.
   */
  retry: false | ((failureCount: number, error: Error) => boolean);
  /** TanStack's `retryDelay`: how long to wait before that attempt, in ms. */
  retryDelay: (failureCount: number, error: Error) => number;
}

/**
 * Whether an error is worth another attempt: lost connections and timeouts, 408, 429 and 5xx. Never another
 * 4xx (a bad ticker stays bad), an abort, a response that did not parse, or bad input.
 */
export function isRetryableQueryError(error: unknown): boolean {
  if (error instanceof ConnectionError) return true;
  if (!(error instanceof ApiError)) return false;
  return error.status === 408 || error.status === 429 || (error.status >= 500 && error.status <= 599);
}

/**
 * TanStack retry options over the client's retry settings (same fields, same defaults: 2 retries, so at most 3
 * requests; 0.5 s doubling to 8 s; a `Retry-After` up to 60 s is waited out exactly, a longer one fails at once).
 * The query functions call the client with `retry: false`, so the two layers never multiply. No jitter: TanStack
 * spreads refetches itself, and a delay that can be predicted is easier to test and to reason about.
 */
export function createQueryRetry(options: RetryOptions | false = {}): QueryRetry {
  const policy = { ...DEFAULT_RETRY_POLICY };
  if (options !== false) {
    for (const key of Object.keys(policy) as (keyof RetryOptions)[]) {
      const value = options[key];
      if (value === undefined) continue;
      if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
        throw new RangeError(`retry.${key} must be a number >= 0; got ${String(value)}`);
      }
      policy[key] = value;
    }
  }
  const retryDelay = (failureCount: number, error: unknown): number => {
    if (error instanceof RateLimitError && error.retryAfterMs !== undefined) return error.retryAfterMs;
    return Math.min(policy.initialDelayMs * 2 ** failureCount, policy.maxDelayMs);
  };
  if (options === false) return { retry: false, retryDelay };
  return {
    retry: (failureCount, error) => {
      if (failureCount >= policy.maxRetries || !isRetryableQueryError(error)) return false;
      // A server asking for a longer wait than we accept: fail now, the error carries `retryAfterMs`.
      return !(error instanceof RateLimitError && (error.retryAfterMs ?? 0) > policy.maxRetryAfterMs);
    },
    retryDelay,
  };
}
