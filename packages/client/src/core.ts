import type { WithResponse } from './api-promise.js';
import { checkCoreOptions } from './internal/option-checks.js';
import { coreCall } from './internal/request.js';
import type { CoreCall, CoreOptions, Operation, RequestOptions } from './options.js';

export { DEFAULT_DEADLINE_MS, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS } from './internal/request.js';

/** The key of a core's request function: global, so a core of another copy (CommonJS next to ESM) is one too. */
const CORE: unique symbol = Symbol.for('@blockindex/client.core');

/**
 * THE request entry point: one GET of `op` through `core`, resolving to the parsed body and the `Response`. A bad
 * argument (`pathParams` runs first) or a value that is not a core rejects the call, and nothing is sent.
 * @example
 * request(core, { id: 'getBrc20Token', path: '/ordinals/v1/brc-20/tokens/{ticker}', ordinals: true }, () => ({ ticker }), undefined, options)
 */
export async function request<T>(
  core: unknown,
  op: Operation,
  pathParams: () => Record<string, unknown>,
  query: Record<string, unknown> | undefined,
  options: RequestOptions | undefined,
): Promise<WithResponse<T>> {
  return callOf(core)<T>(op, pathParams, query, options);
}

/** The request function of a core or client; a `TypeError` for anything else. */
export function callOf(core: unknown): CoreCall {
  const call = (core as { [CORE]?: CoreCall } | null)?.[CORE];
  if (typeof call !== 'function') {
    throw new TypeError('core must come from createCore() or createClient()');
  }
  return call;
}

/**
 * The configured core of the API client (base URLs, credentials, retries, time limits, body bound), made by
 * {@link createCore} and passed first to the operations. A client from `createClient()` is a core too.
 */
export interface BlockindexCore {
  /** The normalized base URL requests go to. */
  readonly baseUrl: string;
  /** The normalized base URL of `getBrc20Token` (the Ordinals API). */
  readonly ordinalsBaseUrl: string;
}

/**
 * Creates the small core of the client: `createClient`'s options, except that pacing is a pacer from `createPacer()`.
 * An app then imports only the operations it calls, and ships only them.
 * @example
 * import { createCore, getBrc20Token, NotFoundError } from '@blockindex/client';
 * const core = createCore({ apiKey: process.env.HIRO_API_KEY });
 * try {
 *   const { token } = await getBrc20Token(core, 'ordi');
 * } catch (error) {
 *   if (!(error instanceof NotFoundError)) throw error;
 * }
 */
export function createCore(options: CoreOptions = {}): BlockindexCore {
  const core = {} as { baseUrl: string; ordinalsBaseUrl: string };
  setUpCore(core, options, 'createCore options');
  return core;
}

/**
 * Checks the options and makes `target` a core: its base URLs, and its request function under a global symbol, not
 * enumerable (a logged core shows no configuration). `where` names the options in error messages.
 */
export function setUpCore(
  target: { baseUrl: string; ordinalsBaseUrl: string },
  options: CoreOptions,
  where: string,
): void {
  checkCoreOptions(options, where);
  const baseUrl = normalizeBaseUrl(options.baseUrl ?? MAINNET_URL);
  target.baseUrl = baseUrl;
  target.ordinalsBaseUrl =
    options.ordinalsBaseUrl === undefined
      ? baseUrl
      : normalizeBaseUrl(options.ordinalsBaseUrl, 'ordinalsBaseUrl');
  Object.defineProperty(target, CORE, { value: coreCall(options, baseUrl, target.ordinalsBaseUrl) });
}

/** Hiro's mainnet API, the default base URL (apart from {@link BASE_URLS}, which then need not ship). */
const MAINNET_URL = 'https://api.hiro.so';

/** Base URLs of the hosted API and of the local mock (`blockindex-mock` / `pnpm mock`). */
export const BASE_URLS = /* @__PURE__ */ Object.freeze({
  /** Hiro's mainnet API, the default. */
  mainnet: MAINNET_URL,
  /** Hiro's testnet API. */
  testnet: 'https://api.testnet.hiro.so',
  /** The standalone mock server's default address. */
  mock: 'http://127.0.0.1:3999',
} as const);

/** Checks a base URL (absolute http(s), no query, fragment or credentials); returns it without a trailing slash. */
export function normalizeBaseUrl(baseUrl: string, option = 'baseUrl'): string {
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {}
  const problem = !url
    ? `be an absolute http(s) URL such as ${MAINNET_URL}`
    : !/^https?:$/.test(url.protocol)
      ? 'use http or https'
      : url.search || url.hash
        ? 'not contain a query string or fragment'
        : url.username || url.password
          ? 'not contain credentials'
          : undefined;
  if (problem) {
    // The credentials are what must not be shown.
    const got =
      url?.username || url?.password
        ? 'pass an apiKey instead'
        : typeof baseUrl !== 'string' || !baseUrl.trim()
          ? 'got an empty value'
          : `got ${JSON.stringify(baseUrl)}`;
    throw new TypeError(`${option} must ${problem}; ${got}`);
  }
  return (url as URL).href.replace(/\/+$/, '');
}
