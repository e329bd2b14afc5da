import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  ConnectionError,
  createApiError,
  ResponseParseError,
  TimeoutError,
} from '../src/errors.js';
import { longTimers } from '../src/guards.js';
import {
  backoffDelayMs,
  DEFAULT_RETRY_POLICY,
  isRetryableError,
  parseRetryAfterMs,
  resolveRetryPolicy,
  retryDelayMs,
  sleep,
} from '../src/retry.js';

const apiError = (status: number, headers: Record<string, string> = {}) =>
  createApiError({
    status,
    body: undefined,
    headers: new Headers(headers),
    method: 'GET',
    url: 'https://x.test/a',
  });

describe('resolveRetryPolicy', () => {
  it.each([
    ['defaults', undefined, undefined, DEFAULT_RETRY_POLICY],
    ['client override', { maxRetries: 5 }, undefined, { ...DEFAULT_RETRY_POLICY, maxRetries: 5 }],
    [
      'call wins per field',
      { maxRetries: 5, maxDelayMs: 100 },
      { maxRetries: 1 },
      { ...DEFAULT_RETRY_POLICY, maxRetries: 1, maxDelayMs: 100 },
    ],
    ['client off', false, undefined, false],
    ['call off', { maxRetries: 5 }, false, false],
    ['call re-enables', false, { maxRetries: 1 }, { ...DEFAULT_RETRY_POLICY, maxRetries: 1 }],
  ] as const)('%s', (_name, client, call, want) => {
    expect(resolveRetryPolicy(client, call)).toEqual(want);
  });
});

describe('isRetryableError', () => {
  it.each([
    ['connection error', new ConnectionError('down'), true],
    ['timeout', new TimeoutError('slow'), true],
    ['408', apiError(408), true],
    ['429', apiError(429), true],
    ['500', apiError(500), true],
    ['503', apiError(503), true],
    ['400', apiError(400), false],
    ['404', apiError(404), false],
    ['409', apiError(409), false],
    ['abort', new AbortError('stop'), false],
    [
      'parse error',
      new ResponseParseError({ status: 200, headers: new Headers(), method: 'GET', url: 'u', reason: 'r' }),
      false,
    ],
    ['foreign error', new Error('x'), false],
  ])('%s -> %s', (_name, error, want) => {
    expect(isRetryableError(error)).toBe(want);
  });
});

describe('backoffDelayMs', () => {
  it('doubles from the initial delay up to the cap', () => {
    const noJitter = () => 0;
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => backoffDelayMs(i, DEFAULT_RETRY_POLICY, noJitter))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
  });

  // The oracle is a table worked out by hand from the documented policy (0.5 s doubling to 8 s, up to 25 % off),
  // not the formula: a random source of 0 takes nothing off, one just below 1 takes (almost) a quarter.
  it.each([
    [0, 500, 438, 375],
    [1, 1000, 875, 750],
    [2, 2000, 1750, 1500],
    [3, 4000, 3500, 3000],
    [4, 8000, 7000, 6000],
    [9, 8000, 7000, 6000],
  ])(
    'retry %i waits %i ms with no jitter, %i ms with half, %i ms with the most',
    (retry, none, half, most) => {
      expect(backoffDelayMs(retry, DEFAULT_RETRY_POLICY, () => 0)).toBe(none);
      expect(backoffDelayMs(retry, DEFAULT_RETRY_POLICY, () => 0.5)).toBe(half);
      expect(backoffDelayMs(retry, DEFAULT_RETRY_POLICY, () => 0.999_999_9)).toBe(most);
    },
  );

  it('stays within those bounds and waits less as the random source grows', () => {
    fc.assert(
      fc.property(
        fc.constantFrom([0, 500, 375], [2, 2000, 1500], [6, 8000, 6000]),
        fc.double({ min: 0, max: 0.999_999, noNaN: true }),
        fc.double({ min: 0, max: 0.999_999, noNaN: true }),
        ([retry, longest, shortest], a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const more = backoffDelayMs(retry as number, DEFAULT_RETRY_POLICY, () => low);
          const less = backoffDelayMs(retry as number, DEFAULT_RETRY_POLICY, () => high);
          return less <= more && more <= (longest as number) && less >= (shortest as number);
        },
      ),
    );
  });
});

