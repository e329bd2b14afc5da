import { createWorld, type World } from '../world';
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
  /** A fresh world from the same seed, and no scenarios. */
  reset(): World;
}

/** Shared by every host, so `reset` means the same everywhere. */
export function createRuntime(options: WorldHostOptions): Runtime {
  const seed = options.world?.seed ?? options.seed;
  // A world handed in is used as is; a reset rebuilds the default world of its seed.
  const seeded = (): World =>
    createWorld({
      ...(seed === undefined ? {} : { seed }),
      ...(options.maxMinedTransactions === undefined
        ? {}
        : { maxMinedTransactions: options.maxMinedTransactions }),
    });
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
