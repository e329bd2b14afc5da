import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../src/client.js';
import {
  AbortError,
  BadRequestError,
  ConnectionError,
  NotFoundError,
  RateLimitError,
  ResponseParseError,
  ServerError,
  TimeoutError,
} from '../../src/errors.js';
import { fakeFetch, hangingFetch, json, text } from '../helpers/fake-fetch.js';

const BLOCK = { height: 1, hash: '0xab' };
const refused = () =>
  new TypeError('fetch failed', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) });

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0); // no jitter: backoff is exactly 500, 1000, ...
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('transport: thrown network errors', () => {
  it('turns a failed fetch into a ConnectionError naming the request and the cause', async () => {
    const { fetch } = fakeFetch(() => {
      throw refused();
    });
    const client = createClient({ fetch, retry: false });
    const error = await client.getBlockByBurnBlockHeight(9).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toBe(
      'GET https://api.hiro.so/extended/v1/block/by_burn_block_height/9: fetch failed (ECONNREFUSED)',
    );
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });

  it('makes whatever fetch throws a ConnectionError, one of our own errors included', async () => {
    const thrown = new NotFoundError({
      status: 404,
      body: undefined,
      headers: new Headers(),
      method: 'GET',
      url: 'u',
    });
    const { fetch, requests } = fakeFetch(() => {
      throw thrown;
    });
    const client = createClient({ fetch, retry: { maxRetries: 1 } });
    const caught = client.getBlockByBurnBlockHeight(9).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    const error = await caught;
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).cause).toBe(thrown);
    expect(requests).toHaveLength(2); // retried like any failed fetch
  });

  it('retries connection errors with backoff and then succeeds', async () => {
    const { fetch } = fakeFetch((_req, call) => {
      if (call === 1) throw refused();
      return json(BLOCK);
    });
    const promise = createClient({ fetch }).getBlockByBurnBlockHeight(9);
    await vi.advanceTimersByTimeAsync(499);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(promise).resolves.toEqual(BLOCK);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('reads a body that breaks off mid-stream as a connection error', async () => {
    const broken = new ReadableStream({
      start(controller) {
        controller.error(new TypeError('terminated'));
      },
    });
    const { fetch } = fakeFetch(() => new Response(broken, { status: 200 }));
    const error = await createClient({ fetch, retry: false })
      .getBlockByBurnBlockHeight(9)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toContain('could not be read');
  });
});

describe('transport: non-2xx answers', () => {
  it('throws NotFoundError with the parsed body and does not retry a 404', async () => {
    const body = { statusCode: 404, error: 'Not Found', message: 'cannot find block by height' };
    const { fetch } = fakeFetch(() => json(body, { status: 404, headers: { 'x-request-id': 'r1' } }));
    const error = await createClient({ fetch })
      .getBlockByBurnBlockHeight(9)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({
      status: 404,
      body,
      method: 'GET',
      url: 'https://api.hiro.so/extended/v1/block/by_burn_block_height/9',
      requestId: 'r1',
      message: '404 GET /extended/v1/block/by_burn_block_height/9: cannot find block by height',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps a plain-text error body as text', async () => {
    const { fetch } = fakeFetch(() => text('limit too large', { status: 400 }));
    const error = await createClient({ fetch })
      .getBrc20Token('ordi')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({
      body: 'limit too large',
      message: '400 GET /ordinals/v1/brc-20/tokens/ordi: limit too large',
    });
  });

  it('handles an HTML gateway page and an empty body', async () => {
    const { fetch } = fakeFetch((_req, call) =>
      call === 1
        ? text('<html>502</html>', { status: 502 }, 'text/html')
        : new Response(null, { status: 503 }),
    );
    const client = createClient({ fetch, retry: false });
    await expect(client.getBrc20Token('ordi')).rejects.toThrow(
      '502 GET /ordinals/v1/brc-20/tokens/ordi: Bad Gateway (HTML body)',
    );
    const error = await client.getBrc20Token('ordi').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ body: undefined, message: expect.stringContaining('(empty body)') });
  });

  it('retries 5xx twice by default, doubling the delay, then throws ServerError', async () => {
    const { fetch } = fakeFetch(() =>
      json({ statusCode: 503, error: 'x', message: 'busy' }, { status: 503 }),
    );
    const promise = createClient({ fetch }).getBrc20Token('ordi');
    const assertion = expect(promise).rejects.toBeInstanceOf(ServerError);
    await vi.advanceTimersByTimeAsync(500);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('waits exactly as long as Retry-After asks on a 429', async () => {
    const { fetch } = fakeFetch((_req, call) =>
      call === 1
        ? json(
            { statusCode: 429, error: 'x', message: 'slow down' },
            { status: 429, headers: { 'retry-after': '3' } },
          )
        : json(BLOCK),
    );
    const promise = createClient({ fetch }).getBlockByBurnBlockHeight(1);
    await vi.advanceTimersByTimeAsync(2999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(promise).resolves.toEqual(BLOCK);
  });

  it('gives up at once when the server asks for a wait beyond maxRetryAfterMs', async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 429, headers: { 'retry-after': '120' } }));
    const error = await createClient({ fetch })
      .getBlockByBurnBlockHeight(1)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(120_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('lets a call override the client retry settings', async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 500 }));
    const client = createClient({ fetch, retry: { maxRetries: 5 } });
    await expect(client.getBrc20Token('ordi', { retry: false })).rejects.toBeInstanceOf(ServerError);
    expect(fetch).toHaveBeenCalledTimes(1);
    const promise = client.getBrc20Token('ordi', { retry: { maxRetries: 1, initialDelayMs: 10 } });
    const assertion = expect(promise).rejects.toBeInstanceOf(ServerError);
    await vi.advanceTimersByTimeAsync(10);
    await assertion;
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});

