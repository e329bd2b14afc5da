/**
 * The operations the API deprecates, each with the operation to call instead: the one place these texts live
 * (from `spec/openapi.yaml`, Stacks API v9.0.2). A `410 Gone` from one of them is a `GoneError` naming it, and the
 * `Warning: 299` header they answer with reaches `onWarning`.
 */
export const DEPRECATIONS = Object.freeze({
  getAddressTransactions: 'GET /extended/v3/principals/{principal}/transactions',
  getAccountTransactionsWithTransfers: 'GET /extended/v3/principals/{principal}/transactions',
  getAddressTransactionEvents: 'GET /extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes',
  getBlockByBurnBlockHeight: 'GET /extended/v2/burn-blocks/{height_or_hash}/blocks',
  getBlockByBurnBlockHash: 'GET /extended/v2/burn-blocks/{height_or_hash}/blocks',
} as const);

/** An operation listed in {@link DEPRECATIONS}. */
export type DeprecatedOperation = keyof typeof DEPRECATIONS;
