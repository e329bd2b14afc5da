/**
 * A controller that also aborts, with the same reason, when any of `signals` does; `dispose()` detaches it from
 * them. Hand-rolled rather than `AbortSignal.any`, which is missing from older runtimes.
 */
export function linkedController(signals: readonly (AbortSignal | undefined)[]): {
  controller: AbortController;
  dispose(): void;
} {
  const present = signals.filter((s): s is AbortSignal => s !== undefined);
  const controller = new AbortController();
  const onAbort = (event: Event): void => controller.abort((event.target as AbortSignal).reason);
  const done = present.find((s) => s.aborted);
  if (done) controller.abort(done.reason);
  else for (const signal of present) signal.addEventListener('abort', onAbort);
  return {
    controller,
    dispose: () => {
      for (const signal of present) signal.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * The signals of one call's attempts: caller signals plus a time limit per attempt. What it costs depends on what
 * can abort the call, because `fetch` links every signal it is given into its own: no signal at all when nothing
 * can, the caller's own when it is the only one, else one controller for the whole call, replaced only after a
 * timeout spent it. Timers are `setTimeout`, which fake timers control (`AbortSignal.timeout` runs on timers they
 * cannot reach).
 */
export class CallSignals {
  readonly #callers: AbortSignal[];
  readonly #timeoutMs: number;
  #linked: ReturnType<typeof linkedController> | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Whether the timeout, not a caller, aborted the current attempt. */
  timedOut = false;

  constructor(callers: AbortSignal[], timeoutMs: number | undefined) {
    this.#callers = callers;
    this.#timeoutMs = timeoutMs !== undefined && timeoutMs > 0 && timeoutMs < Infinity ? timeoutMs : 0;
  }

  /** The caller signal that has aborted, if any: the call stops there. */
  aborted(): AbortSignal | undefined {
    return this.#callers.find((s) => s.aborted);
  }

  /** Starts an attempt: its signal (to hand to `fetch`), with its timeout running. */
  attempt(): AbortSignal | undefined {
    this.timedOut = false;
    if (this.#timeoutMs === 0 && this.#callers.length < 2) return this.#callers[0];
    if (this.#linked === undefined || this.#linked.controller.signal.aborted) {
      this.#linked?.dispose();
      this.#linked = linkedController(this.#callers);
    }
    const { controller } = this.#linked;
    const ms = this.#timeoutMs;
    if (ms > 0) {
      this.#timer = setTimeout(() => {
        this.timedOut = true;
        controller.abort(new DOMException(`Timed out after ${ms} ms`, 'TimeoutError'));
      }, ms);
    }
    return controller.signal;
  }

  /** Ends the current attempt: stops its timer. */
  settle(): void {
    clearTimeout(this.#timer);
  }

  /** The signal a wait between attempts stops on: the callers', with no timeout. */
  between(): { signal: AbortSignal | undefined; dispose(): void } {
    if (this.#callers.length < 2) return { signal: this.#callers[0], dispose: () => {} };
    const { controller, dispose } = linkedController(this.#callers);
    return { signal: controller.signal, dispose };
  }

  /** Ends the call: detaches from the caller signals. */
  dispose(): void {
    this.settle();
    this.#linked?.dispose();
  }
}
