import type {
  AccountTransactionsWithTransfersQuery,
  AddressTransaction,
  AddressTransactionEvent,
  AddressTransactionEventPage,
  AddressTransactionEventsQuery,
  AddressTransactionPage,
  AddressTransactionsQuery,
  AddressTransactionWithTransfers,
  AddressTransactionWithTransfersPage,
  Block,
  Brc20TokenDetails,
  operations,
  SmartContractsStatusResponse,
} from '@blockindex/spec/types';
import type { ApiPromise } from './api-promise.js';
import { getSmartContractsStatus } from './contract-status.js';
import { type BlockindexCore, setUpCore } from './core.js';
import { errorSummaries, headerChecks, jsonStructureLimit, middleware, statusPhrases } from './guards.js';
import type { ListPromiseClass } from './internal/list-call.js';
import { checkClientOptions, isPacer } from './internal/option-checks.js';
import { addressTransactions, transactionEvents, transactionsWithTransfers } from './list-operations.js';
import { getBlockByBurnBlockHash, getBlockByBurnBlockHeight, getBrc20Token } from './operations.js';
import type {
  ClientOptions,
  ContractStatusOptions,
  ListOptions,
  RatePacer,
  RequestOptions,
} from './options.js';
import { createPacer } from './pacer.js';
import { PagePromise } from './page-promise.js';

type PathParams<Op extends keyof operations> = operations[Op]['parameters']['path'];

const Pages = PagePromise as ListPromiseClass;

/**
 * Client of the Blockchain Index Read API: one method per operation, every feature included. Create it with
 * {@link createClient}. It is a core too: the standalone operations accept it (`getBrc20Token(client, 'ordi')`).
 */
export class BlockindexClient implements BlockindexCore {
  /** The normalized base URL requests go to. */
  declare readonly baseUrl: string;
  /** The normalized base URL of `getBrc20Token` (the Ordinals API). */
  declare readonly ordinalsBaseUrl: string;

  /** @internal Use {@link createClient}. */
  constructor(options: ClientOptions = {}) {
    checkClientOptions(options);
    const { rateLimit } = options;
    let pacer: RatePacer | undefined;
    if (isPacer(rateLimit)) pacer = rateLimit as RatePacer;
    // Server-named pauses are capped by the core, as for a pacer of `createPacer()` given to `createCore`.
    else if (rateLimit) pacer = createPacer(rateLimit as true, Boolean(options.apiKey));
    const { use, ...rest } = options;
    const all = [jsonStructureLimit(), errorSummaries(), statusPhrases(), headerChecks()];
    if (use !== undefined) {
      use.forEach((m, i) => {
        if (m && (typeof m !== 'object' || !('onRequest' in m || 'onResponse' in m || 'onError' in m))) {
          throw new TypeError(
            `createClient options.use[${i}] must be a middleware object with onRequest, onResponse or onError`,
          );
        }
      });
      all.push(middleware(...use.filter(Boolean)));
    }
    // The full client: every opt-in guard of the core.
    setUpCore(this, { ...rest, rateLimit: pacer, guards: all }, 'createClient options');
  }

  /**
   * Get BRC-20 token details: the deploy record and supply of one token, ticker matched case-insensitively.
   * @throws {NotFoundError} when no token has this ticker.
   * @example
   * const { token, supply } = await client.getBrc20Token('ordi');
   */
  getBrc20Token(
    ticker: PathParams<'getBrc20Token'>['ticker'],
    options?: RequestOptions,
  ): ApiPromise<Brc20TokenDetails> {
    return getBrc20Token(this, ticker, options);
  }

  /**
   * Get the deployment status of several smart contracts. Any number of ids: duplicates are dropped, the rest
   * split into requests with URLs of safe length, run `concurrency` at a time and merged into one map with
   * exactly one entry per distinct id (a prototype-less object, so any id is a safe key).
   * @example
   * const statuses = await client.getSmartContractsStatus(['SP…a.token', 'SP…b.pool']);
   */
  getSmartContractsStatus(
    contractIds: readonly string[],
    options?: ContractStatusOptions,
  ): ApiPromise<SmartContractsStatusResponse> {
    return getSmartContractsStatus(this, contractIds, options);
  }

