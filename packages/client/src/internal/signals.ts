/** One attempt's signal: aborts when any caller signal aborts or when the attempt's timeout fires. */
export interface AttemptSignal {
  readonly signal: AbortSignal;
  /** True when the timeout, not a caller, aborted the attempt. */
  timedOut(): boolean;
  /** True when a caller signal aborted. */
  callerAborted(): boolean;
  /** Clears the timer and the listeners; call once the attempt is over. */
  dispose(): void;
}

/**
 * Links caller signals and a timeout into one signal. Hand-rolled rather than `AbortSignal.any/timeout`
 * because those run on timers that fake timers cannot control.
 */
export function createAttemptSignal(
  callerSignals: readonly (AbortSignal | undefined)[],
  timeoutMs: number | undefined,
): AttemptSignal {
  const controller = new AbortController();
  const signals = callerSignals.filter((s): s is AbortSignal => s !== undefined);
  let timedOut = false;

  const onAbort = (event: Event): void => {
    controller.abort((event.target as AbortSignal).reason);
  };
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener('abort', onAbort, { once: true });
  }

  const timer =
    timeoutMs !== undefined && Number.isFinite(timeoutMs) && timeoutMs > 0 && !controller.signal.aborted
      ? setTimeout(() => {
          timedOut = true;
          controller.abort(new DOMException(`Timed out after ${timeoutMs} ms`, 'TimeoutError'));
        }, timeoutMs)
      : undefined;

  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    callerAborted: () => signals.some((s) => s.aborted),
    dispose: () => {
      if (timer !== undefined) clearTimeout(timer);
      for (const signal of signals) signal.removeEventListener('abort', onAbort);
    },
  };
}

/** A signal that aborts when any of the given ones does; `undefined` when none is given. */
export function anySignal(signals: readonly (AbortSignal | undefined)[]): {
  signal: AbortSignal | undefined;
  dispose(): void;
} {
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  if (present.length === 0) return { signal: undefined, dispose: () => {} };
  if (present.length === 1) return { signal: present[0], dispose: () => {} };
  const linked = createAttemptSignal(present, undefined);
  return { signal: linked.signal, dispose: linked.dispose };
}
