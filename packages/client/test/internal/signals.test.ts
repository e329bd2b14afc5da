import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callSignals } from '../../src/internal/signals.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('callSignals', () => {
  it.each([
    ['no limits', undefined, undefined],
    ['limits of 0', 0, 0],
    ['infinite limits', Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY],
  ])(
    'gives an attempt no signal and runs no timer when nothing can abort it (%s)',
    (_name, timeoutMs, deadlineMs) => {
      const signals = callSignals([], timeoutMs, deadlineMs);
      expect(signals.attempt()).toBeUndefined();
      expect(vi.getTimerCount()).toBe(0);
      signals.dispose();
    },
  );

  it('aborts an attempt when its time limit passes, and says it was the limit', async () => {
    const signals = callSignals([], 1000, undefined);
    const signal = signals.attempt();
    await vi.advanceTimersByTimeAsync(999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toMatchObject({ name: 'TimeoutError' });
    expect([signals.timedOut, signals.deadlineHit]).toEqual([true, false]);
    signals.dispose();
  });

  it('aborts an attempt at the deadline when that comes first', async () => {
    const signals = callSignals([], 5000, 300);
    const signal = signals.attempt();
    await vi.advanceTimersByTimeAsync(300);
    expect(signal?.aborted).toBe(true);
    expect([signals.timedOut, signals.deadlineHit]).toEqual([true, true]);
    signals.dispose();
  });

  it('links a caller signal without any time limit, and stops its timer when the attempt settles', async () => {
    const caller = new AbortController();
    const signals = callSignals([caller.signal], 0, 0);
    const first = signals.attempt();
    expect(first).toBeDefined();
    expect(vi.getTimerCount()).toBe(0);
    signals.settle();
    const second = signals.attempt();
    caller.abort(new Error('stop'));
    // Only the current attempt follows the caller: the first was detached when the second began.
    expect([first?.aborted, second?.aborted]).toEqual([false, true]);
    expect(second?.reason).toMatchObject({ message: 'stop' });
    expect(signals.timedOut).toBe(false);
    signals.dispose();
  });

  it('gives each attempt a signal of its own and clears its timer on settle', () => {
    const signals = callSignals([], 1000, 60_000);
    const first = signals.attempt();
    expect(vi.getTimerCount()).toBe(1);
    signals.settle();
    expect(vi.getTimerCount()).toBe(0);
    const second = signals.attempt();
    expect(second).not.toBe(first);
    signals.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });
});
