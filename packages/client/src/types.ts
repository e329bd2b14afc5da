import type { components, operations } from './generated/schema.js';

// Every public type below is an alias of the generated spec types: change the spec, regenerate, done.
type Schemas = components['schemas'];

/** Hex and readable form of a Clarity value. */
export type ClarityValue = Schemas['ClarityValue'];

/** A BRC-20 token's deploy record and supply (`getBrc20Token`). */
export type Brc20TokenDetails = Schemas['Brc20TokenDetails'];
/** The deploy record of a BRC-20 token. */
export type Brc20Token = Schemas['Brc20Token'];
/** Supply figures of a BRC-20 token. */
export type Brc20Supply = Schemas['Brc20Supply'];

/** Map from contract id to its deployment status (`getSmartContractsStatus`). */
export type SmartContractsStatusResponse = Schemas['SmartContractsStatusResponse'];
/** Status of one contract id: found with its deployment, or not found. */
export type SmartContractStatus = Schemas['SmartContractStatus'];
/** A contract id with a known deployment. */
export type SmartContractFound = Schemas['SmartContractFound'];
/** A contract id with no deployment, confirmed or pending. */
export type SmartContractNotFound = Schemas['SmartContractNotFound'];
/** The deploy transaction of a contract. */
export type SmartContractDeployment = Schemas['SmartContractDeployment'];
/** Outcome of a contract deployment (`pending` while in the mempool). */
export type SmartContractDeploymentStatus = Schemas['SmartContractDeploymentStatus'];

/** Kind of an asset event: transfer, mint or burn. */
export type AssetEventType = Schemas['AssetEventType'];
/** An STX, FT or NFT event of an address within a transaction (`getAddressTransactionEvents`). */
export type AddressTransactionEvent = Schemas['AddressTransactionEvent'];
/** An STX event of an address within a transaction. */
export type StxAddressTransactionEvent = Schemas['StxAddressTransactionEvent'];
/** A fungible-token event of an address within a transaction. */
export type FtAddressTransactionEvent = Schemas['FtAddressTransactionEvent'];
/** A non-fungible-token event of an address within a transaction. */
export type NftAddressTransactionEvent = Schemas['NftAddressTransactionEvent'];
/** One page of {@link AddressTransactionEvent}s as sent by the server. */
export type AddressTransactionEventPage = Schemas['AddressTransactionEventPage'];

/** A confirmed transaction, discriminated by `tx_type`. */
export type Transaction = Schemas['Transaction'];
/** Fields shared by every transaction type. */
export type TransactionCommon = Schemas['TransactionCommon'];
/** An STX transfer transaction. */
export type TokenTransferTransaction = Schemas['TokenTransferTransaction'];
/** A contract deployment transaction. */
export type SmartContractTransaction = Schemas['SmartContractTransaction'];
/** A contract call transaction. */
export type ContractCallTransaction = Schemas['ContractCallTransaction'];
/** A poison-microblock transaction. */
export type PoisonMicroblockTransaction = Schemas['PoisonMicroblockTransaction'];
/** A coinbase transaction. */
export type CoinbaseTransaction = Schemas['CoinbaseTransaction'];
/** A tenure-change transaction. */
export type TenureChangeTransaction = Schemas['TenureChangeTransaction'];
/** The `tx_type` values. */
export type TransactionType = Schemas['TransactionType'];
/** The `tx_status` values of confirmed transactions. */
export type TransactionStatus = Schemas['TransactionStatus'];
/** An event emitted by a transaction, discriminated by `event_type`. */
export type TransactionEvent = Schemas['TransactionEvent'];
/** A post-condition attached to a transaction, discriminated by `type`. */
export type PostCondition = Schemas['PostCondition'];

/** A transaction of an address with STX sent/received and event counts (`getAddressTransactions`). */
export type AddressTransaction = Schemas['AddressTransaction'];
/** Per-asset-class counts of an address's events in a transaction. */
export type AddressTransactionEventCounts = Schemas['AddressTransactionEventCounts'];
/** Transfer, mint and burn counts of one asset class. */
export type AssetEventCounts = Schemas['AssetEventCounts'];
/** One page of {@link AddressTransaction}s as sent by the server, with its cursor fields. */
export type AddressTransactionPage = Schemas['AddressTransactionPage'];

/** A transaction of an account with its STX, FT and NFT transfers (`getAccountTransactionsWithTransfers`). */
export type AddressTransactionWithTransfers = Schemas['AddressTransactionWithTransfers'];
/** One page of {@link AddressTransactionWithTransfers} as sent by the server. */
export type AddressTransactionWithTransfersPage = Schemas['AddressTransactionWithTransfersPage'];
/** An STX transfer involving the account. */
export type StxTransfer = Schemas['StxTransfer'];
/** A fungible-token transfer involving the account. */
export type FtTransfer = Schemas['FtTransfer'];
/** A non-fungible-token transfer involving the account. */
export type NftTransfer = Schemas['NftTransfer'];

/** A Stacks block (`getBlockByBurnBlockHeight`, `getBlockByBurnBlockHash`). */
export type Block = Schemas['Block'];

/** The error body of the Stacks API (`statusCode`, `error`, `message`, optional `code`). */
export type ErrorResponse = Schemas['ErrorResponse'];
/** The BRC-20 "not found" body, `{ error: 'Not found' }`. */
export type Brc20NotFoundResponse = Schemas['Brc20NotFoundResponse'];

/** Query of `getAddressTransactions`. */
export type AddressTransactionsQuery = NonNullable<
  operations['getAddressTransactions']['parameters']['query']
>;
/** Query of `getAddressTransactionEvents`. */
export type AddressTransactionEventsQuery = NonNullable<
  operations['getAddressTransactionEvents']['parameters']['query']
>;
/** Query of `getAccountTransactionsWithTransfers`. */
export type AccountTransactionsWithTransfersQuery = NonNullable<
  operations['getAccountTransactionsWithTransfers']['parameters']['query']
>;

type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type ErrorBodies<Op> = Op extends { responses: infer Rs }
  ? { [K in keyof Rs]: `${K & (string | number)}` extends `2${string}` ? never : JsonBody<Rs[K]> }[keyof Rs]
  : never;

/**
 * Body of an {@link ApiError}: any error body the spec documents for any operation, the raw text when the
 * server sent something that is not JSON, or `undefined` when it sent nothing.
 */
export type ApiErrorBody = ErrorBodies<operations[keyof operations]> | string | undefined;
