// Each opt-in guard acts on the cores given it and on no other core of the process: a core without it, created before
// or after one with it, and a plain core next to a `createClient()` (which takes every guard), keep the defaults.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiError,
  type CoreOptions,
  createClient,
  createCore,
  createPacer,
  deepRedaction,
  errorDetails,
  type Guard,
  getBrc20Token,
  longTimers,
  rateLimitHeaders,
  statusPhrases,
} from '../src/index.js';
import { fakeFetch, hangingFetch, json, text } from './helpers/fake-fetch.js';

type Core = ReturnType<typeof createCore>;

/** The error a call rejects with (a call that succeeds fails the test). */
const failure = (core: Core): Promise<ApiError> =>
  getBrc20Token(core, 'ordi').then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e as ApiError,
  );

const KEY = 'k-secret-1';

interface Case {
  guard: () => Guard;
  /** The options of every core of the case (a new `fetch` each, so cores share nothing else). */
  options: () => CoreOptions;
  /** What the case looks at, for one core; it may advance the fake clock, and leaves no call pending. */
  observe: (core: Core) => Promise<unknown>;
  want: { with: unknown; without: unknown };
}

const CASES: [string, Case][] = [
  [
    'statusPhrases()',
    {
      guard: statusPhrases,
      options: () => ({ fetch: fakeFetch(() => new Response(null, { status: 502 })).fetch, retry: false }),
      observe: async (core) => (await failure(core)).message,
      want: {
        with: '502 GET /ordinals/v1/brc-20/tokens/ordi: Bad Gateway (empty body)',
        without: '502 GET /ordinals/v1/brc-20/tokens/ordi: Server error (empty body)',
      },
    },
  ],
  [
    'deepRedaction()',
    {
      guard: deepRedaction,
      // The key echoed with a `\u` escape: only a redaction of the parsed body finds it.
      options: () => ({
        apiKey: KEY,
        retry: false,
        fetch: fakeFetch(() => text('{"message":"no","echo":"\\u006b-secret-1"}', { status: 400 })).fetch,
      }),
      observe: async (core) => ((await failure(core)).body as unknown as { echo: string }).echo,
      want: { with: '[redacted]', without: KEY },
    },
  ],
  [
    'errorDetails() on a 401',
    {
      guard: errorDetails,
      options: () => ({
        retry: false,
        fetch: fakeFetch(() =>
          json({ message: 'bad key', code: 'E_KEY' }, { status: 401, headers: { 'x-request-id': 'req-1' } }),
        ).fetch,
      }),
      observe: async (core) => {
        const { requestId, code, message } = await failure(core);
        return { requestId, code, message };
      },
      want: {
        with: {
          requestId: 'req-1',
          code: 'E_KEY',
          message:
            '401 GET /ordinals/v1/brc-20/tokens/ordi: bad key (no API key was sent: pass one with the apiKey option)',
        },
        without: {
          requestId: undefined,
          code: undefined,
          message: '401 GET /ordinals/v1/brc-20/tokens/ordi: bad key',
        },
      },
    },
  ],
  [
    'errorDetails() on an HTML page',
    {
      guard: errorDetails,
      options: () => ({
        retry: false,
        fetch: fakeFetch(() => text('<html><body>Bad Gateway</body></html>', { status: 502 }, 'text/html'))
          .fetch,
      }),
      observe: async (core) => (await failure(core)).message,
      want: {
        // (createClient's statusPhrases() names the status as well.)
        with: expect.stringMatching(/^502 GET \/ordinals\/v1\/brc-20\/tokens\/ordi: .+ \(HTML body\)$/),
        without: '502 GET /ordinals/v1/brc-20/tokens/ordi: <html><body>Bad Gateway</body></html>',
      },
    },
  ],
  [
    'rateLimitHeaders()',
    {
      guard: rateLimitHeaders,
      options: () => ({
        retry: { initialDelayMs: 100, maxDelayMs: 100 },
        fetch: fakeFetch((_, call) =>
          call === 1 ? json({}, { status: 429, headers: { 'retry-after-ms': '5000' } }) : json({ token: {} }),
        ).fetch,
      }),
      // When the retry went out: after the backoff (75 to 100 ms), or after the 5 s the header names.
      observe: async (core) => {
        const done = getBrc20Token(core, 'ordi');
        let sent = 0;
        for (; sent <= 5000 && calls(core) < 2; sent += 100) await vi.advanceTimersByTimeAsync(100);
        await done;
        return sent;
      },
      want: { with: 5000, without: 100 },
    },
  ],
  [
    'longTimers()',
    {
      guard: longTimers,
      options: () => ({ fetch: hangingFetch(), retry: false, timeoutMs: 3e9, deadlineMs: 0 }),
      // Whether the attempt is still running 2^31 - 1 ms in (it times out at 3e9 ms, or at 2^31 - 1 ms without).
      observe: async (core) => {
        let settled = false;
        const done = failure(core).finally(() => {
          settled = true;
        });
        await vi.advanceTimersByTimeAsync(2 ** 31 - 1);
        const running = !settled;
        await vi.advanceTimersByTimeAsync(3e9);
        expect((await done).name).toBe('TimeoutError');
        return running;
      },
      want: { with: true, without: false },
    },
  ],
];

