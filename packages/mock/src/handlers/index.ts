import type { HttpHandler } from 'msw';
import { createOpenApiHttp } from 'openapi-msw';
import { DEFAULT_BASE_URL } from '../base-url';
import type { paths } from '../generated/schema';
import type { Scenarios } from '../scenarios';
import type { World } from '../world';
import type { OperationId } from './answer';
import type { HandlerContext } from './context';
import { answerWithMsw, type MswResolverInfo } from './msw-adapter';
import { ResponseCache } from './response-cache';

/** Options of {@link createHandlers}. */
export interface HandlersOptions {
  /** The chain to answer from. */
  world: World;
  /** Where the API lives: an absolute URL, or a path for same-origin browser apps. Default `DEFAULT_BASE_URL`. */
  baseUrl?: string;
  /** Latency, failures and rate limits applied before each answer. */
  scenarios?: Scenarios;
}

/**
 * MSW request handlers for the seven operations, answering from `world` with the real service's
 * validation, errors and headers. Use them with `setupServer`, `setupWorker` or `getResponse`.
 *
 * @example
 * const server = setupServer(...createHandlers({ world: createWorld({ seed: 1 }) }));
 */
export function createHandlers(options: HandlersOptions): HttpHandler[] {
  const baseUrl = normalizeBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL);
  const http = createOpenApiHttp<paths>({ baseUrl });
  const context = createHandlerContext(options.world, options.scenarios);
  // openapi-msw checks each path against the spec; the operations check their bodies (see `json`).
  const resolve =
    (operationId: OperationId) =>
    async <Typed>({ request, params, response }: MswResolverInfo & { response: Untyped<Typed> }) =>
      response.untyped(await answerWithMsw(context, operationId, { request, params }));
  return [
    http.get('/ordinals/v1/brc-20/tokens/{ticker}', resolve('getBrc20Token')),
    http.get('/extended/v2/smart-contracts/status', resolve('getSmartContractsStatus')),
    http.get(
      '/extended/v2/addresses/{address}/transactions/{tx_id}/events',
      resolve('getAddressTransactionEvents'),
    ),
    http.get(
      '/extended/v1/address/{principal}/transactions_with_transfers',
      resolve('getAccountTransactionsWithTransfers'),
    ),
    http.get('/extended/v2/addresses/{address}/transactions', resolve('getAddressTransactions')),
    http.get(
      '/extended/v1/block/by_burn_block_height/{burn_block_height}',
      resolve('getBlockByBurnBlockHeight'),
    ),
    http.get('/extended/v1/block/by_burn_block_hash/{burn_block_hash}', resolve('getBlockByBurnBlockHash')),
  ];
}

/** openapi-msw's `response.untyped`, whatever the path's typed body. */
interface Untyped<Typed> {
  untyped(response: Response): Typed;
}

/** The state the operations of one handler set (or one standalone server's world) share. */
export function createHandlerContext(world: World, scenarios: Scenarios | undefined): HandlerContext {
  return { world, scenarios, cache: new ResponseCache() };
}

function normalizeBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  if (trimmed.startsWith('/') || trimmed === '') return trimmed;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new TypeError(
      `baseUrl must be an absolute http(s) URL or a path starting with "/", got "${baseUrl}"`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`baseUrl must use http or https, got "${baseUrl}"`);
  }
  return trimmed;
}
