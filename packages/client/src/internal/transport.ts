import type { Middleware } from 'openapi-fetch';
import {
  AbortError,
  BlockindexError,
  ConnectionError,
  createApiError,
  pathOf,
  ResponseParseError,
  redact,
  TimeoutError,
} from '../errors.js';
import {
  parseRetryAfterMs,
  type RetryOptions,
  type RetryPolicy,
  resolveRetryPolicy,
  retryDelayMs,
  sleep,
} from '../retry.js';
import type { ApiErrorBody } from '../types.js';
import { buildHeaders, credentialValues } from './header-checks.js';
import { CallSignals } from './signals.js';

/** A `fetch` as openapi-fetch calls it: always with a `Request`. */
export type FetchFn = (request: Request) => Promise<Response>;

/** Headers given as a plain object or a `Headers`; `undefined` values are skipped. */
export type HeadersOption = Headers | Record<string, string | undefined>;

/** Settings of one call that override the client's. */
export interface RequestOptions {
  /** Aborts this call, including a pending retry backoff. */
  signal?: AbortSignal;
  /** Time limit of each attempt, in ms (`0` or `Infinity`: none). */
  timeoutMs?: number;
  /** Retry settings for this call, merged over the client's; `false` disables retries. */
  retry?: RetryOptions | false;
  /** Extra headers for this call; credentials among them are kept out of errors like the API key. */
  headers?: HeadersOption;
}

/** What the transport needs from the client. */
export interface TransportConfig {
  fetch: FetchFn | undefined;
  signal: AbortSignal | undefined;
  timeoutMs: number | undefined;
  retry: RetryOptions | false | undefined;
  /** Values never to show in an error: the API key and every other credential header value. */
  secrets: readonly string[];
  /** Lower-case names of the headers that carry credentials (the API key header, `authorization`, ...). */
  credentialHeaders: readonly string[];
  /** Errors thrown by the caller's own middleware, which must pass through untouched. */
  userErrors: WeakSet<object>;
}

/** What each attempt hands to openapi-fetch. */
export interface AttemptInit {
  signal?: AbortSignal;
  fetch: FetchFn;
  headers?: HeadersOption;
}

/** The subset of openapi-fetch's result the transport reads. */
export interface RawResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** A successful call: the parsed body and the response it came from. */
export interface WithResponse<T> {
  data: T;
  response: Response;
}

/** Fallback description of the request when no `Request` was seen (a middleware answered itself). */
export interface CallDescription {
  method: string;
  path: string;
  /** Says why a parsed 2xx body is not what the operation promises, or returns `undefined` when it is. */
  shape?: (data: unknown) => string | undefined;
}

/**
 * Runs one API call through openapi-fetch with timeouts and retries, and turns every failure into one of our
 * errors: this is the only place that inspects openapi-fetch's three failure modes (a thrown network error,
 * `{ error }` for a non-2xx, and a 2xx body that fails to parse).
 */
