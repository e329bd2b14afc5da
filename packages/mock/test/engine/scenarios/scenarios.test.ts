import { afterEach, describe, expect, it, vi } from 'vitest';
import { createScenarios, isIdle, type Scenarios } from '../../../src/engine/scenarios/scenarios';

const request = (headers: Record<string, string> = {}) =>
  new Request('https://api.hiro.so/extended/v1/block/by_burn_block_height/1', { headers });

describe('createScenarios', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets every request through with no headers when nothing is configured', async () => {
    const scenarios = createScenarios();
    const decision = await scenarios.intercept(request());
    expect(decision).toEqual({ response: undefined, headers: {} });
    expect(scenarios.state).toEqual({
      latencyMs: 0,
      pendingFailures: 0,
      pendingNetworkErrors: 0,
      pendingReorgs: 0,
      rateLimit: null,
      sunset: [],
    });
  });

  it('fails exactly the next N requests, queued in order, then recovers', async () => {
    const scenarios = createScenarios({ now: () => 1_000_000 });
    scenarios.failNext(2, { status: 429, retryAfterSeconds: 3 }).failNext(1, { status: 503 });
    expect(scenarios.state.pendingFailures).toBe(3);
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      const { response } = await scenarios.intercept(request());
      statuses.push(response?.status ?? 200);
    }
    expect(statuses).toEqual([429, 429, 503, 200]);
    expect(scenarios.state.pendingFailures).toBe(0);
  });

  it('answers a queued 429 with Retry-After, ratelimit-* and the Fastify-shaped body', async () => {
    const scenarios = createScenarios({ now: () => 1_000_000 });
    scenarios.failNext(1, { status: 429, retryAfterSeconds: 2 });
    const { response } = await scenarios.intercept(request());
    expect(response?.status).toBe(429);
    expect(response?.headers.get('retry-after')).toBe('2');
    expect(response?.headers.get('ratelimit-remaining')).toBe('0');
    expect(response?.headers.get('ratelimit-reset')).toBe(String(1000 + 2));
    expect(response?.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response?.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'Rate limit exceeded, retry in 2 seconds',
    });
  });

  it.each([
    [500, 'Internal Server Error'],
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
    [504, 'Gateway Timeout'],
    [507, 'Insufficient Storage'],
    [418, "I'm a Teapot"],
    [499, 'Error'],
  ])('answers a queued %i with its reason phrase', async (status, reason) => {
    const scenarios = createScenarios();
    scenarios.failNext(1, { status });
    const { response } = await scenarios.intercept(request());
    expect(response?.status).toBe(status);
    expect(response?.headers.has('retry-after')).toBe(false);
    expect(await response?.json()).toMatchObject({ statusCode: status, error: reason });
  });

  it('defaults a 429 to Retry-After: 1 and a failure without options to 503', async () => {
    const scenarios = createScenarios();
    scenarios.failNext(1, { status: 429 }).failNext(1);
    const first = (await scenarios.intercept(request())).response;
    const second = (await scenarios.intercept(request())).response;
    expect(first?.headers.get('retry-after')).toBe('1');
    expect(second?.status).toBe(503);
  });

  it('turns the next N requests into network errors', async () => {
    const scenarios = createScenarios();
    scenarios.networkErrorNext(2);
    const types: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const { response } = await scenarios.intercept(request());
      types.push(response?.type ?? 'pass');
    }
    expect(types).toEqual(['error', 'error', 'pass']);
  });

  it('delays answers by the configured latency, on a timer of its own (fake timers)', async () => {
    vi.useFakeTimers();
    const scenarios = createScenarios().latency(250);
    let settled = false;
    const pending = scenarios.intercept(request()).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(249);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(settled).toBe(true);
  });

  it('clear() removes latency, queued failures, network errors, the rate limit and scheduled re-orgs', async () => {
    const scenarios = createScenarios();
    scenarios
      .latency(10)
      .failNext(3, { status: 500 })
      .networkErrorNext(1)
      .rateLimit()
      .reorgAfter(2, { depth: 1 });
    scenarios.clear();
    expect(scenarios.state).toEqual({
      latencyMs: 0,
      pendingFailures: 0,
      pendingNetworkErrors: 0,
      pendingReorgs: 0,
      rateLimit: null,
      sunset: [],
    });
    expect((await scenarios.intercept(request())).response).toBeUndefined();
  });

  it.each([
    ['a negative latency', (s: ReturnType<typeof createScenarios>) => s.latency(-1)],
    ['a fractional count', (s: ReturnType<typeof createScenarios>) => s.failNext(1.5, { status: 500 })],
    ['a success status', (s: ReturnType<typeof createScenarios>) => s.failNext(1, { status: 200 })],
    ['a status above 599', (s: ReturnType<typeof createScenarios>) => s.failNext(1, { status: 600 })],
    ['a negative network error count', (s: ReturnType<typeof createScenarios>) => s.networkErrorNext(-2)],
    ['a zero rate', (s: ReturnType<typeof createScenarios>) => s.rateLimit({ perMinute: 0 })],
  ])('refuses %s with a RangeError', (_name, configure) => {
    expect(() => configure(createScenarios())).toThrow(RangeError);
  });
});

