import { setLongTimeout } from '../retry.js';

/**
 * One real `abort` listener per signal, however many calls wait on it: every call of a client may share the
 * caller's signal, and Node warns (`MaxListenersExceededWarning`) past ten listeners on one `AbortSignal`.
 */
const waiting = new WeakMap<AbortSignal, Set<(reason: unknown) => void>>();

/** Runs `onAbort` when `signal` aborts (at once if it has); the returned function stops that. */
function onAbort(signal: AbortSignal, callback: (reason: unknown) => void): () => void {
  if (signal.aborted) {
    callback(signal.reason);
    return () => {};
  }
  let set = waiting.get(signal);
  if (set === undefined) {
    const callbacks = new Set<(reason: unknown) => void>();
    set = callbacks;
    waiting.set(signal, callbacks);
    signal.addEventListener(
      'abort',
      () => {
        waiting.delete(signal);
        for (const fn of [...callbacks]) fn(signal.reason);
      },
      { once: true },
    );
  }
  set.add(callback);
  const callbacks = set;
  return () => {
    callbacks.delete(callback);
  };
}

/**
 * A controller that also aborts, with the same reason, when any of `signals` does; `dispose()` detaches it from
 * them. Hand-rolled rather than `AbortSignal.any`, which is missing from older runtimes.
 */
export function linkedController(signals: readonly (AbortSignal | undefined)[]): {
  controller: AbortController;
  dispose(): void;
} {
  const controller = new AbortController();
  const stops: (() => void)[] = [];
  for (const signal of signals) {
    if (signal === undefined) continue;
    stops.push(onAbort(signal, (reason) => controller.abort(reason)));
    if (controller.signal.aborted) break;
  }
  return {
    controller,
    dispose: () => {
      for (const stop of stops) stop();
    },
  };
}

/** The signals of one call, as {@link callSignals} makes them. */
export interface CallSignals {
  /** `Date.now()` value past which no attempt may run, `Infinity` for none. */
  readonly deadlineAt: number;
  /** Whether a timer, not a caller, aborted the current attempt. */
  readonly timedOut: boolean;
  /** Whether that timer was the call's deadline rather than the attempt's own time limit. */
  readonly deadlineHit: boolean;
  /** The caller signal that has aborted, if any: the call stops there. */
  aborted(): AbortSignal | undefined;
  /** Milliseconds left before the deadline (`Infinity` without one). */
  remaining(): number;
  /** Starts an attempt: its signal (to hand to `fetch`), with its time limit running; none if nothing can abort it. */
  attempt(): AbortSignal | undefined;
  /** Ends the current attempt: stops its timer. */
  settle(): void;
  /** The signal a wait between attempts stops on: the callers', with no timeout. */
  between(): { signal: AbortSignal | undefined; dispose(): void };
  /** Ends the call: detaches from the caller signals. */
  dispose(): void;
}

/**
 * The signals of one call's attempts: the caller signals, a time limit per attempt, and the deadline of the whole
 * call. Each attempt gets a controller of its own (so a runtime that leaves a listener on the signal it was given
 * never piles them up), linked to the callers through {@link onAbort}. Timers are `setTimeout`, which fake timers
 * control (`AbortSignal.timeout` runs on timers they cannot reach, so tests could not drive time limits).
 */
export function callSignals(
  callers: AbortSignal[],
  timeoutMs: number | undefined,
  deadlineMs: number | undefined,
): CallSignals {
  const own = limit(timeoutMs) || Number.POSITIVE_INFINITY;
  const deadline = limit(deadlineMs);
  const deadlineAt = deadline ? Date.now() + deadline : Number.POSITIVE_INFINITY;
  let linked: ReturnType<typeof linkedController> | undefined;
  let cancelTimer: (() => void) | undefined;
  let timedOut = false;
  let deadlineHit = false;
  const remaining = () => deadlineAt - Date.now();
  const settle = () => {
    cancelTimer?.();
    cancelTimer = undefined;
  };
  return {
    deadlineAt,
    get timedOut() {
      return timedOut;
    },
    get deadlineHit() {
      return deadlineHit;
    },
    aborted: () => callers.find((s) => s.aborted),
    remaining,
    attempt() {
      timedOut = deadlineHit = false;
      linked?.dispose();
      const left = remaining();
      const ms = Math.min(own, left);
      // A signal costs every request (the runtime links it, and keeps it until a full GC): none when nothing can abort.
      if (ms === Number.POSITIVE_INFINITY && callers.length === 0) return undefined;
      linked = linkedController(callers);
      const { controller } = linked;
      if (ms < Number.POSITIVE_INFINITY) {
        const byDeadline = left <= own;
        // Chained past 2^31 - 1 ms: one plain timer would fire a limit of 25 days or more after 1 ms.
        cancelTimer = setLongTimeout(
          () => {
            timedOut = true;
            deadlineHit = byDeadline;
            controller.abort(new DOMException(`Timed out after ${ms} ms`, 'TimeoutError'));
          },
          Math.max(0, ms),
        );
      }
      return controller.signal;
    },
    settle,
    between: () =>
      callers.length === 0
        ? { signal: undefined, dispose: () => {} }
        : (({ controller, dispose }) => ({ signal: controller.signal, dispose }))(linkedController(callers)),
    dispose() {
      settle();
      linked?.dispose();
    },
  };
}

/** A time limit option as milliseconds, `0` meaning none (`0`, `Infinity` and `undefined` all mean none). */
function limit(ms: number | undefined): number {
  return ms !== undefined && ms > 0 && ms < Number.POSITIVE_INFINITY ? ms : 0;
}
