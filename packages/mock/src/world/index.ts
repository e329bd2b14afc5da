export type { BalanceChangesPage, BalanceChangesRequest } from './balance-changes';
export type { BurnBlockRef } from './burn-block-blocks';
export { createWorld } from './create-world';
export { listingsOf, worldVersion } from './json-view';
export type { MineOptions } from './mine';
export type {
  PageCursor,
  PositionCursorError,
  PrincipalTransactionsPage,
  PrincipalTransactionsRequest,
} from './principal-transactions';
export type {
  AddressTransactionsPage,
  AddressTransactionsRequest,
  CursorError,
  PageRequest,
  TransfersRequest,
} from './queries';
export type { ReorgOptions, ReorgResult } from './reorg';
export { checkReorgOptions, MAX_REPLACEMENT_BLOCKS, ReorgDepthError } from './reorg';
export type { World, WorldFixtures, WorldOptions } from './world';
export { DEFAULT_MAX_MINED_TRANSACTIONS, MineLimitError } from './world';
export { worldOptionsOf } from './world-options';