describe('transport: 2xx bodies that do not parse', () => {
  it.each([
    [
      'truncated JSON with Content-Length',
      () => new Response('{"height":', { headers: { 'content-length': '10' } }),
    ],
    ['truncated JSON, chunked', () => new Response('{"height":')],
    ['an HTML page', () => text('<html>captive portal</html>', {}, 'text/html')],
  ])('throws ResponseParseError for %s, without retrying', async (_name, respond) => {
    const { fetch } = fakeFetch(respond);
    const error = await createClient({ fetch })
      .getBlockByBurnBlockHeight(9)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseParseError);
    expect((error as Error).message).toMatch(
      /^200 GET \/extended\/v1\/block\/by_burn_block_height\/9: the body is not valid JSON/,
    );
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      'an empty body',
      () => new Response(null, { status: 200, headers: { 'content-length': '0' } }),
      'got an empty one',
    ],
    ['a JSON array where an object is promised', () => json([1]), 'expected a JSON object'],
    ['a JSON null', () => json(null), 'expected a JSON object'],
  ])('throws ResponseParseError for %s', async (_name, respond, reason) => {
    const { fetch } = fakeFetch(respond);
    const error = await createClient({ fetch })
      .getBlockByBurnBlockHeight(9)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseParseError);
    expect((error as Error).message).toContain(reason);
  });
});

