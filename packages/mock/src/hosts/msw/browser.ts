import type { RequestHandler } from 'msw';
import { type SetupWorker, setupWorker } from 'msw/browser';
import type { Scenarios } from '../../engine/scenarios/scenarios';
import type { World } from '../../world';
import { createMswHostRuntime, type MswHostOptions } from './host-runtime';

/** Options of {@link setupMockWorker}. */
export interface SetupMockWorkerOptions extends MswHostOptions {}

/** Options of {@link MockWorkerApi.start}: msw's `start` options. */
export type StartOptions = Parameters<SetupWorker['start']>[0];

/** The mock wired into msw's Service Worker, for apps in development and browser tests. */
export interface MockWorkerApi {
  /** The underlying msw worker. */
  readonly worker: SetupWorker;
  /** The world currently served (a new one after `reset()`). */
  readonly world: World;
  readonly scenarios: Scenarios;
  /** Registers the worker (`mockServiceWorker.js` from `msw init`); unhandled requests pass through. */
  start(options?: StartOptions): ReturnType<SetupWorker['start']>;
  /** Stops intercepting. */
  stop(): void;
  /** Back to the seeded world, no scenarios, no runtime handlers added with `use`. */
  reset(): void;
  /** Prepends handlers (overrides) until the next `reset()`. */
  use(...handlers: RequestHandler[]): void;
}

/**
 * Sets the mock up in a browser over msw's `setupWorker`.
 *
 * @example
 * const mock = setupMockWorker({ seed: 1 });
 * await mock.start();
 */
export function setupMockWorker(options: SetupMockWorkerOptions = {}): MockWorkerApi {
  const host = createMswHostRuntime(options);
  const worker = setupWorker(...host.handlers());
  return {
    worker,
    get world() {
      return host.world;
    },
    scenarios: host.scenarios,
    start(startOptions) {
      // An app page loads scripts, styles and images through the worker too: let those through quietly.
      return worker.start({ onUnhandledRequest: 'bypass', ...startOptions });
    },
    stop() {
      worker.stop();
    },
    reset() {
      worker.resetHandlers(...host.reset());
    },
    use(...handlers) {
      worker.use(...handlers);
    },
  };
}
