import type { RequestHandler } from 'msw';
import { DEFAULT_BASE_URL } from '../base-url';
import { createHandlers } from '../handlers';
import { createScenarios, type Scenarios } from '../scenarios';
import { createWorld, type World } from '../world';

/** What every host accepts: a seed or a ready world, the handlers' base URL, scenarios. */
export interface RuntimeOptions {
  seed?: number;
  world?: World;
  baseUrl?: string;
  scenarios?: Scenarios;
}

/** The state a host keeps: the current world (replaced on reset), the scenarios and the base URL. */
export interface Runtime {
  readonly world: World;
  readonly scenarios: Scenarios;
  readonly baseUrl: string;
  /** Handlers answering from the current world. */
  handlers(): RequestHandler[];
  /** A fresh world from the same seed, and no scenarios. */
  reset(): World;
}

/** Shared by the three hosts, so `reset` means the same everywhere. */
export function createRuntime(options: RuntimeOptions): Runtime {
  const seed = options.world?.seed ?? options.seed;
  // A world handed in is used as is; a reset rebuilds the default world of its seed.
  const seeded = (): World => createWorld(seed === undefined ? {} : { seed });
  let world = options.world ?? seeded();
  const scenarios = options.scenarios ?? createScenarios();
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
  return {
    get world() {
      return world;
    },
    scenarios,
    baseUrl,
    handlers: () => createHandlers({ world, baseUrl, scenarios }),
    reset() {
      world = seeded();
      scenarios.clear();
      return world;
    },
  };
}
