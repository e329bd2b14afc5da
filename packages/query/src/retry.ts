import {
  backoffDelayMs,
  createRetryPolicy,
  DEFAULT_RETRY_POLICY,
  isRetryableError,
  type RetryOptions,
  type RetryPolicy,
  retryDelayMs,
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
 * 4xx (a bad ticker stays bad), an abort, a response that did not parse, or bad input. The client's own decision
 * (`isRetryableError`), which recognises errors by their brand, so a second copy of the client is classified alike.
 */
export function isRetryableQueryError(error: unknown): boolean {
  return isRetryableError(error);
}

// No jitter: TanStack spreads refetches itself, and a delay that can be predicted is easier to test and reason about.
const noJitter = (): number => 0;

/**
 * TanStack retry options over the client's retry policy: the same settings, checked by the same rules (a
 * `TypeError`/`RangeError` naming the field), the same defaults (2 retries, so at most 3 requests; 0.5 s doubling to
 * 8 s) and the same decisions (`Retry-After` up to `maxRetryAfterMs` waited out exactly on any retryable status, a
 * longer one fails at once). The query functions call the client with `retry: false`, so the layers never multiply.
 */
export function createQueryRetry(options: RetryOptions | false = {}): QueryRetry {
  const policy = createRetryPolicy(options);
  const timing: RetryPolicy = { ...(policy || DEFAULT_RETRY_POLICY), maxRetries: Number.POSITIVE_INFINITY };
  const retryDelay = (failureCount: number, error: unknown): number =>
    retryDelayMs(error, failureCount, timing, noJitter) ?? backoffDelayMs(failureCount, timing, noJitter);
  return {
    retry:
      policy && ((failureCount, error) => retryDelayMs(error, failureCount, policy, noJitter) !== undefined),
    retryDelay,
  };
}
