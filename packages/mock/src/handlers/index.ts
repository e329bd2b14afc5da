import type { HttpHandler } from 'msw';
import { createOpenApiHttp } from 'openapi-msw';
import { DEFAULT_BASE_URL } from '../base-url';
import type { paths } from '../generated/schema';
import type { Scenarios } from '../scenarios';
import type { World } from '../world';
import { addressesHandlers } from './addresses';
import { blocksHandlers } from './blocks';
import { brc20Handlers } from './brc20';
import { smartContractsHandlers } from './smart-contracts';

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
  const context = { world: options.world, scenarios: options.scenarios };
  return [
    ...brc20Handlers(http, context),
    ...smartContractsHandlers(http, context),
    ...addressesHandlers(http, context),
    ...blocksHandlers(http, context),
  ];
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