describe('parseRetryAfterMs', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each([
    ['Retry-After seconds', { 'retry-after': '3' }, 3000],
    // RFC 9110 allows only integer seconds or an HTTP-date; anything else falls back to backoff.
    ['Retry-After fractional seconds (not allowed)', { 'retry-after': '1.5' }, undefined],
    ['Retry-After negative (not a 2001 date)', { 'retry-after': '-5' }, undefined],
    ['Retry-After a date in a non-HTTP format', { 'retry-after': '2030-01-01' }, undefined],
    ['Retry-After HTTP date', { 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }, 5000],
    ['Retry-After date in the past', { 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }, 0],
    ['retry-after-ms wins', { 'retry-after-ms': '250', 'retry-after': '3' }, 250],
    ['ratelimit-reset delta seconds', { 'ratelimit-reset': '7' }, 7000],
    ['ratelimit-reset unix timestamp', { 'ratelimit-reset': String(now / 1000 + 12) }, 12_000],
    ['Retry-After before ratelimit-reset', { 'retry-after': '2', 'ratelimit-reset': '30' }, 2000],
    ['garbage', { 'retry-after': 'soon' }, undefined],
    ['nothing', {}, undefined],
  ])('%s', (_name, headers, want) => {
    expect(parseRetryAfterMs(new Headers(headers), now)).toBe(want);
  });
});

describe('retryDelayMs', () => {
  it('backs off for retryable errors while retries remain', () => {
    expect(retryDelayMs(new ConnectionError('x'), 0, DEFAULT_RETRY_POLICY, () => 0)).toBe(500);
    expect(retryDelayMs(apiError(503), 1, DEFAULT_RETRY_POLICY, () => 0)).toBe(1000);
    expect(retryDelayMs(apiError(503), 2, DEFAULT_RETRY_POLICY, () => 0)).toBeUndefined();
    expect(retryDelayMs(apiError(404), 0, DEFAULT_RETRY_POLICY)).toBeUndefined();
    expect(retryDelayMs(apiError(503), 0, false)).toBeUndefined();
  });

  it('honours a server-requested wait up to the cap and gives up beyond it', () => {
    expect(retryDelayMs(apiError(429, { 'retry-after': '4' }), 0, DEFAULT_RETRY_POLICY)).toBe(4000);
    expect(retryDelayMs(apiError(429, { 'retry-after': '60' }), 0, DEFAULT_RETRY_POLICY)).toBe(60_000);
    expect(retryDelayMs(apiError(429, { 'retry-after': '61' }), 0, DEFAULT_RETRY_POLICY)).toBeUndefined();
    const policy = { ...DEFAULT_RETRY_POLICY, maxRetryAfterMs: 1000 };
    expect(retryDelayMs(apiError(503, { 'retry-after': '2' }), 0, policy)).toBeUndefined();
  });
});

describe('sleep', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves after the delay under fake timers', async () => {
    let done = false;
    const promise = sleep(1000).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await promise;
    expect(done).toBe(true);
  });

  it('rejects at once with AbortError when aborted, and clears its timer', async () => {
    const controller = new AbortController();
    const promise = sleep(60_000, controller.signal);
    controller.abort(new Error('user'));
    await expect(promise).rejects.toBeInstanceOf(AbortError);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits longer than one timer can hold (2^31 - 1 ms) in full, not 1 ms, with longTimers()', async () => {
    let done = false;
    const promise = sleep(3_000_000_000, undefined, longTimers().timer).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(2 ** 31);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(3_000_000_000 - 2 ** 31 - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await promise;
    expect(done).toBe(true);
  });

  it('aborts a long wait at once and leaves no timer behind, with longTimers()', async () => {
    const controller = new AbortController();
    const promise = sleep(5_000_000_000, controller.signal, longTimers().timer);
    await vi.advanceTimersByTimeAsync(2 ** 31 + 10);
    controller.abort();
    await expect(promise).rejects.toBeInstanceOf(AbortError);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects immediately for an already aborted signal', async () => {
    await expect(sleep(10, AbortSignal.abort())).rejects.toBeInstanceOf(AbortError);
  });
});
