/**
 * One real `abort` listener per signal, however many calls wait on it: every call of a client may share the
 * caller's signal, and Node warns (`MaxListenersExceededWarning`) past ten listeners on one `AbortSignal`.
 */
const waiting = new WeakMap<AbortSignal, Set<AbortController>>();

/**
 * A controller that also aborts, with the same reason, when any of `signals` does; `dispose()` detaches it from
 * them (a call's signals outlive its attempts, and must not keep each attempt's controller alive).
 */
export function linkedController(signals: readonly (AbortSignal | undefined)[]): {
  controller: AbortController;
  dispose(): void;
} {
  const controller = new AbortController();
  const sets: Set<AbortController>[] = [];
  for (const signal of signals) {
    if (!signal) continue;
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    let set = waiting.get(signal);
    if (!set) {
      const linked = new Set<AbortController>();
      set = linked;
      waiting.set(signal, linked);
      signal.addEventListener(
        'abort',
        () => {
          waiting.delete(signal);
          for (const c of linked) c.abort(signal.reason);
        },
        { once: true },
      );
    }
    set.add(controller);
    sets.push(set);
  }
  return {
    controller,
    dispose: () => {
      for (const set of sets) set.delete(controller);
    },
  };
}
