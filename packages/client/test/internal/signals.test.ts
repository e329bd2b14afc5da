// The signals of a call's attempts (a time limit per attempt, the call's deadline, the caller's signal), seen through
// the request path: what `fetch` receives, and which timers run while it waits.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbortError, createCore, getBrc20Token, TimeoutError } from '../../src/index.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const TOKEN = { token: { ticker: 'ordi' } };

/** A fetch that records each request's signal and the timers running when it was called, answering from `answer`. */
function recording(answer: (request: Request, n: number) => Promise<Response>) {
  const signals: AbortSignal[] = [];
  const timers: number[] = [];
  const fetch = (request: Request) => {
    signals.push(request.signal);
    timers.push(vi.getTimerCount());
    return answer(request, signals.length);
  };
  return { fetch, signals, timers };
}

/** An answer that never comes: the request waits until its signal aborts, then fails as fetch fails. */
const hang = (request: Request) =>
  new Promise<Response>((_, reject) => {
    request.signal.addEventListener('abort', () => reject(request.signal.reason));
  });

describe('attempt signals', () => {
  it.each([
    ['no limits', undefined, undefined],
    ['limits of 0', 0, 0],
    ['infinite limits', Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY],
  ])('runs no timer when nothing can abort an attempt (%s)', async (_name, timeoutMs, deadlineMs) => {
    const seen = recording(async () => Response.json(TOKEN));
    const core = createCore({ fetch: seen.fetch, timeoutMs: timeoutMs ?? 0, deadlineMs: deadlineMs ?? 0 });
    await expect(getBrc20Token(core, 'ordi')).resolves.toEqual(TOKEN);
    expect(seen.timers).toEqual([0]);
    expect(seen.signals[0]?.aborted).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('aborts an attempt when its time limit passes, and says it was the limit', async () => {
    const seen = recording(hang);
    const core = createCore({ fetch: seen.fetch, timeoutMs: 1000, retry: false });
    const call = getBrc20Token(core, 'ordi').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(999);
    expect(seen.signals[0]?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.signals[0]?.aborted).toBe(true);
    expect(seen.signals[0]?.reason).toMatchObject({ name: 'TimeoutError' });
    const error = await call;
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/timed out after 1000 ms$/);
  });

  it('aborts an attempt at the deadline when that comes first', async () => {
    const seen = recording(hang);
    const core = createCore({ fetch: seen.fetch, timeoutMs: 5000, deadlineMs: 300 });
    const call = getBrc20Token(core, 'ordi').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(300);
    expect(seen.signals[0]?.aborted).toBe(true);
    const error = await call;
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/the call's deadline of 300 ms passed$/);
    expect(seen.signals).toHaveLength(1);
  });

  it('links a caller signal without any time limit, and detaches the attempt that settled', async () => {
    const caller = new AbortController();
    const seen = recording((request, n) =>
      n === 1 ? Promise.resolve(Response.json({}, { status: 503 })) : hang(request),
    );
    const core = createCore({
      fetch: seen.fetch,
      timeoutMs: 0,
      deadlineMs: 0,
      retry: { initialDelayMs: 10 },
      signal: caller.signal,
    });
    const call = getBrc20Token(core, 'ordi').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10);
    expect(seen.signals).toHaveLength(2);
    expect(seen.timers).toEqual([0, 0]);
    caller.abort(new Error('stop'));
    // Only the current attempt follows the caller: the first was detached when it settled.
    expect(seen.signals.map((s) => s.aborted)).toEqual([false, true]);
    expect(seen.signals[1]?.reason).toMatchObject({ message: 'stop' });
    expect(await call).toBeInstanceOf(AbortError);
  });

  it('gives each attempt a signal of its own and clears its timer when it settles', async () => {
    const seen = recording(async (_request, n) =>
      n === 1 ? Response.json({}, { status: 503 }) : Response.json(TOKEN),
    );
    const core = createCore({
      fetch: seen.fetch,
      timeoutMs: 1000,
      deadlineMs: 60_000,
      retry: { initialDelayMs: 10 },
    });
    const call = getBrc20Token(core, 'ordi');
    await vi.advanceTimersByTimeAsync(10);
    await expect(call).resolves.toEqual(TOKEN);
    // One timer while each attempt runs (its own limit), none once the call is over.
    expect(seen.timers).toEqual([1, 1]);
    expect(seen.signals[1]).not.toBe(seen.signals[0]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('a signal whose listener cannot be added', () => {
  it('fails every call that passes it, not only the first (no half-linked signal is remembered)', async () => {
    let fetched = 0;
    const core = createCore({
      fetch: async () => {
        fetched++;
        return Response.json(TOKEN);
      },
    });
    // Shaped like an AbortSignal (the option check passes it), but adding a listener throws.
    const signal = {
      aborted: false,
      addEventListener() {
        throw new Error('no listeners here');
      },
    } as unknown as AbortSignal;
    for (let call = 1; call <= 2; call++) {
      await expect(getBrc20Token(core, 'ordi', { signal })).rejects.toThrow('no listeners here');
    }
    expect(fetched).toBe(0);
  });
});
