import type { RequestHandler } from 'msw';
import { type SetupServer, setupServer } from 'msw/node';
import type { Scenarios } from '../../engine/scenarios/scenarios';
import type { World } from '../../world';
import { createMswHostRuntime, type MswHostOptions } from './host-runtime';
import { assertCanIntercept } from './interception-check';

/** Options of {@link setupMockServer}. */
export interface SetupMockServerOptions extends MswHostOptions {}

/** Options of {@link MockServerApi.listen}: msw's `listen` options. */
export type ListenOptions = Parameters<SetupServer['listen']>[0];

/** The mock wired into msw's Node interceptor, for test runners. */
export interface MockServerApi {
  /** The underlying msw server, for anything the helpers below do not cover. */
  readonly server: SetupServer;
  /** The world currently served (a new one after `reset()`). */
  readonly world: World;
  readonly scenarios: Scenarios;
  /**
   * Starts intercepting; unhandled requests are errors unless `onUnhandledRequest` (msw 3: `onUnhandledFrame`)
   * says otherwise. Throws `MswUnsupportedError` before intercepting anything where the installed msw cannot
   * intercept (msw 3 under Bun or Deno, or on Node before 22.12), so no request reaches the network unnoticed.
   */
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
  const host = createMswHostRuntime(options);
  const server = setupServer(...host.handlers());
  return {
    server,
    get world() {
      return host.world;
    },
    scenarios: host.scenarios,
    listen(listenOptions) {
      assertCanIntercept(server);
      // msw 2 reads `onUnhandledRequest`, msw 3 `onUnhandledFrame`; each ignores the other's.
      const strict = { onUnhandledRequest: 'error', onUnhandledFrame: 'error' } as ListenOptions;
      server.listen({ ...strict, ...listenOptions });
    },
    close() {
      server.close();
    },
    reset() {
      server.resetHandlers(...host.reset());
    },
    use(...handlers) {
      server.use(...handlers);
    },
  };
}
