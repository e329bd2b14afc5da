import type { operations } from '@blockindex/spec/types';

// The public types are the spec's own named aliases (`@blockindex/spec/types`, generated from openapi.yaml): change
// the spec, rebuild, done. Only types computed from the spec's operations are written here.
export type {
  AccountTransactionsWithTransfersQuery,
  AddressTransaction,
  AddressTransactionEvent,
  AddressTransactionEventCounts,
  AddressTransactionEventPage,
  AddressTransactionEventsQuery,
  AddressTransactionPage,
  AddressTransactionsQuery,
  AddressTransactionWithTransfers,
  AddressTransactionWithTransfersPage,
  AssetEventCounts,
  AssetEventType,
  Block,
  Brc20NotFoundResponse,
  Brc20Supply,
  Brc20Token,
  Brc20TokenDetails,
  ClarityValue,
  CoinbaseTransaction,
  ContractCallTransaction,
  ErrorResponse,
  FtAddressTransactionEvent,
  FtTransfer,
  NftAddressTransactionEvent,
  NftTransfer,
  PoisonMicroblockTransaction,
  PostCondition,
  SmartContractDeployment,
  SmartContractDeploymentStatus,
  SmartContractFound,
  SmartContractNotFound,
  SmartContractStatus,
  SmartContractsStatusResponse,
  SmartContractTransaction,
  StxAddressTransactionEvent,
  StxTransfer,
  TenureChangeTransaction,
  TokenTransferTransaction,
  Transaction,
  TransactionCommon,
  TransactionEvent,
  TransactionStatus,
  TransactionType,
} from '@blockindex/spec/types';

type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type ErrorBodies<Op> = Op extends { responses: infer Rs }
  ? { [K in keyof Rs]: `${K & (string | number)}` extends `2${string}` ? never : JsonBody<Rs[K]> }[keyof Rs]
  : never;

/**
 * Body of an {@link ApiError}: any error body the spec documents for any operation, the raw text when the
 * server sent something that is not JSON, or `undefined` when it sent nothing.
 */
export type ApiErrorBody = ErrorBodies<operations[keyof operations]> | string | undefined;
