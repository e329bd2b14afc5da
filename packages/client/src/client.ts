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
  paths,
  SmartContractsStatusResponse,
} from '@blockindex/spec/types';
import type { Client } from 'openapi-fetch';
import { ApiPromise, type WithResponse } from './api-promise.js';
import { BASE_URLS, normalizeBaseUrl } from './base-urls.js';
import { DEPRECATIONS } from './deprecations.js';
import {
  DEFAULT_STATUS_CONCURRENCY,
  mapWithConcurrency,
  mergeStatusMaps,
  planStatusBatches,
  statusShapeProblem,
} from './internal/contract-status-batch.js';
import { escapeControl } from './internal/escape.js';
import type { PageBody, PageSource } from './internal/exact-pager.js';
import { buildHeaders, checkApiKey, credentialValues } from './internal/header-checks.js';
import { LISTS, type ListName } from './internal/lists.js';
import { createFetchClient } from './internal/openapi-fetch.js';
import { checkClientOptions, checkConcurrency } from './internal/option-checks.js';
import { Pacer } from './internal/pacer.js';
import { serializePath, withHexPrefix } from './internal/path-serializer.js';
import { redact } from './internal/redact.js';
import {
  type AttemptInit,
  objectShapeProblem,
  type RawResult,
  send,
  type TransportConfig,
  tagMiddleware,
} from './internal/transport.js';
import type {
  ApiWarning,
  ClientOptions,
  ContractStatusOptions,
  IterationOptions,
  ListOptions,
  RequestOptions,
} from './options.js';
import { PagePromise } from './pagination.js';

/** Default time limit of one attempt. */
export const DEFAULT_TIMEOUT_MS = 30_000;

/** Default time limit of a whole call: every attempt, backoff and queued wait together. */
export const DEFAULT_DEADLINE_MS = 60_000;

/**
 * Default bound on a decoded response body: 8 MiB. The real API's largest answers (a page of 50 transactions with
 * contract sources) run to about 1 MB, and a body passes while its text and parsed values are estimated under
 * 1.5 times the bound, which such JSON meets up to about 2.4 MB; a call then stays within about 32 MiB of memory.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

type PathParams<Op extends keyof operations> = operations[Op]['parameters']['path'];

/** Client of the Blockchain Index Read API: one method per operation. Create it with {@link createClient}. */
export class BlockindexClient {
  /** The normalized base URL requests go to. */
  readonly baseUrl: string;
  /** The normalized base URL of `getBrc20Token` (the Ordinals API). */
  readonly ordinalsBaseUrl: string;
  readonly #api: Client<paths>;
  readonly #config: TransportConfig;