export async function send<T>(
  config: TransportConfig,
  attempt: (init: AttemptInit) => Promise<RawResult<T>>,
  options: RequestOptions | undefined,
  description: CallDescription,
): Promise<WithResponse<T>> {
  let secrets = config.secrets;
  if (options?.headers !== undefined) {
    // Checked here rather than left to `fetch`, whose error would quote a bad value (maybe a credential).
    const headers = buildHeaders(options.headers, 'headers');
    secrets = [...secrets, ...credentialValues(headers, config.credentialHeaders)];
  }
  const callers: AbortSignal[] = [];
  if (config.signal) callers.push(config.signal);
  if (options?.signal) callers.push(options.signal);
  const timeoutMs = options?.timeoutMs ?? config.timeoutMs;
  const signals = new CallSignals(callers, timeoutMs);
  let policy: RetryPolicy | false | undefined;
  try {
    for (let retryIndex = 0; ; retryIndex++) {
      let request: Request | undefined;
      let response: Response | undefined;
      const where = (): { method: string; url: string } => ({
        method: request?.method ?? description.method,
        url: request?.url ?? response?.url ?? description.path,
      });
      const interrupted = (cause: unknown): BlockindexError | undefined => {
        const { method, url } = where();
        const target = `${method} ${pathOf(url)}`;
        if (signals.aborted()) return new AbortError(`${target}: the request was aborted`, { cause });
        if (signals.timedOut)
          return new TimeoutError(`${target}: timed out after ${timeoutMs} ms`, { cause });
        return undefined;
      };
      // Looked up on every call (not captured once) so that MSW or a test stub installed later still applies.
      const fetchOnce: FetchFn = async (req) => {
        request = req;
        try {
          response = await (config.fetch ?? globalThis.fetch)(req);
          return response;
        } catch (cause) {
          throw (
            interrupted(cause) ??
            new ConnectionError(
              redact(`${req.method} ${pathOf(req.url)}: ${describeCause(cause)}`, secrets),
              {
                cause,
              },
            )
          );
        }
      };

      let failure: unknown;
      try {
        const stopped = signals.aborted();
        if (stopped) throw interrupted(stopped.reason);
        const init: AttemptInit = { fetch: fetchOnce };
        const signal = signals.attempt();
        if (signal) init.signal = signal;
        if (options?.headers !== undefined) init.headers = options.headers;
        const result = await attempt(init);
        const { method, url } = where();
        const { status, headers } = result.response;
        if (!result.response.ok) {
          throw createApiError({
            status,
            // openapi-fetch hands back '' for an empty body unless Content-Length said 0; both mean "no body".
            body: (result.error === '' ? undefined : result.error) as ApiErrorBody,
            headers,
            method,
            url,
            secrets,
            retryAfterMs: parseRetryAfterMs(headers),
          });
        }
        const problem =
          result.data === undefined
            ? 'expected a JSON body, got an empty one'
            : description.shape?.(result.data);
        if (problem !== undefined) {
          throw new ResponseParseError({ status, headers, method, url, reason: problem, secrets });
        }
        return { data: result.data as T, response: result.response };
      } catch (error) {
        failure = ourError(error, config.userErrors, interrupted, response, where, secrets);
      } finally {
        signals.settle();
      }
      policy ??= resolveRetryPolicy(config.retry, options?.retry);
      const delay = retryDelayMs(failure, retryIndex, policy);
      if (delay === undefined) throw failure;
      const linked = signals.between();
      try {
        await sleep(delay, linked.signal);
      } finally {
        linked.dispose();
      }
    }
  } finally {
    signals.dispose();
  }
}

/** What a failed attempt throws: our own errors and the caller's middleware errors as they are, the rest mapped. */
function ourError(
  error: unknown,
  userErrors: WeakSet<object>,
  interrupted: (cause: unknown) => BlockindexError | undefined,
  response: Response | undefined,
  where: () => { method: string; url: string },
  secrets: readonly string[],
): unknown {
  if (error instanceof BlockindexError) return error;
  if (typeof error !== 'object' || error === null || userErrors.has(error)) return error;
  const stopped = interrupted(error);
  if (stopped) return stopped;
  if (response === undefined) return error;
  const { method, url } = where();
  if (error instanceof SyntaxError) {
    const reason = describeJsonError(error);
    return new ResponseParseError({
      status: response.status,
      headers: response.headers,
      method,
      url,
      reason,
      // Not the parser's own error: its message quotes the body around the fault, which may hold an
      // echoed API key cut in a place that no longer matches the key as a whole.
      cause: new SyntaxError(reason),
      secrets,
    });
  }
  if (error instanceof TypeError || error instanceof DOMException) {
    return new ConnectionError(
      redact(`${method} ${pathOf(url)}: the response body could not be read (${error.message})`, secrets),
      { cause: error },
    );
  }
  return error;
}

/** The shape check of single-resource calls: their bodies are JSON objects. */
export function objectShapeProblem(data: unknown): string | undefined {
  return typeof data === 'object' && data !== null && !Array.isArray(data)
    ? undefined
    : 'expected a JSON object';
}

/**
 * Wraps the caller's middleware so that what it throws is recognised later and passed through unchanged
 * rather than mistaken for a network or parse failure.
 */
export function tagMiddleware(middleware: Middleware, userErrors: WeakSet<object>): Middleware {
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

/**
 * What went wrong parsing a body, without the excerpt of the body that V8 (`"sk-live-7d"... is not valid JSON`)
 * and other engines quote: only the position, when the parser gives one.
 */
function describeJsonError(error: SyntaxError): string {
  const position = /\bposition (\d+)/.exec(error.message)?.[1];
  return position === undefined
    ? 'the body is not valid JSON'
    : `the body is not valid JSON (syntax error at position ${position})`;
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  // undici reports "fetch failed" and hides the useful part (ECONNREFUSED, ENOTFOUND, ...) in `cause`.
  const inner = cause.cause;
  const detail =
    inner instanceof Error ? ((inner as Error & { code?: string }).code ?? inner.message) : undefined;
  return detail ? `${cause.message} (${detail})` : cause.message;
}