/** How many requests a core's `fetch` received (each core of a case has its own stub). */
const fetches = new WeakMap<Core, { mock: { calls: unknown[] } }>();
const calls = (core: Core): number => fetches.get(core)?.mock.calls.length ?? 0;

/** A core (or client) of the case, its `fetch` stub remembered for {@link calls}. */
function make(create: (options: CoreOptions) => Core, options: CoreOptions): Core {
  const core = create(options);
  fetches.set(core, options.fetch as never);
  return core;
}

describe('opt-in guards act per core', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(CASES)('%s: only the core given it has it, whichever was created first', async (_, c) => {
    const before = make(createCore, c.options());
    const guarded = make(createCore, { ...c.options(), guards: [c.guard()] });
    const after = make(createCore, c.options());
    expect(await c.observe(before)).toEqual(c.want.without);
    expect(await c.observe(guarded)).toEqual(c.want.with);
    expect(await c.observe(after)).toEqual(c.want.without);
  });

  it('longTimers(): a pacer shared by two cores holds a long pause in full for the core with it only', async () => {
    const served = fakeFetch((_, call) =>
      call === 1 ? json({}, { status: 429, headers: { 'retry-after': '3000000' } }) : json({ token: {} }),
    );
    const rateLimit = createPacer();
    // A pause of 3e9 ms, which both cores accept from the server (the pacer holds at most what the core allows).
    const options = {
      fetch: served.fetch,
      rateLimit,
      retry: { maxRetries: 0, maxRetryAfterMs: 4e9 },
      deadlineMs: 0,
    };
    const plain = createCore(options);
    const guarded = createCore({ ...options, guards: [longTimers()] });
    await expect(getBrc20Token(plain, 'ordi')).rejects.toMatchObject({ status: 429 });
    const early = getBrc20Token(plain, 'ordi');
    const held = getBrc20Token(guarded, 'ordi');
    await vi.advanceTimersByTimeAsync(2 ** 31 - 1);
    // The plain core's wait fired at the longest single timer; the guarded one still waits.
    expect(served.requests).toHaveLength(2);
    await early;
    await vi.advanceTimersByTimeAsync(3e9 - 2 ** 31 - 1);
    expect(served.requests).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2);
    expect(served.requests).toHaveLength(3);
    await held;
  });

  it.each(CASES)('%s: createClient() has it, a plain createCore() next to it does not', async (_, c) => {
    const client = make(createClient, c.options());
    const core = make(createCore, c.options());
    expect(await c.observe(core)).toEqual(c.want.without);
    expect(await c.observe(client)).toEqual(c.want.with);
  });
});
