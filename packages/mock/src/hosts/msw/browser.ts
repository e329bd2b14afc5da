import type { RequestHandler } from 'msw';
import { type SetupWorker, setupWorker } from 'msw/browser';
import { createRuntime, type WorldHostOptions } from '../../engine/runtime';
import type { Scenarios } from '../../engine/scenarios/scenarios';
import type { World } from '../../world';
import { createHandlers } from './handlers';

/** Options of {@link setupMockWorker}. */
export interface SetupMockWorkerOptions extends WorldHostOptions {
  /** Where the API lives: an absolute URL, or a path for same-origin browser apps. Default `DEFAULT_BASE_URL`. */
  baseUrl?: string;
}

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
  const runtime = createRuntime(options);
  const handlers = () =>
    createHandlers({
      world: runtime.world,
      scenarios: runtime.scenarios,
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    });
  const worker = setupWorker(...handlers());
  return {
    worker,
    get world() {
      return runtime.world;
    },
    scenarios: runtime.scenarios,
    start(startOptions) {
      // An app page loads scripts, styles and images through the worker too: let those through quietly.
      return worker.start({ onUnhandledRequest: 'bypass', ...startOptions });
    },
    stop() {
      worker.stop();
    },
    reset() {
      runtime.reset();
      worker.resetHandlers(...handlers());
    },
    use(...handlers) {
      worker.use(...handlers);
    },
  };
}
