import type { RequestHandler } from 'msw';
import { type SetupServer, setupServer } from 'msw/node';
import { createRuntime, type WorldHostOptions } from '../../engine/runtime';
import type { Scenarios } from '../../engine/scenarios/scenarios';
import type { World } from '../../world';
import { createHandlers } from './handlers';

/** Options of {@link setupMockServer}. */
export interface SetupMockServerOptions extends WorldHostOptions {
  /** Where the API lives: an absolute URL, or a path for same-origin browser apps. Default `DEFAULT_BASE_URL`. */
  baseUrl?: string;
}

/** Options of {@link MockServerApi.listen}: msw's `listen` options. */
export type ListenOptions = Parameters<SetupServer['listen']>[0];

/** The mock wired into msw's Node interceptor, for test runners. */
export interface MockServerApi {
  /** The underlying msw server, for anything the helpers below do not cover. */
  readonly server: SetupServer;
  /** The world currently served (a new one after `reset()`). */
  readonly world: World;
  readonly scenarios: Scenarios;
  /** Starts intercepting; unhandled requests are errors unless `onUnhandledRequest` says otherwise. */
  listen(options?: ListenOptions): void;
  /** Stops intercepting. */
  close(): void;
  /** Back to the seeded world, no scenarios, no runtime handlers added with `use`. */
  reset(): void;
  /** Prepends handlers (overrides) until the next `reset()`. */
  use(...handlers: RequestHandler[]): void;
}

/**
 * Sets the mock up for Node test runners (vitest, Jest with the node environment) over msw's `setupServer`.
 *
 * @example
 * const mock = setupMockServer({ seed: 1 });
 * beforeAll(() => mock.listen());
 * afterEach(() => mock.reset());
 * afterAll(() => mock.close());
 */
export function setupMockServer(options: SetupMockServerOptions = {}): MockServerApi {
  const runtime = createRuntime(options);
  const handlers = () =>
    createHandlers({
      world: runtime.world,
      scenarios: runtime.scenarios,
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    });
  const server = setupServer(...handlers());
  return {
    server,
    get world() {
      return runtime.world;
    },
    scenarios: runtime.scenarios,
    listen(listenOptions) {
      server.listen({ onUnhandledRequest: 'error', ...listenOptions });
    },
    close() {
      server.close();
    },
    reset() {
      runtime.reset();
      server.resetHandlers(...handlers());
    },
    use(...handlers) {
      server.use(...handlers);
    },
  };
}
