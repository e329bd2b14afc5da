import { type HttpHandler, http } from 'msw';
import { DEFAULT_BASE_URL } from '../../engine/base-url';
import { createHandlerContext } from '../../engine/context';
import { answerFetch } from '../../engine/fetch-answer';
import type { Scenarios } from '../../engine/scenarios/scenarios';
import type { World } from '../../world';

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
 * validation, errors and headers. Use them with `setupServer`, `setupWorker` or `getResponse` (msw 2 or 3).
 *
 * @example
 * import { setupServer } from 'msw/node';
 * import { createWorld } from '@blockindex/mock';
 * import { createHandlers } from '@blockindex/mock/msw';
 *
 * const server = setupServer(...createHandlers({ world: createWorld({ seed: 1 }) }));
 */
export function createHandlers(options: HandlersOptions): HttpHandler[] {
  const baseUrl = normalizeBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL);
  const prefixLength = (
    baseUrl.startsWith('/') || baseUrl === '' ? baseUrl : new URL(baseUrl).pathname
  ).replace(/\/+$/, '').length;
  const context = createHandlerContext(options.world, options.scenarios);
  // One msw handler under the base URL; the engine's router (the one route table) picks the operation, and a
  // path that names none falls through to the app's other handlers (or msw's `onUnhandledRequest`).
  return [
    http.get(`${baseUrl}/*`, ({ request }) => {
      const url = new URL(request.url);
      return answerFetch(context, request, url, url.pathname.slice(prefixLength));
    }),
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
