// The environment-neutral entry: the world, the scenarios and the fetch handler. It loads neither msw nor any
// `node:` module, and starts nothing at import; the msw adapter lives in `./msw`, `./node` and `./browser`.

export type { components, operations, paths } from '@blockindex/spec/types';
export { DEFAULT_BASE_URL } from './engine/base-url';
export type { WorldHostOptions } from './engine/runtime';
export type {
  FailNextOptions,
  RateLimitOptions,
  ScenarioDecision,
  Scenarios,
  ScenariosOptions,
  ScenariosState,
  SunsetOperation,
} from './engine/scenarios/scenarios';
export { createScenarios } from './engine/scenarios/scenarios';
export type { FetchHandler, FetchHandlerOptions } from './hosts/fetch-handler';
export { createFetchHandler } from './hosts/fetch-handler';
// The world's method signatures name these, so wrappers around a world can name them too.
export type {
  AddressTransactionsPage,
  AddressTransactionsRequest,
  BalanceChangesPage,
  BalanceChangesRequest,
  BurnBlockRef,
  CursorError,
  MineOptions,
  PageCursor,
  PageRequest,
  PositionCursorError,
  PrincipalTransactionsPage,
  PrincipalTransactionsRequest,
  ReorgOptions,
  ReorgResult,
  TransfersRequest,
  World,
  WorldFixtures,
  WorldOptions,
} from './world';
export {
  createWorld,
  DEFAULT_MAX_MINED_TRANSACTIONS,
  MAX_REPLACEMENT_BLOCKS,
  MineLimitError,
  ReorgDepthError,
} from './world';
