import type { HttpHandler } from 'msw';
import { createRuntime, type WorldHostOptions } from '../../engine/runtime';
import type { Scenarios } from '../../engine/scenarios/scenarios';
import type { World } from '../../world';
import { createHandlers } from './handlers';

/** What both msw hosts (`setupMockServer`, `setupMockWorker`) accept. */
export interface MswHostOptions extends WorldHostOptions {
  /** Where the API lives: an absolute URL, or a path for same-origin browser apps. Default `DEFAULT_BASE_URL`. */
  baseUrl?: string;
}

/** The state an msw host serves, and the handlers that serve it. */
export interface MswHostRuntime {
  readonly world: World;
  readonly scenarios: Scenarios;
  /** The mock's handlers over the current world. */
  handlers(): HttpHandler[];
  /** Back to the seeded world with no scenarios; returns the handlers to reset msw to. */
  reset(): HttpHandler[];
}

/** Shared by the Node and browser hosts, so the two build and reset the same thing. */
export function createMswHostRuntime(options: MswHostOptions): MswHostRuntime {
  const runtime = createRuntime(options);
  const handlers = () =>
    createHandlers({
      world: runtime.world,
      scenarios: runtime.scenarios,
      ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    });
  return {
    get world() {
      return runtime.world;
    },
    scenarios: runtime.scenarios,
    handlers,
    reset() {
      runtime.reset();
      return handlers();
    },
  };
}
