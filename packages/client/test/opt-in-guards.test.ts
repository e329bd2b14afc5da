// What a core does without the opt-in guards errorDetails(), rateLimitHeaders() and longTimers() (README, "Guarantees:
// default and opt-in"), and that each guard gives a core its behaviour back (only that core: guards-per-core.test.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createCore,
  errorDetails,
  getBrc20Token,
  longTimers,
  rateLimitHeaders,
  TimeoutError,
} from '../src/index.js';
import { fakeFetch, json, text } from './helpers/fake-fetch.js';

const fail = (promise: Promise<unknown>): Promise<ApiError> =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e as ApiError,
  );

const htmlPage = () =>
  text('<html><body><h1>502 Bad Gateway</h1></body></html>', { status: 502 }, 'text/html');
const unauthorized = () =>
  json({ message: 'bad key', code: 'E_KEY' }, { status: 401, headers: { 'x-request-id': 'req-1' } });

describe('a core without the opt-in guards', () => {
  it('gives an ApiError no requestId or code, no API-key hint, and quotes an HTML page cut short', async () => {
    const core = createCore({ fetch: fakeFetch(unauthorized).fetch, retry: false });
    const error = await fail(getBrc20Token(core, 'ordi'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.requestId).toBeUndefined();
    expect(error.code).toBeUndefined();
    expect(error.message).toBe('401 GET /ordinals/v1/brc-20/tokens/ordi: bad key');
    const page = await fail(
      getBrc20Token(createCore({ fetch: fakeFetch(htmlPage).fetch, retry: false }), 'ordi'),
    );
    expect(page.message).toBe(
      '502 GET /ordinals/v1/brc-20/tokens/ordi: <html><body><h1>502 Bad Gateway</h1></body></html>',
    );
  });

  describe('with fake timers', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('reads Retry-After but not retry-after-ms or ratelimit-reset (it backs off instead)', async () => {
      const served = fakeFetch((_, call) =>
        call === 1
          ? json({}, { status: 429, headers: { 'retry-after-ms': '5000', 'ratelimit-reset': '7' } })
          : call === 2
            ? json({}, { status: 503, headers: { 'retry-after': '3' } })
            : json({ token: {} }),
      );
      const core = createCore({ fetch: served.fetch, retry: { initialDelayMs: 100, maxDelayMs: 100 } });
      const done = getBrc20Token(core, 'ordi');
      // The backoff (100 ms, less up to 25 % jitter), not the 5 s or 7 s the headers name.
      await vi.advanceTimersByTimeAsync(100);
      expect(served.requests).toHaveLength(2);
      // The second request went out 75 to 100 ms in (jitter); Retry-After: 3 is waited in full after it.
      await vi.advanceTimersByTimeAsync(2900);
      expect(served.requests).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(100);
      expect(served.requests).toHaveLength(3);
      await done;
    });

    it('fires a time limit past 2^31 - 1 ms at 2^31 - 1 ms, never at once', async () => {
      const served = fakeFetch(
        (request) =>
          new Promise<Response>((_, reject) =>
            request.signal.addEventListener('abort', () => reject(request.signal.reason)),
          ),
      );
      const core = createCore({ fetch: served.fetch, retry: false, timeoutMs: 3e9, deadlineMs: 0 });
      const done = fail(getBrc20Token(core, 'ordi'));
      await vi.advanceTimersByTimeAsync(2 ** 31 - 2);
      expect(vi.getTimerCount()).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(await done).toBeInstanceOf(TimeoutError);
    });
  });
});

describe('a core with the opt-in guards', () => {
  it('errorDetails(): requestId, code, the API-key hint and an HTML page named', async () => {
    const core = createCore({ fetch: fakeFetch(unauthorized).fetch, retry: false, guards: [errorDetails()] });
    const error = await fail(getBrc20Token(core, 'ordi'));
    expect(error.requestId).toBe('req-1');
    expect(error.code).toBe('E_KEY');
    expect(error.message).toBe(
      '401 GET /ordinals/v1/brc-20/tokens/ordi: bad key (no API key was sent: pass one with the apiKey option)',
    );
    const page = await fail(
      getBrc20Token(
        createCore({ fetch: fakeFetch(htmlPage).fetch, retry: false, guards: [errorDetails()] }),
        'ordi',
      ),
    );
    expect(page.message).toBe('502 GET /ordinals/v1/brc-20/tokens/ordi: Server error (HTML body)');
  });

  describe('with fake timers', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('rateLimitHeaders(): waits what retry-after-ms, then ratelimit-reset, name', async () => {
      const served = fakeFetch((_, call) =>
        call === 1
          ? json({}, { status: 429, headers: { 'retry-after-ms': '5000' } })
          : call === 2
            ? json({}, { status: 429, headers: { 'ratelimit-reset': '7' } })
            : json({ token: {} }),
      );
      const core = createCore({ fetch: served.fetch, guards: [rateLimitHeaders()] });
      const done = getBrc20Token(core, 'ordi');
      await vi.advanceTimersByTimeAsync(4999);
      expect(served.requests).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(served.requests).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(6999);
      expect(served.requests).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(served.requests).toHaveLength(3);
      await done;
    });

    it('longTimers(): a time limit past 2^31 - 1 ms fires when it says', async () => {
      const served = fakeFetch(
        (request) =>
          new Promise<Response>((_, reject) =>
            request.signal.addEventListener('abort', () => reject(request.signal.reason)),
          ),
      );
      const core = createCore({
        fetch: served.fetch,
        retry: false,
        timeoutMs: 3e9,
        deadlineMs: 0,
        guards: [longTimers()],
      });
      const done = fail(getBrc20Token(core, 'ordi'));
      await vi.advanceTimersByTimeAsync(3e9 - 1);
      expect(served.requests[0]?.signal.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await done).toBeInstanceOf(TimeoutError);
    });
  });
});
