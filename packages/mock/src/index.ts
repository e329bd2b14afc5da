export { DEFAULT_BASE_URL } from './base-url';
export type { components, operations, paths } from './generated/schema';
export type { HandlersOptions } from './handlers';
export { createHandlers } from './handlers';
export type {
  FailNextOptions,
  RateLimitOptions,
  ScenarioDecision,
  Scenarios,
  ScenariosOptions,
  ScenariosState,
} from './scenarios';
export { createScenarios } from './scenarios';
export type { World, WorldFixtures, WorldOptions } from './world';
export { createWorld } from './world';
