import { buildHeaders, checkApiKey, credentialValues } from './internal/http.js';
import { checkCoreOptions, isPacer } from './internal/option-checks.js';
import { CORE, type CoreConfig, coreCall } from './internal/request.js';
import { escapeControl, redact } from './internal/text.js';
import type { ApiWarning, CoreOptions } from './options.js';

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

/**
 * The configured core of the API client: base URLs, credentials and redirect policy, the transport with its typed
 * errors, retries, per-attempt timeout, deadline and body bound. Made by {@link createCore}; pass it first to the
 * operations (`getBrc20Token(core, 'ordi')`). A client from `createClient()` is accepted wherever a core is.
 */
export interface BlockindexCore {
  /** The normalized base URL requests go to. */
  readonly baseUrl: string;
  /** The normalized base URL of `getBrc20Token` (the Ordinals API). */
  readonly ordinalsBaseUrl: string;
}

/**
 * Creates the small core of the client: the same options as `createClient`, except that pacing is a pacer from
 * `createPacer()`. An app then imports only the operations it calls, and ships only them.
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
  const where = 'createCore options';
  // `false` is no pacing, as for `createClient`; `true` or an object would ship the pacer with every core.
  const rateLimit = (options as CoreOptions | null)?.rateLimit;
  if (rateLimit !== undefined && rateLimit !== false && !isPacer(rateLimit)) {
    throw new TypeError(
      `${where}.rateLimit must be a pacer from createPacer() (createClient also takes true or { perMinute, perSecond })`,
    );
  }
  const core = {} as { baseUrl: string; ordinalsBaseUrl: string };
  setUpCore(core, options, where);
  return core;
}

/**
 * Checks the options and makes `target` a core: sets its `baseUrl` and `ordinalsBaseUrl`, and gives it its request
 * function (under a global symbol, not enumerable: nothing of the configuration shows when a core is logged, and a
 * core of another copy of this package is still one). `where` names the options in error messages.
 */
export function setUpCore(
  target: { baseUrl: string; ordinalsBaseUrl: string },
  options: CoreOptions,
  where: string,
): void {
  checkCoreOptions(options, where);
  const baseUrl = normalizeBaseUrl(options.baseUrl ?? MAINNET_URL);
  const ordinalsBaseUrl =
    options.ordinalsBaseUrl === undefined
      ? baseUrl
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
  const guards = options.guards ?? [];
  const secrets = credentialValues(headers, credentialHeaders);
  const warned = new Set<string>();
  const onWarning = options.onWarning ?? warnOncePerProcess;
  const pacer = options.rateLimit;
  const config: CoreConfig = {
    baseUrl,
    ordinalsBaseUrl,
    headers: Object.fromEntries(headers),
    around: guards.find((g) => g.around)?.around,
    checkBody: guards.find((g) => g.body)?.body,
    fetch: options.fetch,
    signal: options.signal,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    deadlineMs: options.deadlineMs ?? DEFAULT_DEADLINE_MS,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    retry: options.retry,
    secrets,
    credentialHeaders,
    sentApiKey: Boolean(options.apiKey) || secrets.length > 0,
    onWarningHeader: (operation, response, replacement) => {
      if (warned.has(operation)) return;
      warned.add(operation);
      onWarning({
        operation,
        warning: redact(response.headers.get('warning') ?? '', secrets),
        replacement,
        url: redact(response.url, secrets),
      });
    },
    // One rule for a client's pacer and a shared one: a server-named pause is held at most this core's
    // `retry.maxRetryAfterMs` (the pacer's default, 60 s, when retries are off or it is not given).
    ...(pacer && {
      pace: pacer.reserve.bind(pacer),
      paced: (response: Response) => pacer.observe(response, (options.retry || undefined)?.maxRetryAfterMs),
    }),
  };
  target.baseUrl = baseUrl;
  target.ordinalsBaseUrl = ordinalsBaseUrl;
  Object.defineProperty(target, CORE, { value: coreCall(config) });
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

/** Hiro's mainnet API, the default base URL (apart from {@link BASE_URLS} so that the checks below ship without it). */
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

/**
 * Checks a base URL and returns it without a trailing slash. Node's `Request` only accepts absolute URLs, so a
 * relative or malformed one is rejected here, where the message can say what is wrong, instead of on every call.
 */
export function normalizeBaseUrl(baseUrl: string, option = 'baseUrl'): string {
  const refuse = (rule: string, got = `got ${JSON.stringify(baseUrl)}`) =>
    new TypeError(`${option} must ${rule}; ${got}`);
  const absolute = `be an absolute http(s) URL such as ${MAINNET_URL}`;
  if (typeof baseUrl !== 'string' || baseUrl.trim() === '') throw refuse(absolute, 'got an empty value');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw refuse(absolute);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('use http or https');
  if (url.search !== '' || url.hash !== '') throw refuse('not contain a query string or fragment');
  // Not quoted: the credentials are what must not be shown.
  if (url.username !== '' || url.password !== '')
    throw refuse('not contain credentials', 'pass an apiKey instead');
  return url.href.replace(/\/+$/, '');
}
