import { vi } from 'vitest';

/**
 * Fake `setTimeout`, `clearTimeout` and `Date` only: `setImmediate` and `performance` stay real, so sockets and
 * stream callbacks keep running while the test decides when time moves.
 */
export function useFakeClock(start = new Date('2026-01-01T00:00:00.000Z')): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(start);
}

/** A few turns of the real event loop, for I/O and promise chains to run; the fake clock stands still. */
export async function flushIo(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Turns the real event loop until `condition` holds (at most 3 s of real time, which only a bug would use). */
export async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + 3_000;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Moves the fake clock, running due timers and the promise chains they start. */
export async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await flushIo();
}

/** Tracks a promise without awaiting it, so a test can check it is still pending. */
export function track<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  const settled = promise.then(
    (value) => {
      state.settled = true;
      state.value = value;
    },
    (error: unknown) => {
      state.settled = true;
      state.error = error;
    },
  );
  return Object.assign(state, { settledPromise: settled });
}
