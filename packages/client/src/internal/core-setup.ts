import type { Middleware } from 'openapi-fetch';
import { MAINNET_URL, normalizeBaseUrl } from '../base-urls.js';
import type { ApiWarning, CoreOptions } from '../options.js';
import type { CoreState } from './core-state.js';
import { escapeControl } from './escape.js';
import { createGetClient } from './get-client.js';
import { buildHeaders, checkApiKey, credentialValues } from './header-checks.js';
import { checkCoreOptions } from './option-checks.js';
import { redact } from './redact.js';

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
 * Checks the options and builds what a core holds: base URLs, headers and credentials, the openapi-fetch client and
 * the transport settings. `where` names the options in error messages (`createClient options.timeoutMs ...`).
 */
export function buildState(options: CoreOptions, where: string): CoreState {
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
  const userErrors = new WeakSet<object>();
  const middleware = (options.use ?? []).filter(Boolean).map((m, i) => {
    if (typeof m !== 'object' || !('onRequest' in m || 'onResponse' in m || 'onError' in m)) {
      throw new TypeError(
        `${where}.use[${i}] must be a middleware object with onRequest, onResponse or onError`,
      );
    }
    return tagMiddleware(m, userErrors);
  });
  const api = createGetClient(baseUrl, Object.fromEntries(headers), middleware);
  const secrets = credentialValues(headers, credentialHeaders);
  const warned = new Set<string>();
  const onWarning = options.onWarning ?? warnOncePerProcess;
  const pacer = options.rateLimit;
  return {
    api,
    baseUrl,
    ordinalsBaseUrl,
    config: {
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
      ...(pacer && { pace: pacer.reserve.bind(pacer), paced: pacer.observe.bind(pacer) }),
    },
  };
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
 * Wraps the caller's middleware so that what it throws is recognised later and passed through unchanged
 * rather than mistaken for a network or parse failure.
 */
function tagMiddleware(middleware: Middleware, userErrors: WeakSet<object>): Middleware {
  const wrapped: Record<string, unknown> = {};
  for (const hook of ['onRequest', 'onResponse', 'onError'] as const) {
    const fn = middleware[hook] as ((params: never) => unknown) | undefined;
    if (typeof fn !== 'function') continue;
    wrapped[hook] = async (params: never) => {
      try {
        return await fn.call(middleware, params);
      } catch (error) {
        if (typeof error === 'object' && error !== null) userErrors.add(error);
        throw error;
      }
    };
  }
  return wrapped as Middleware;
}
