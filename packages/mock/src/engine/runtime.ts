import { createWorld, type World, type WorldOptions, worldOptionsOf } from '../world';
import { createScenarios, type Scenarios } from './scenarios/scenarios';

/** What every host accepts: a seed or a ready world, and scenarios. */
export interface WorldHostOptions {
  /** Seed of the default world (ignored when `world` is given). */
  seed?: number;
  /** A ready world to serve instead of the seeded default one. */
  world?: World;
  /** Most transactions mining may add to the seeded world (see `WorldOptions.maxMinedTransactions`). */
  maxMinedTransactions?: number;
  /** Latency, failures and rate limits applied before each answer. Default: a fresh, idle set. */
  scenarios?: Scenarios;
}

/** The state a host keeps: the current world (replaced on reset) and the scenarios. */
export interface Runtime {
  readonly world: World;
  readonly scenarios: Scenarios;
  /**
   * A fresh world made as the first one was (a world handed in: its seed, size and bounds; otherwise the
   * seeded default world), and no scenarios.
   */
  reset(): World;
}

/** Shared by every host, so `reset` means the same everywhere. */
export function createRuntime(options: WorldHostOptions): Runtime {
  // A world handed in is served as is; a reset creates it again from the options it was created with, so the
  // host's own `seed` and `maxMinedTransactions` only shape the world it creates itself.
  const created: WorldOptions =
    options.world === undefined
      ? {
          ...(options.seed === undefined ? {} : { seed: options.seed }),
          ...(options.maxMinedTransactions === undefined
            ? {}
            : { maxMinedTransactions: options.maxMinedTransactions }),
        }
      : worldOptionsOf(options.world);
  const seeded = (): World => createWorld(created);
  let world = options.world ?? seeded();
  const scenarios = options.scenarios ?? createScenarios();
  return {
    get world() {
      return world;
    },
    scenarios,
    reset() {
      world = seeded();
      scenarios.clear();
      return world;
    },
  };
}
