// What users pass in gets a clear answer: every option of a client, a core, a call or a list is checked by name
// (a typo is a TypeError naming the closest option), and options of the wrong kind fail at creation, naming the option
// and never showing a credential.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createClient,
  createCore,
  createPacer,
  getAddressTransactions,
  getBrc20Token,
  getSmartContractsStatus,
  iterate,
} from '../src/index.js';
import { track, useFakeClock } from './hardening/helpers/clock.js';
import { fakeFetch, json } from './helpers/fake-fetch.js';

const TOKEN = { token: { ticker: 'ordi' }, supply: { max_supply: '1' } };
const SECRET = 'sk-do-not-show-7f3a';
const address = 'SP1KCRYKYTY4CBM0XHJW0E7RBFPP61P1D39VZ735H';

afterEach(() => {
  vi.useRealTimers();
});

/** Calls `make` and returns what it threw (failing the test when it threw nothing). */
function thrown(make: () => unknown): Error {
  try {
    make();
  } catch (error) {
    return error as Error;
  }
  throw new Error('nothing was thrown');
}

// Plain JavaScript callers: the options are built as `any` would be.
const loose = (options: Record<string, unknown>) => options as never;

describe('unknown option keys', () => {
  it.each([
    [
      'createClient',
      { baseURL: 'http://127.0.0.1:1' },
      'createClient options has no option "baseURL"; did you mean baseUrl?',
    ],
    [
      'createClient',
      { timeout: 5000 },
      'createClient options has no option "timeout"; did you mean timeoutMs?',
    ],
    ['createClient', { retries: 3 }, 'createClient options has no option "retries"; did you mean retry?'],
    ['createClient', { apikey: SECRET }, 'createClient options has no option "apikey"; did you mean apiKey?'],
    [
      'createClient',
      { ratelimit: true },
      'createClient options has no option "ratelimit"; did you mean rateLimit?',
    ],
    ['createClient', { zzz: 1 }, 'createClient options has no option "zzz"'],
    [
      'createClient',
      { retry: { retries: 3 } },
      'createClient options.retry has no option "retries"; did you mean maxRetries?',
    ],
    [
      'createClient',
      { rateLimit: { perminute: 5 } },
      'createClient options.rateLimit has no option "perminute"; did you mean perMinute?',
    ],
    [
      'createCore',
      { baseURL: 'http://127.0.0.1:1' },
      'createCore options has no option "baseURL"; did you mean baseUrl?',
    ],
    ['createCore', { timeout: 5000 }, 'createCore options has no option "timeout"; did you mean timeoutMs?'],
    ['createCore', { retries: 3 }, 'createCore options has no option "retries"; did you mean retry?'],
  ] as const)('%s(%j) is a TypeError naming the closest option', (factory, options, message) => {
    const make = factory === 'createClient' ? createClient : createCore;
    const error = thrown(() => make(loose(options)));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe(message);
    expect(error.message).not.toContain(SECRET);
  });

  it('refuses an unknown key of a call, of a list call, of its query and of the contract-status options; nothing is sent', async () => {
    const served = fakeFetch(() => json(TOKEN));
    const client = createClient({ fetch: served.fetch });
    const core = createCore({ fetch: served.fetch });
    const cases: [Promise<unknown>, string][] = [
      [
        client.getBrc20Token('ordi', loose({ timeout: 1 })),
        'options has no option "timeout"; did you mean timeoutMs?',
      ],
      [
        getBrc20Token(core, 'ordi', loose({ retries: 1 })),
        'options has no option "retries"; did you mean retry?',
      ],
      [
        client.getAddressTransactions(address, loose({ limt: 5 })),
        'query has no parameter "limt"; did you mean limit?',
      ],
      [
        getAddressTransactions(core, address, {}, loose({ pagesize: 5 })),
        'options has no option "pagesize"; did you mean pageSize?',
      ],
      [
        client.getAddressTransactionEvents(address, '0x01', loose({ cursor: 'x' })),
        'query has no parameter "cursor"',
      ],
      [
        client.getSmartContractsStatus(['a.b'], loose({ concurency: 2 })),
        'options has no option "concurency"; did you mean concurrency?',
      ],
      [getSmartContractsStatus(core, ['a.b'], loose({ limit: 2 })), 'options has no option "limit"'],
    ];
    for (const [call, message] of cases) {
      await expect(call).rejects.toThrow(new TypeError(message));
    }
    // Iterating reports it the same way.
    const items = iterate(getAddressTransactions(core, address, {}, loose({ maxitems: 5 })));
    await expect(items.next()).rejects.toThrow(
      new TypeError('options has no option "maxitems"; did you mean maxItems?'),
    );
    expect(served.requests).toHaveLength(0);
  });
});