describe('rateLimit', () => {
  function clock(start = 1_700_000_000_000) {
    let now = start;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  }

  async function statuses(scenarios: ReturnType<typeof createScenarios>, count: number, headers = {}) {
    const out: number[] = [];
    for (let index = 0; index < count; index += 1) {
      out.push((await scenarios.intercept(request(headers))).response?.status ?? 200);
    }
    return out;
  }

  it('allows 50 requests a minute without a key, then answers 429 until the window ends', async () => {
    const time = clock();
    const scenarios = createScenarios({ now: time.now }).rateLimit();
    expect(await statuses(scenarios, 50)).toEqual(Array(50).fill(200));
    time.advance(20_000);
    const { response } = await scenarios.intercept(request());
    expect(response?.status).toBe(429);
    expect(response?.headers.get('retry-after')).toBe('40');
    expect(response?.headers.get('ratelimit-limit')).toBe('50');
    expect(response?.headers.get('ratelimit-remaining')).toBe('0');
    expect(response?.headers.get('ratelimit-reset')).toBe(
      String(Math.ceil((1_700_000_000_000 + 60_000) / 1000)),
    );
    expect(await response?.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
    time.advance(40_000);
    expect(await statuses(scenarios, 1)).toEqual([200]);
  });

  it('allows 500 a minute to each API key, counted apart from anonymous clients', async () => {
    const time = clock();
    const scenarios = createScenarios({ now: time.now }).rateLimit();
    const keyed = await statuses(scenarios, 501, { 'x-api-key': 'k1' });
    expect(keyed.filter((status) => status === 200)).toHaveLength(500);
    expect(keyed.at(-1)).toBe(429);
    expect(await statuses(scenarios, 1, { 'x-api-key': 'k2' })).toEqual([200]);
    expect(await statuses(scenarios, 1)).toEqual([200]);
  });

  it('counts anonymous clients per x-forwarded-for address', async () => {
    const scenarios = createScenarios({ now: clock().now }).rateLimit({ perMinute: 2 });
    expect(await statuses(scenarios, 3, { 'x-forwarded-for': '10.0.0.1' })).toEqual([200, 200, 429]);
    expect(await statuses(scenarios, 2, { 'x-forwarded-for': '10.0.0.2, 172.16.0.1' })).toEqual([200, 200]);
  });

  it('sends the ratelimit-* headers on allowed requests, remaining counting down', async () => {
    const scenarios = createScenarios({ now: clock().now }).rateLimit({ perMinute: 3 });
    const remaining: (string | undefined)[] = [];
    for (let index = 0; index < 3; index += 1) {
      remaining.push((await scenarios.intercept(request())).headers['ratelimit-remaining']);
    }
    expect(remaining).toEqual(['2', '1', '0']);
  });

  it('honours a custom client id and limits', async () => {
    const scenarios = createScenarios({ now: clock().now }).rateLimit({
      perMinute: 1,
      perMinuteWithKey: 2,
      clientId: (req) => req.headers.get('x-client') ?? 'none',
    });
    expect(await statuses(scenarios, 2, { 'x-client': 'a' })).toEqual([200, 429]);
    expect(await statuses(scenarios, 1, { 'x-client': 'b' })).toEqual([200]);
    expect(await statuses(scenarios, 3, { 'x-api-key': 'key' })).toEqual([200, 200, 429]);
    expect(scenarios.state.rateLimit).toEqual({ perMinute: 1, perMinuteWithKey: 2 });
  });

  it('is turned off by rateLimit(null)', async () => {
    const scenarios = createScenarios({ now: clock().now }).rateLimit({ perMinute: 1 });
    scenarios.rateLimit(null);
    expect(await statuses(scenarios, 5)).toEqual(Array(5).fill(200));
  });
});

describe('isIdle', () => {
  const configured: [string, (scenarios: Scenarios) => unknown][] = [
    ['latency', (s) => s.latency(1)],
    ['a queued failure', (s) => s.failNext(1)],
    ['a queued network error', (s) => s.networkErrorNext(1)],
    ['a rate limit', (s) => s.rateLimit()],
  ];

  it.each(configured)('is false while %s is configured, true again after clear()', (_name, configure) => {
    const scenarios = createScenarios();
    expect(isIdle(scenarios)).toBe(true);
    configure(scenarios);
    expect(isIdle(scenarios)).toBe(false);
    scenarios.clear();
    expect(isIdle(scenarios)).toBe(true);
  });

  it('is true again once the queued failures are used up', async () => {
    const scenarios = createScenarios().failNext(1, { status: 500 }).networkErrorNext(1);
    await scenarios.intercept(new Request('https://api.hiro.so/x'));
    expect(isIdle(scenarios)).toBe(false);
    await scenarios.intercept(new Request('https://api.hiro.so/x'));
    expect(isIdle(scenarios)).toBe(true);
  });

  it('is false for scenarios not made by createScenarios, which must always be asked', () => {
    const own: Scenarios = { ...createScenarios() };
    expect(isIdle(own)).toBe(false);
  });
});