describe('transport: timeouts and aborts', () => {
  it('times out an attempt after timeoutMs and retries it', async () => {
    const fetch = hangingFetch();
    const promise = createClient({ fetch, timeoutMs: 1000 }).getBrc20Token('ordi');
    const assertion = expect(promise).rejects.toThrow(TimeoutError);
    await vi.advanceTimersByTimeAsync(1000); // attempt 1 times out
    await vi.advanceTimersByTimeAsync(500 + 1000); // backoff, attempt 2
    await vi.advanceTimersByTimeAsync(1000 + 1000); // backoff, attempt 3
    await assertion;
    expect(fetch).toHaveBeenCalledTimes(3);
    await expect(promise).rejects.toThrow(
      'GET https://api.hiro.so/ordinals/v1/brc-20/tokens/ordi: timed out after 1000 ms',
    );
  });

  it('lets a call set its own timeout', async () => {
    const fetch = hangingFetch();
    const promise = createClient({ fetch, timeoutMs: 60_000, retry: false }).getBrc20Token('ordi', {
      timeoutMs: 50,
    });
    const assertion = expect(promise).rejects.toBeInstanceOf(TimeoutError);
    await vi.advanceTimersByTimeAsync(50);
    await assertion;
  });

  it('aborts an in-flight request with AbortError and does not retry it', async () => {
    const fetch = hangingFetch();
    const controller = new AbortController();
    const promise = createClient({ fetch }).getBrc20Token('ordi', { signal: controller.signal });
    const assertion = expect(promise).rejects.toBeInstanceOf(AbortError);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    await assertion;
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('cancels a pending backoff at once', async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 503, headers: { 'retry-after': '30' } }));
    const controller = new AbortController();
    const promise = createClient({ fetch }).getBrc20Token('ordi', { signal: controller.signal });
    const assertion = expect(promise).rejects.toBeInstanceOf(AbortError);
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await assertion;
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs a timer per attempt only when a time limit can fire', async () => {
    const timers: number[] = [];
    const { fetch } = fakeFetch(() => {
      timers.push(vi.getTimerCount());
      return json(BLOCK);
    });
    await createClient({ fetch }).getBlockByBurnBlockHeight(1);
    await createClient({ fetch, timeoutMs: 0, deadlineMs: 0 }).getBlockByBurnBlockHeight(1);
    expect(timers).toEqual([1, 0]);
  });

  it('still aborts a call that has no time limit when its signal aborts', async () => {
    const fetch = hangingFetch();
    const controller = new AbortController();
    const client = createClient({ fetch, timeoutMs: 0, deadlineMs: 0 });
    const promise = client.getBrc20Token('ordi', { signal: controller.signal });
    const assertion = expect(promise).rejects.toBeInstanceOf(AbortError);
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    await assertion;
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('honours the client-level signal and an already-aborted signal', async () => {
    const { fetch } = fakeFetch(() => json(BLOCK));
    const client = createClient({ fetch, signal: AbortSignal.abort() });
    await expect(client.getBlockByBurnBlockHeight(1)).rejects.toBeInstanceOf(AbortError);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('transport: fetch, headers, API key and middleware', () => {
  it('looks globalThis.fetch up on every call, so a stub installed after createClient applies', async () => {
    const client = createClient({ retry: false });
    const first = fakeFetch(() => json({ n: 1 }));
    vi.stubGlobal('fetch', first.fetch);
    await expect(client.getBlockByBurnBlockHeight(1)).resolves.toEqual({ n: 1 });
    const second = fakeFetch(() => json({ n: 2 }));
    vi.stubGlobal('fetch', second.fetch);
    await expect(client.getBlockByBurnBlockHeight(1)).resolves.toEqual({ n: 2 });
    expect(first.fetch).toHaveBeenCalledTimes(1);
  });

  it('sends the API key, client headers and call headers; the call wins', async () => {
    const { fetch, requests } = fakeFetch(() => json(BLOCK));
    const client = createClient({ fetch, apiKey: 'sk-1', headers: { 'x-team': 'a', 'x-trace': 'client' } });
    await client.getBlockByBurnBlockHeight(1, { headers: { 'x-trace': 'call' } });
    const headers = requests[0]?.headers;
    expect(headers?.get('x-api-key')).toBe('sk-1');
    expect(headers?.get('x-team')).toBe('a');
    expect(headers?.get('x-trace')).toBe('call');

    const custom = fakeFetch(() => json(BLOCK));
    await createClient({
      fetch: custom.fetch,
      apiKey: 'sk-2',
      apiKeyHeader: 'authorization',
    }).getBlockByBurnBlockHeight(1);
    expect(custom.requests[0]?.headers.get('authorization')).toBe('sk-2');
    expect(custom.requests[0]?.headers.has('x-api-key')).toBe(false);
  });

  it('keeps the API key out of every error message', async () => {
    const { fetch } = fakeFetch((_req, call) => {
      if (call === 1) throw new TypeError('fetch failed for key sk-secret');
      return json(
        { statusCode: 403, error: 'Forbidden', message: 'invalid API key sk-secret' },
        { status: 403 },
      );
    });
    const client = createClient({ fetch, apiKey: 'sk-secret', retry: false });
    const errors = await Promise.all([
      client.getBrc20Token('ordi').then(
        () => new Error('resolved'),
        (e: Error) => e,
      ),
      client.getBrc20Token('ordi').then(
        () => new Error('resolved'),
        (e: Error) => e,
      ),
    ]);
    for (const error of errors) expect(error.message).not.toContain('sk-secret');
    expect(errors.map((e) => e.message)).toEqual([
      'GET https://api.hiro.so/ordinals/v1/brc-20/tokens/ordi: fetch failed for key [redacted]',
      '403 GET /ordinals/v1/brc-20/tokens/ordi: invalid API key [redacted] (the API key was rejected: check the apiKey option)',
    ]);
  });

  it('runs middleware and passes errors thrown by it through untouched', async () => {
    const { fetch, requests } = fakeFetch(() => json(BLOCK));
    const client = createClient({
      fetch,
      use: [
        {
          onRequest({ request }) {
            request.headers.set('x-from-middleware', '1');
            return request;
          },
        },
      ],
    });
    await client.getBlockByBurnBlockHeight(1);
    expect(requests[0]?.headers.get('x-from-middleware')).toBe('1');

    const mine = new SyntaxError('my middleware broke');
    const failing = createClient({
      fetch,
      use: [
        {
          onResponse() {
            throw mine;
          },
        },
      ],
    });
    await expect(failing.getBlockByBurnBlockHeight(1)).rejects.toBe(mine);
  });

  it('passes through untouched what middleware throws that is not an object (null, undefined, a string)', async () => {
    const { fetch } = fakeFetch(() => json(BLOCK));
    for (const thrown of [null, undefined, 'no']) {
      const failing = createClient({
        fetch,
        use: [
          {
            onRequest() {
              throw thrown;
            },
          },
        ],
      });
      const outcome = await failing.getBlockByBurnBlockHeight(1).then(
        () => 'resolved',
        (error: unknown) => error,
      );
      expect(outcome).toBe(thrown);
    }
  });

  it('exposes the raw Response through withResponse()', async () => {
    const { fetch } = fakeFetch(() => json(BLOCK, { headers: { etag: '"abc"' } }));
    const { data, response } = await createClient({ fetch }).getBlockByBurnBlockHeight(1).withResponse();
    expect(data).toEqual(BLOCK);
    expect(response.headers.get('etag')).toBe('"abc"');
    expect(response.status).toBe(200);
  });
});
