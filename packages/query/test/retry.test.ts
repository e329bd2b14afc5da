import {
  ApiError,
  BadRequestError,
  ConnectionError,
  NotFoundError,
  RateLimitError,
  ResponseParseError,
  ServerError,
  TimeoutError,
} from '@blockindex/client';
import { describe, expect, it } from 'vitest';
import { createQueryRetry, isRetryableQueryError } from '../src/index.js';

const apiError = (Kind: typeof ApiError, status: number, retryAfterMs?: number) => {
  const init = {
    status,
    body: undefined,
    headers: new Headers(),
    method: 'GET',
    url: 'https://api.hiro.so/x',
  };
  return Kind === RateLimitError ? new RateLimitError({ ...init, retryAfterMs }) : new Kind(init);
};

const retryable: [string, { error: unknown; want: boolean }][] = [
  ['connection error', { error: new ConnectionError('reset'), want: true }],
  ['timeout', { error: new TimeoutError('slow'), want: true }],
  ['408', { error: apiError(ApiError, 408), want: true }],
  ['429', { error: apiError(RateLimitError, 429), want: true }],
  ['500', { error: apiError(ServerError, 500), want: true }],
  ['503', { error: apiError(ServerError, 503), want: true }],
  ['400', { error: apiError(BadRequestError, 400), want: false }],
  ['404', { error: apiError(NotFoundError, 404), want: false }],
  ['409', { error: apiError(ApiError, 409), want: false }],
  [
    'unparsable body',
    {
      error: new ResponseParseError({
        status: 200,
        headers: new Headers(),
        method: 'GET',
        url: 'https://api.hiro.so/x',
        reason: 'not JSON',
      }),
      want: false,
    },
  ],
  ['bad input', { error: new TypeError('ticker must be a string'), want: false }],
  ['not an error', { error: 'boom', want: false }],
];

describe('isRetryableQueryError', () => {
  it.each(retryable)('%s', (_, { error, want }) => {
    expect(isRetryableQueryError(error)).toBe(want);
  });
});

describe('createQueryRetry', () => {
  it('retries twice by default, backing off 0.5 s then 1 s', () => {
    const { retry, retryDelay } = createQueryRetry();
    const error = apiError(ServerError, 503);
    if (retry === false) throw new Error('retry is on by default');
    expect([0, 1, 2].map((count) => retry(count, error))).toEqual([true, true, false]);
    expect([0, 1, 2, 10].map((count) => retryDelay(count, error))).toEqual([500, 1000, 2000, 8000]);
  });

  it('waits what Retry-After asks, and gives up when it asks too much', () => {
    const { retry, retryDelay } = createQueryRetry({ maxRetryAfterMs: 5000 });
    if (retry === false) throw new Error('retry is on');
    expect(retryDelay(0, apiError(RateLimitError, 429, 3000))).toBe(3000);
    expect(retry(0, apiError(RateLimitError, 429, 5000))).toBe(true);
    expect(retry(0, apiError(RateLimitError, 429, 5001))).toBe(false);
  });

  it('takes the client retry settings, or false', () => {
    expect(createQueryRetry(false).retry).toBe(false);
    const { retry } = createQueryRetry({ maxRetries: 0 });
    expect(retry !== false && retry(0, new ConnectionError('x'))).toBe(false);
    expect(() => createQueryRetry({ maxRetries: -1 })).toThrow(/retry.maxRetries must be at least 0; got -1/);
  });
});
