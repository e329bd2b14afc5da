import type { Client, Middleware } from 'openapi-fetch';
import { ApiPromise } from './api-promise.js';
import { BASE_URLS, normalizeBaseUrl } from './base-urls.js';
import type { operations, paths } from './generated/schema.js';
import {
  DEFAULT_STATUS_CONCURRENCY,
  mapWithConcurrency,
  mergeStatusMaps,
  planStatusBatches,
  statusShapeProblem,
} from './internal/contract-status-batch.js';
import {
  type PageBody,
  type PageRequest,
  type PageSource,
  pageShapeProblem,
} from './internal/exact-pager.js';
import { buildHeaders, checkApiKey, credentialValues } from './internal/header-checks.js';
import { createFetchClient } from './internal/openapi-fetch.js';
import { pageQuery, withHexPrefix } from './internal/params.js';
import { serializePath } from './internal/path-serializer.js';
import {
  type AttemptInit,
  type FetchFn,
  type HeadersOption,
  objectShapeProblem,
  type RawResult,
  type RequestOptions,
  send,
  type TransportConfig,
  tagMiddleware,
  type WithResponse,
} from './internal/transport.js';
import { type IterationOptions, PagePromise } from './pagination.js';
import type { RetryOptions } from './retry.js';
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
  SmartContractsStatusResponse,
} from './types.js';

/** Options of {@link createClient}; all optional. */
export interface ClientOptions {
  /** Absolute http(s) URL of the API. Default {@link BASE_URLS}.mainnet (`https://api.hiro.so`). */
  baseUrl?: string;
  /**
   * Hiro API key (raises the rate limit); sent in `apiKeyHeader`, blanked out of every error (message, body,
   * headers) if the server echoes it. A key that cannot be a header value (line breaks, control characters,
   * characters above U+00FF, surrounding whitespace) makes `createClient` throw a `TypeError` that does not show it.
   */
  apiKey?: string;
  /** Header that carries `apiKey`. Default `x-api-key`. */
  apiKeyHeader?: string;
  /**
   * Headers sent with every request. Credentials among them (the `apiKeyHeader` header, `authorization`,
   * `proxy-authorization`) are blanked out of errors like `apiKey`.
   */
  headers?: HeadersOption;
  /** `fetch` to use. Default: `globalThis.fetch`, looked up on every call so MSW started later intercepts. */
  fetch?: FetchFn;
  /** Time limit of each attempt, in ms; `0` or `Infinity` for none. Default 30 000. */
  timeoutMs?: number;
  /** Aborts every request of this client. */
  signal?: AbortSignal;
  /** Retry settings (defaults: 2 retries, 0.5 s doubling to 8 s); `false` disables retries. */
  retry?: RetryOptions | false;
  /** openapi-fetch middleware, run in order on every request and response. */
  use?: Middleware[];
}

/** Options of the list calls: how to iterate, plus the per-call request settings. */
export interface ListOptions extends IterationOptions, RequestOptions {}

/** Options of {@link BlockindexClient.getSmartContractsStatus}. */
export interface ContractStatusOptions extends RequestOptions {
  /** Batch requests in flight at once when the ids need several. Default 4. */
  concurrency?: number;
}

/** Default time limit of one attempt. */
export const DEFAULT_TIMEOUT_MS = 30_000;

type PathParams<Op extends keyof operations> = operations[Op]['parameters']['path'];

/** Client of the Blockchain Index Read API: one method per operation. Create it with {@link createClient}. */
export class BlockindexClient {
  /** The normalized base URL requests go to. */
  readonly baseUrl: string;
  readonly #api: Client<paths>;
  readonly #config: TransportConfig;