  /** @internal Use {@link createClient}. */
  constructor(options: ClientOptions = {}) {
    checkClientOptions(options);
    this.baseUrl = normalizeBaseUrl(options.baseUrl ?? BASE_URLS.mainnet);
    this.ordinalsBaseUrl =
      options.ordinalsBaseUrl === undefined
        ? this.baseUrl
        : normalizeBaseUrl(options.ordinalsBaseUrl, 'ordinalsBaseUrl');
    const headers = buildHeaders(options.headers, 'headers');
    const keyHeader = options.apiKeyHeader ?? 'x-api-key';
    if (options.apiKey) {
      checkApiKey(options.apiKey, keyHeader);
      headers.set(keyHeader, options.apiKey);
    }
    const credentialHeaders = ['authorization', 'proxy-authorization'];
    if (typeof keyHeader === 'string') credentialHeaders.push(keyHeader.toLowerCase());
    for (const name of options.credentialHeaders ?? []) credentialHeaders.push(String(name).toLowerCase());
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
    const secrets = credentialValues(headers, credentialHeaders);
    const warned = new Set<string>();
    const onWarning = options.onWarning ?? warnOncePerProcess;
    // Server-named pauses are capped like server-named retry waits (`retry: false` keeps the default cap).
    const maxPauseMs = options.retry === false ? undefined : options.retry?.maxRetryAfterMs;
    const pacer = options.rateLimit
      ? new Pacer(options.rateLimit, Boolean(options.apiKey), maxPauseMs)
      : undefined;
    this.#config = {
      fetch: options.fetch,
      signal: options.signal,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      deadlineMs: options.deadlineMs ?? DEFAULT_DEADLINE_MS,
      maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      retry: options.retry,
      secrets,
      credentialHeaders,
      sentApiKey: Boolean(options.apiKey) || secrets.length > 0,
      userErrors,
      onWarningHeader: (operation, response) => {
        if (warned.has(operation)) return;
        warned.add(operation);
        onWarning({
          operation,
          warning: redact(response.headers.get('warning') ?? '', secrets),
          replacement: DEPRECATIONS[operation as keyof typeof DEPRECATIONS],
          url: redact(response.url, secrets),
        });
      },
      ...(pacer && { pace: pacer.reserve.bind(pacer), paced: pacer.observe.bind(pacer) }),
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
    const baseUrl = this.ordinalsBaseUrl;
    return this.#call('getBrc20Token', options, path, (init) =>
      this.#api.GET(path, { params: { path: { ticker } }, baseUrl, ...init }),
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
      checkConcurrency(concurrency);
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
            {
              operation: 'getSmartContractsStatus',
              method: 'GET',
              path,
              shape: (data) => statusShapeProblem(batch, data),
            },
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
    return this.#list('getAddressTransactionEvents', { address, tx_id: withHexPrefix(txId) }, query, options);
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
    return this.#list('getAccountTransactionsWithTransfers', { principal }, query, options);
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
    return this.#list('getAddressTransactions', { address }, query, options);
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
    return this.#call('getBlockByBurnBlockHeight', options, path, (init) =>
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
    return this.#call('getBlockByBurnBlockHash', options, path, (init) =>
      this.#api.GET(path, { params: { path: { burn_block_hash: withHexPrefix(hash) } }, ...init }),
    );
  }

  #call<T>(
    operation: string,
    options: RequestOptions | undefined,
    path: string,
    attempt: (init: AttemptInit) => Promise<RawResult<T>>,
  ): ApiPromise<T> {
    return new ApiPromise(
      send(this.#config, attempt, options, { operation, method: 'GET', path, shape: objectShapeProblem }),
    );
  }

  /** One of the three list operations, as {@link LISTS} describes it. */
  #list<TItem, TBody extends PageBody<TItem>>(
    name: ListName,
    pathParams: Record<string, string>,
    query: { limit?: number; offset?: number; cursor?: string },
    options: ListOptions,
  ): PagePromise<TItem, TBody> {
    const list = LISTS[name];
    const { pageSize, maxItems, concurrency, signal, pageParam, ...requestOptions } = options;
    const description = { operation: name, method: 'GET', path: list.path, shape: list.shape };
    const source: PageSource<TItem, TBody> = {
      identity: list.identity as (item: TItem) => unknown,
      cursor: list.cursor,
      fetch: (request, pagerSignal) => {
        const perRequest: RequestOptions = pagerSignal
          ? { ...requestOptions, signal: pagerSignal }
          : requestOptions;
        const get = (init: AttemptInit) =>
          // One generic GET for three paths: openapi-fetch's per-path types cannot follow a path chosen at run time.
          (this.#api.GET as (path: string, init: unknown) => Promise<RawResult<TBody>>)(list.path, {
            params: { path: pathParams, query: list.query(query, request) },
            ...init,
          });
        return send(this.#config, get, perRequest, description);
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
 * The default `onWarning`: each operation's warning once per process through `console.warn`, so a long-running
 * server logs a handful of lines at most. Quiet under a test runner (`NODE_ENV=test`, set by Vitest and Jest),
 * where it would only add noise to every run; pass `onWarning` to see warnings there.
 */
const warnedInProcess = new Set<string>();
function warnOncePerProcess(warning: ApiWarning): void {
  if (warnedInProcess.has(warning.operation)) return;
  if (globalThis.process?.env?.NODE_ENV === 'test') return;
  warnedInProcess.add(warning.operation);
  const instead = warning.replacement ? `; use ${warning.replacement} instead` : '';
  // The header's text is the server's: escaped, so it cannot add lines or terminal escapes to the app's log.
  console.warn(
    escapeControl(
      `[@blockindex/client] ${warning.operation}: the API sent Warning: ${warning.warning}${instead}`,
    ),
  );
}

/**
 * Creates a client of the Blockchain Index Read API.
 * @example
 * import { createClient, BASE_URLS } from '@blockindex/client';
 * const client = createClient({ baseUrl: BASE_URLS.mainnet, apiKey: process.env.HIRO_API_KEY });
 * const statuses = await client.getSmartContractsStatus(['SP000000000000000000002Q6VF78.pox-4']);
 */
export function createClient(options: ClientOptions = {}): BlockindexClient {
  return new BlockindexClient(options);
}