  /**
   * List the asset events of an address within one transaction (STX, FT and NFT, by `event_index`).
   * Await for the first page, or iterate every event with `for await`.
   * @deprecated The API deprecates this operation (Stacks API v9); use
   * `GET /extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes`.
   * @throws {NotFoundError} when the transaction does not exist.
   * @example
   * for await (const event of client.getAddressTransactionEvents(address, txId)) console.log(event.type);
   */
  getAddressTransactionEvents(
    address: PathParams<'getAddressTransactionEvents'>['address'],
    txId: PathParams<'getAddressTransactionEvents'>['tx_id'],
    query: AddressTransactionEventsQuery = {},
    options: ListOptions = {},
  ): PagePromise<AddressTransactionEvent, AddressTransactionEventPage> {
    return transactionEvents(Pages, this, address, txId, query, options) as PagePromise<
      AddressTransactionEvent,
      AddressTransactionEventPage
    >;
  }

  /**
   * List an account's transactions with their transfers (STX, FT and NFT), newest first.
   * Await for the first page, or iterate every transaction with `for await` (exact while the chain grows).
   * @deprecated The API deprecates this operation; use `GET /extended/v3/principals/{principal}/transactions`.
   * @example
   * const page = await client.getAccountTransactionsWithTransfers(principal, { limit: 10 });
   */
  getAccountTransactionsWithTransfers(
    principal: PathParams<'getAccountTransactionsWithTransfers'>['principal'],
    query: AccountTransactionsWithTransfersQuery = {},
    options: ListOptions = {},
  ): PagePromise<AddressTransactionWithTransfers, AddressTransactionWithTransfersPage> {
    return transactionsWithTransfers(Pages, this, principal, query, options) as PagePromise<
      AddressTransactionWithTransfers,
      AddressTransactionWithTransfersPage
    >;
  }

  /**
   * List an address's transactions with event counts, newest first. Await for the first page, or iterate
   * every transaction with `for await`: iteration anchors on the first page's `cursor`, so it stays exact
   * while the chain grows and can prefetch (`concurrency`).
   * @deprecated The API deprecates this operation (Stacks API v9); use
   * `GET /extended/v3/principals/{principal}/transactions`.
   * @example
   * for await (const { tx } of client.getAddressTransactions(address, {}, { concurrency: 4 })) console.log(tx.tx_id);
   */
  getAddressTransactions(
    address: PathParams<'getAddressTransactions'>['address'],
    query: AddressTransactionsQuery = {},
    options: ListOptions = {},
  ): PagePromise<AddressTransaction, AddressTransactionPage> {
    return addressTransactions(Pages, this, address, query, options) as PagePromise<
      AddressTransaction,
      AddressTransactionPage
    >;
  }

  /**
   * Get a block by burn-chain block height: the latest Stacks block anchored to that Bitcoin block.
   * @deprecated The API deprecates this operation; use `GET /extended/v2/burn-blocks/{height_or_hash}/blocks`.
   * @throws {NotFoundError} when no block is anchored at this height.
   */
  getBlockByBurnBlockHeight(
    height: PathParams<'getBlockByBurnBlockHeight'>['burn_block_height'],
    options?: RequestOptions,
  ): ApiPromise<Block> {
    return getBlockByBurnBlockHeight(this, height, options);
  }

  /**
   * Get a block by burn-chain block hash: the latest Stacks block anchored to that Bitcoin block. The hash is
   * always sent with its `0x` prefix (added when missing), which saves the server's redirect.
   * @deprecated The API deprecates this operation; use `GET /extended/v2/burn-blocks/{height_or_hash}/blocks`.
   * @throws {NotFoundError} when no block is anchored to this hash.
   */
  getBlockByBurnBlockHash(
    hash: PathParams<'getBlockByBurnBlockHash'>['burn_block_hash'],
    options?: RequestOptions,
  ): ApiPromise<Block> {
    return getBlockByBurnBlockHash(this, hash, options);
  }
}

/**
 * Creates a client of the Blockchain Index Read API: every operation as a method, with pages you can `for await`,
 * request pacing (`rateLimit`) and batched contract status. For the smallest bundle, use `createCore` and the
 * standalone operations instead.
 * @example
 * import { createClient, BASE_URLS } from '@blockindex/client';
 * const client = createClient({ baseUrl: BASE_URLS.mainnet, apiKey: process.env.HIRO_API_KEY });
 * const statuses = await client.getSmartContractsStatus(['SP000000000000000000002Q6VF78.pox-4']);
 */
export function createClient(options: ClientOptions = {}): BlockindexClient {
  return new BlockindexClient(options);
}