describe('options of the wrong kind fail at creation', () => {
  it.each([
    ['signal', {}, 'signal must be an AbortSignal; got an object'],
    ['signal', 5, 'signal must be an AbortSignal; got 5'],
    ['fetch', {}, 'fetch must be a function; got an object'],
    ['credentialHeaders', 'x-session', 'credentialHeaders must be an array of header names; got "x-session"'],
    ['credentialHeaders', [1], 'credentialHeaders[0] must be a header name; got 1'],
    ['apiKeyHeader', 42, 'apiKeyHeader must be a string; got 42'],
    ['apiKeyHeader', ['x-key'], 'apiKeyHeader must be a string; got an array'],
  ])('%s: %j', (name, value, message) => {
    for (const [make, where] of [
      [createClient, 'createClient options'],
      [createCore, 'createCore options'],
    ] as const) {
      const error = thrown(() =>
        make(loose({ headers: { 'x-session': SECRET }, apiKey: SECRET, [name]: value })),
      );
      expect(error).toBeInstanceOf(TypeError);
      expect(error.message).toBe(`${where}.${message}`);
      expect(error.message).not.toContain(SECRET);
    }
  });

  it('refuses a per-call signal that is not an AbortSignal, sending nothing', async () => {
    const served = fakeFetch(() => json(TOKEN));
    const client = createClient({ fetch: served.fetch });
    await expect(client.getBrc20Token('ordi', loose({ signal: {} }))).rejects.toThrow(
      new TypeError('options.signal must be an AbortSignal; got an object'),
    );
    expect(served.requests).toHaveLength(0);
  });

  it('takes an AbortSignal of any realm (checked by shape)', () => {
    const signal = new EventTarget() as unknown as { aborted: boolean };
    signal.aborted = false;
    expect(() => createCore(loose({ signal }))).not.toThrow();
  });

  it('accepts rateLimit: false on a core as on a client', async () => {
    const served = fakeFetch(() => json(TOKEN));
    const core = createCore({ fetch: served.fetch, rateLimit: false });
    await expect(getBrc20Token(core, 'ordi')).resolves.toEqual(TOKEN);
    expect(() => createCore(loose({ rateLimit: true }))).toThrow(TypeError);
  });
});

describe('createPacer', () => {
  it.each([
    [Number.NaN, TypeError, 'createPacer maxPauseMs must be a number; got NaN'],
    ['60000', TypeError, 'createPacer maxPauseMs must be a number; got "60000"'],
    [-1, RangeError, 'createPacer maxPauseMs must be at least 0; got -1'],
  ])('refuses maxPauseMs %j', (maxPauseMs, kind, message) => {
    const error = thrown(() => createPacer(true, false, maxPauseMs as number));
    expect(error).toBeInstanceOf(kind);
    expect(error.message).toBe(message);
  });

  it('refuses an unknown key of its options', () => {
    expect(() => createPacer(loose({ perMinutes: 5 }))).toThrow(
      new TypeError('createPacer options has no option "perMinutes"; did you mean perMinute?'),
    );
  });
});

describe('one rule for a server-named pause', () => {
  // A 429 asking for 600 s, then a second call: it must go out after the core's maxRetryAfterMs (2 s), however the
  // pacer was made.
  const answer = (n: number) =>
    n === 1 ? json({}, { status: 429, headers: { 'retry-after': '600' } }) : json(TOKEN);
  const retry = { maxRetryAfterMs: 2000 };

  it.each([
    [
      'createClient({ rateLimit: true })',
      (fetch: never) => createClient({ fetch, retry, rateLimit: true, deadlineMs: 0 }),
    ],
    [
      'createCore({ rateLimit: createPacer() })',
      (fetch: never) => createCore({ fetch, retry, rateLimit: createPacer(), deadlineMs: 0 }),
    ],
    [
      'createClient({ rateLimit: createPacer() })',
      (fetch: never) => createClient({ fetch, retry, rateLimit: createPacer(), deadlineMs: 0 }),
    ],
  ])('%s holds the next call retry.maxRetryAfterMs', async (_name, make) => {
    useFakeClock();
    const served = fakeFetch((_request, n) => answer(n));
    const core = make(served.fetch as never);
    await getBrc20Token(core, 'ordi', { retry: false }).catch(() => {});
    const next = track(getBrc20Token(core, 'ordi'));
    await vi.advanceTimersByTimeAsync(1999);
    expect(served.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(served.requests).toHaveLength(2);
    await next.settledPromise;
    expect(next.error).toBeUndefined();
  });

  it('also holds it at most the pacer’s own maxPauseMs when that is shorter', async () => {
    useFakeClock();
    const served = fakeFetch((_request, n) => answer(n));
    const core = createCore({
      fetch: served.fetch,
      retry,
      rateLimit: createPacer(true, false, 500),
      deadlineMs: 0,
    });
    await getBrc20Token(core, 'ordi', { retry: false }).catch(() => {});
    const next = track(getBrc20Token(core, 'ordi'));
    await vi.advanceTimersByTimeAsync(499);
    expect(served.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(served.requests).toHaveLength(2);
    await next.settledPromise;
  });
});