  /** @internal Use {@link createClient}. */
  constructor(options: ClientOptions = {}) {
    this.baseUrl = normalizeBaseUrl(options.baseUrl ?? BASE_URLS.mainnet);
    const headers = buildHeaders(options.headers, 'headers');
    const keyHeader = options.apiKeyHeader ?? 'x-api-key';
    if (options.apiKey) {
      checkApiKey(options.apiKey, keyHeader);
      headers.set(keyHeader, options.apiKey);
    }
    const credentialHeaders = ['authorization', 'proxy-authorization'];
    if (typeof keyHeader === 'string') credentialHeaders.push(keyHeader.toLowerCase());
    // The per-call `fetch` passed by the transport replaces this one; it is here so nothing captures a global.
    // Headers go over as a plain object, or not at all: openapi-fetch merges them into every request.
    const fixedHeaders = Object.fromEntries(headers);
    this.#api = createFetchClient<paths>({
      baseUrl: this.baseUrl,
      ...(Object.keys(fixedHeaders).length > 0 && { headers: fixedHeaders }),
      fetch: (req) => globalThis.fetch(req),
      pathSerializer: serializePath,
    });
    const userErrors = new WeakSet<object>();
    for (const middleware of options.use ?? []) this.#api.use(tagMiddleware(middleware, userErrors));
    this.#config = {
      fetch: options.fetch,
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      retry: options.retry,
      secrets: credentialValues(headers, credentialHeaders),
      credentialHeaders,
      userErrors,
    };
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
    const path = '/ordinals/v1/brc-20/tokens/{ticker}';
    return this.#call(options, path, (init) =>
      this.#api.GET(path, { params: { path: { ticker } }, ...init }),
    );
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
    const path = '/extended/v2/smart-contracts/status';
    const batches = planStatusBatches(contractIds, `${this.baseUrl}${path}`.length);
    const { concurrency = DEFAULT_STATUS_CONCURRENCY, ...requestOptions } = options ?? {};
    const run = async (): Promise<WithResponse<SmartContractsStatusResponse>> => {
      if (batches.length === 0) {
        const response = Response.json({}, { status: 200 });
        return { data: mergeStatusMaps<never>([], []), response };
      }
      const results = await mapWithConcurrency(
        batches,
        concurrency,
        (batch, signal) =>
          send(
            this.#config,
            (init) => this.#api.GET(path, { params: { query: { contract_id: batch } }, ...init }),
            { ...requestOptions, signal },
            { method: 'GET', path, shape: (data) => statusShapeProblem(batch, data) },
          ),
        requestOptions.signal,
      );
      const data = mergeStatusMaps(
        batches,
        results.map((r) => r.data),
      );
      return { data, response: (results[0] as WithResponse<unknown>).response };
    };
    return new ApiPromise(run());
  }

  /**
   * List the asset events of an address within one transaction (STX, FT and NFT, by `event_index`).
   * Await for the first page, or iterate every event with `for await`.
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
    const path = '/extended/v2/addresses/{address}/transactions/{tx_id}/events';
    const pathParams = { address, tx_id: withHexPrefix(txId) };
    return this.#list(query, options, {
      identity: (event) => event.event_index,
      cursor: false,
      path,
      get: (request, init) =>
        this.#api.GET(path, { params: { path: pathParams, query: pageQuery(query, request) }, ...init }),
    });
  }

  /**
   * List an account's transactions with their transfers (STX, FT and NFT), newest first.
   * Await for the first page, or iterate every transaction with `for await` (exact while the chain grows).
   * @example
   * const page = await client.getAccountTransactionsWithTransfers(principal, { limit: 10 });
   */
  getAccountTransactionsWithTransfers(
    principal: PathParams<'getAccountTransactionsWithTransfers'>['principal'],
    query: AccountTransactionsWithTransfersQuery = {},
    options: ListOptions = {},
  ): PagePromise<AddressTransactionWithTransfers, AddressTransactionWithTransfersPage> {
    const path = '/extended/v1/address/{principal}/transactions_with_transfers';
    return this.#list(query, options, {
      identity: (item) => item.tx.tx_id,
      cursor: false,
      path,
      get: (request, init) =>
        this.#api.GET(path, { params: { path: { principal }, query: pageQuery(query, request) }, ...init }),
    });
  }

  /**
   * List an address's transactions with event counts, newest first. Await for the first page, or iterate
   * every transaction with `for await`: iteration anchors on the first page's `cursor`, so it stays exact
   * while the chain grows and can prefetch (`concurrency`).
   * @example
   * for await (const { tx } of client.getAddressTransactions(address, {}, { concurrency: 4 })) console.log(tx.tx_id);
   */
  getAddressTransactions(
    address: PathParams<'getAddressTransactions'>['address'],
    query: AddressTransactionsQuery = {},
    options: ListOptions = {},
  ): PagePromise<AddressTransaction, AddressTransactionPage> {
    const path = '/extended/v2/addresses/{address}/transactions';
    return this.#list(query, options, {
      identity: (item) => item.tx.tx_id,
      cursor: true,
      path,
      get: (request, init) =>
        this.#api.GET(path, { params: { path: { address }, query: pageQuery(query, request) }, ...init }),
    });
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
    const path = '/extended/v1/block/by_burn_block_height/{burn_block_height}';
    return this.#call(options, path, (init) =>
      this.#api.GET(path, { params: { path: { burn_block_height: height } }, ...init }),
    );
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
    const path = '/extended/v1/block/by_burn_block_hash/{burn_block_hash}';
    return this.#call(options, path, (init) =>
      this.#api.GET(path, { params: { path: { burn_block_hash: withHexPrefix(hash) } }, ...init }),
    );
  }

  #call<T>(
    options: RequestOptions | undefined,
    path: string,
    attempt: (init: AttemptInit) => Promise<RawResult<T>>,
  ): ApiPromise<T> {
    return new ApiPromise(
      send(this.#config, attempt, options, { method: 'GET', path, shape: objectShapeProblem }),
    );
  }

  #list<TItem, TBody extends PageBody<TItem>>(
    query: { limit?: number; offset?: number; cursor?: string },
    options: ListOptions,
    list: {
      identity: (item: TItem) => unknown;
      cursor: boolean;
      path: string;
      get: (request: PageRequest, init: AttemptInit) => Promise<RawResult<TBody>>;
    },
  ): PagePromise<TItem, TBody> {
    const { pageSize, maxItems, concurrency, signal, pageParam, ...requestOptions } = options;
    const source: PageSource<TItem, TBody> = {
      identity: list.identity,
      cursor: list.cursor,
      fetch: (request, pagerSignal) => {
        const perRequest: RequestOptions = pagerSignal
          ? { ...requestOptions, signal: pagerSignal }
          : requestOptions;
        const description = { method: 'GET', path: list.path, shape: pageShapeProblem };
        return send(this.#config, (init) => list.get(request, init), perRequest, description);
      },
    };
    const iteration: IterationOptions = {};
    if (pageSize !== undefined) iteration.pageSize = pageSize;
    if (maxItems !== undefined) iteration.maxItems = maxItems;
    if (concurrency !== undefined) iteration.concurrency = concurrency;
    if (signal !== undefined) iteration.signal = signal;
    if (pageParam !== undefined) iteration.pageParam = pageParam;
    return new PagePromise(
      source,
      { limit: query.limit, offset: query.offset, cursor: query.cursor },
      iteration,
    );
  }
}

/**
 * Creates a client of the Blockchain Index Read API.
 * @example
 * import { createClient, BASE_URLS } from '@blockindex/client';
 * const client = createClient({ baseUrl: BASE_URLS.mainnet, apiKey: process.env.HIRO_API_KEY });
 * const block = await client.getBlockByBurnBlockHeight(744603);
 */
export function createClient(options: ClientOptions = {}): BlockindexClient {
  return new BlockindexClient(options);
}
