import { ApiPromise, type WithResponse } from '../api-promise.js';
import {
  AbortError,
  BlockindexError,
  ConnectionError,
  createApiError,
  RedirectError,
  ResponseParseError,
  ResponseTooLargeError,
  TimeoutError,
} from '../errors.js';
import type { FetchFn, RequestOptions } from '../options.js';
import {
  parseRetryAfterMs,
  type RetryOptions,
  type RetryPolicy,
  resolveRetryPolicy,
  retryDelayMs,
  sleep,
} from '../retry.js';
import type { Around } from '../types.js';
import {
  type BodyLimit,
  buildHeaders,
  credentialValues,
  fetchFollowingRedirects,
  limitBody,
  RedirectRefused,
  serializePath,
  serializeQuery,
} from './http.js';
import { checkRequestOptions } from './option-checks.js';
import { callSignals } from './signals.js';
import { redact } from './text.js';

/**
 * The key under which a core carries its request function. A global symbol, so that a core made by another copy of
 * this package (its CommonJS build next to its ESM build) is accepted here and runs its own code.
 */
export const CORE: unique symbol = Symbol.for('@blockindex/client.core');

/** One operation as the request path sees it. */
export interface Operation {
  /** The operation id (`getBrc20Token`, ...): named by warnings. */
  id: string;
  /** The path template, `{name}` for each path parameter. */
  path: string;
  /** Sent to the core's `ordinalsBaseUrl` rather than its `baseUrl`. */
  ordinals?: boolean | undefined;
  /** The operation to call instead, for a deprecated one: named by its warnings and a 410's `GoneError`. */
  replacement?: string | undefined;
  /** Says why a parsed 2xx body is not what the operation promises; `undefined` when it is. Default: a JSON object. */
  shape?: ((data: unknown) => string | undefined) | undefined;
}

/** What a core's request function takes: the seam every operation (and the pager) calls through. */
export type CoreCall = <T>(
  op: Operation,
  pathParams: () => Record<string, unknown>,
  query: Record<string, unknown> | undefined,
  options: RequestOptions | undefined,
) => Promise<WithResponse<T>>;

/** What a core holds, in the closure of its request function (nothing of it shows when a core is logged). */
export interface CoreConfig {
  baseUrl: string;
  ordinalsBaseUrl: string;
  /** Headers of every request (lower-case names), the API key's included. */
  headers: Record<string, string>;
  /** The opt-in middleware, when the core has it: sends `request` through the hooks and `fetchOnce`. */
  around?: Around | undefined;
  /** The opt-in JSON structure limit, when the core has it. */
  checkBody?: ((bytes: Uint8Array, maxBytes: number) => string | undefined) | undefined;
  fetch: FetchFn | undefined;
  signal: AbortSignal | undefined;
  timeoutMs: number | undefined;
  deadlineMs: number | undefined;
  retry: RetryOptions | false | undefined;
  /** Bound on a decoded response body, in bytes (`Infinity`: none). */
  maxResponseBytes: number;
  /** Values never to show in an error: the API key and every other credential header value. */
  secrets: readonly string[];
  /** Lower-case names of the headers that carry credentials (the API key header, `authorization`, ...). */
  credentialHeaders: readonly string[];
  /** Whether requests carry an API key (a 401/403 says what to check). */
  sentApiKey: boolean;
  /** Called with every response that carries a `Warning` header. */
  onWarningHeader: (operation: string, response: Response, replacement: string | undefined) => void;
  /** Waits for the pacer's go; may resolve to a function giving the start back when nothing is sent. */
  pace?: ((signal: AbortSignal | undefined, deadlineAt: number) => Promise<unknown>) | undefined;
  /** Tells the pacer what each response said about the rate limit. */
  paced?: ((response: Response) => void) | undefined;
}

/**
 * THE request entry point: one GET of `op` through `core`, with the core's retries, time limits, body bound and typed
 * errors; resolves to the parsed body and the `Response`. `pathParams` runs first, so a bad argument (or a value
 * that is not a core) rejects the call and nothing is sent. Operations and the pager call only this.
 * @example
 * request(core, { id: 'getBrc20Token', path: '/ordinals/v1/brc-20/tokens/{ticker}', ordinals: true }, () => ({ ticker }), undefined, options)
 */
export function request<T>(
  core: unknown,
  op: Operation,
  pathParams: () => Record<string, unknown>,
  query: Record<string, unknown> | undefined,
  options: RequestOptions | undefined,
): Promise<WithResponse<T>> {
  try {
    return callOf(core)<T>(op, pathParams, query, options);
  } catch (error) {
    return Promise.reject(error);
  }
}

/** The request function of a core or client; a `TypeError` for anything else. */
export function callOf(core: unknown): CoreCall {
  const call = typeof core === 'object' && core !== null ? (core as { [CORE]?: CoreCall })[CORE] : undefined;
  if (typeof call !== 'function') {
    throw new TypeError('core must come from createCore() or createClient() of @blockindex/client');
  }
  return call;
}

/**
 * A single-resource call as the operations make it: {@link request} wrapped in an `ApiPromise`.
 */
export function getResource<T>(
  core: unknown,
  id: string,
  path: string,
  pathParams: () => Record<string, unknown>,
  options: RequestOptions | undefined,
  ordinals?: boolean,
  replacement?: string,
): ApiPromise<T> {
  return new ApiPromise<T>(
    request<T>(core, { id, path, ordinals, replacement }, pathParams, undefined, options),
  );
}

/** The request function a core carries: {@link send} over its configuration. */
export function coreCall(config: CoreConfig): CoreCall {
  return (op, pathParams, query, options) => send(config, op, pathParams, query, options);
}

/**
 * One call: builds the URL and headers once, then runs attempts (pacer's go, middleware, `fetch` following redirects
 * with credentials kept at their origin, a bounded read, parse, a typed error) until one succeeds or the retry
 * policy, the deadline or the caller's signal says stop.
 */
async function send<T>(
  c: CoreConfig,
  op: Operation,
  pathParams: () => Record<string, unknown>,
  query: Record<string, unknown> | undefined,
  options: RequestOptions | undefined,
): Promise<WithResponse<T>> {
  const params = { path: pathParams(), ...(query && { query }) };
  checkRequestOptions(options, 'options');
  const base = op.ordinals ? c.ordinalsBaseUrl : c.baseUrl;
  const search = serializeQuery(query);
  const url = serializePath(base + op.path, params.path) + (search && `?${search}`);
  let secrets = c.secrets;
  let headers: Headers | Record<string, string> = c.headers;
  if (options?.headers !== undefined) {
    // Checked here rather than left to `fetch`, whose error would quote a bad value (maybe a credential).
    const extra = buildHeaders(options.headers, 'headers');
    secrets = [...secrets, ...credentialValues(extra, c.credentialHeaders)];
    headers = new Headers(c.headers);
    for (const [name, value] of extra) headers.set(name, value);
  }
  const callers = [c.signal, options?.signal].filter((s): s is AbortSignal => !!s);
  const timeoutMs = options?.timeoutMs ?? c.timeoutMs;
  const deadlineMs = options?.deadlineMs ?? c.deadlineMs;
  const signals = callSignals(callers, timeoutMs, deadlineMs);
  const maxBytes = options?.maxResponseBytes ?? c.maxResponseBytes;
  const shape = op.shape ?? objectShapeProblem;
  let policy: RetryPolicy | false | undefined;
  try {
    for (let retryIndex = 0; ; retryIndex++) {
      let sent: Request | undefined;
      let response: Response | undefined;
      /** What the caller's middleware threw: passed on untouched. */
      let userError: unknown;
      const limit: BodyLimit = { maxBytes, exceeded: false };
      const where = (): { method: string; url: string } => ({
        method: sent?.method ?? 'GET',
        url: redact(sent?.url ?? response?.url ?? op.path, secrets),
      });
      /** The caller's abort, or a time limit, as our error; `late`: the deadline passed before the attempt. */
      const interrupted = (cause: unknown, late?: boolean): BlockindexError | undefined => {
        const { method, url } = where();
        const target = `${method} ${url}: `;
        const init = { cause, method, url };
        if (signals.aborted()) return new AbortError(`${target}the request was aborted`, init);
        if (late || signals.timedOut) {
          const what =
            late || signals.deadlineHit
              ? `the call's deadline of ${deadlineMs} ms passed`
              : `timed out after ${timeoutMs} ms`;
          return new TimeoutError(target + what, init);
        }
        return undefined;
      };
      // The pacer's start, given back if this attempt sends nothing (aborted first, answered by a middleware).
      let unsent: (() => void) | undefined;
      if (c.pace) {
        // Outside the attempt: a wait in the pacer's queue is not a failure to retry, and it ends the call when it
        // is aborted or would end past the deadline.
        const linked = signals.between();
        try {
          const release = await c.pace(linked.signal, signals.deadlineAt);
          if (typeof release === 'function') unsent = release as () => void;
        } finally {
          linked.dispose();
        }
      }
      let failure: unknown;
      try {
        const stopped = signals.aborted();
        if (stopped || signals.remaining() <= 0) throw interrupted(stopped?.reason, !stopped);
        const signal = signals.attempt();
        const req = new Request(url, { headers, redirect: 'manual', signal: signal ?? null });
        const around = c.around;
        response = around
          ? await around(req, { schemaPath: op.path, params, base }, fetchOnce, fetchError, (error) => {
              userError = error;
            })
          : await fetchOnce(req).catch((thrown) => {
              throw fetchError(req, thrown);
            });
        const done = response as Response;
        // Nothing to read when the server says so (openapi-fetch leaves such a body unread too).
        const text =
          done.headers.get('content-length') === '0' ? '' : await limitBody(done, limit, c.checkBody);
        const { status, headers: answered } = done;
        if (!done.ok) {
          let body: unknown = text === '' ? undefined : text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON: the text is the error body.
          }
          const { method, url } = where();
          throw createApiError({
            status,
            body: body as never,
            headers: answered,
            method,
            url,
            secrets,
            retryAfterMs: parseRetryAfterMs(answered, Date.now(), status),
            replacement: op.replacement,
            sentApiKey: c.sentApiKey || secrets.length > c.secrets.length,
          });
        }
        const data: unknown = text === '' ? undefined : JSON.parse(text);
        const problem = data === undefined ? 'expected a JSON body, got an empty one' : shape(data);
        if (problem !== undefined) {
          throw new ResponseParseError({ status, headers: answered, ...where(), reason: problem, secrets });
        }
        return { data: data as T, response: done };
      } catch (error) {
        failure = limit.exceeded ? tooLarge(error) : error === userError ? error : ourError(error);
      } finally {
        signals.settle();
        unsent?.();
      }
      policy ??= resolveRetryPolicy(c.retry, options?.retry);
      const delay = retryDelayMs(failure, retryIndex, policy);
      // A wait that would end past the deadline is not worth starting: the error goes out now, a RateLimitError
      // with the `retryAfterMs` the server asked for.
      if (delay === undefined || delay >= signals.remaining()) throw failure;
      const linked = signals.between();
      try {
        await sleep(delay, linked.signal);
      } finally {
        linked.dispose();
      }

      /** `fetch` (looked up on every call, so MSW or a stub installed later applies) following redirects. */
      async function fetchOnce(req: Request): Promise<Response> {
        sent = req;
        unsent = undefined;
        const fetchFn = c.fetch ?? ((r: Request) => globalThis.fetch(r));
        const received = await fetchFollowingRedirects(fetchFn, req, c.credentialHeaders);
        response = received;
        if (received.headers.has('warning')) c.onWarningHeader(op.id, received, op.replacement);
        c.paced?.(received);
        return received;
      }

      /** The body passed `maxResponseBytes` (as announced, as read, or as it would parse): `limit.reason` says which. */
      function tooLarge(cause: unknown): ResponseTooLargeError {
        return new ResponseTooLargeError({
          status: response?.status ?? 0,
          headers: response?.headers ?? new Headers(),
          ...where(),
          reason:
            limit.reason ??
            `the response body is larger than maxResponseBytes (${maxBytes} bytes); reading stopped there`,
          maxBytes,
          secrets,
          cause: cause instanceof Error ? new Error(cause.message) : undefined,
        });
      }

      /** What a failed attempt throws: our own errors as they are, the rest mapped. */
      function ourError(error: unknown): unknown {
        if (error instanceof BlockindexError || typeof error !== 'object' || error === null) return error;
        const stopped = interrupted(error);
        if (stopped || response === undefined) return stopped ?? error;
        const { method, url } = where();
        if (error instanceof SyntaxError) {
          // Only the position: V8's message quotes the body around the fault, which may hold an echoed API key cut
          // in a place that no longer matches the key as a whole.
          const position = /\bposition (\d+)/.exec(error.message)?.[1];
          const reason = `the body is not valid JSON${position === undefined ? '' : ` (syntax error at position ${position})`}`;
          return new ResponseParseError({
            status: response.status,
            headers: response.headers,
            method,
            url,
            reason,
            cause: new SyntaxError(reason),
            secrets,
          });
        }
        if (error instanceof TypeError || error instanceof DOMException) {
          return new ConnectionError(
            redact(
              `${method} ${url}: the response body could not be read (${describeCause(error)})`,
              secrets,
            ),
            { cause: error, method, url },
          );
        }
        return error;
      }

      /** A failed `fetch` as one of our errors: aborted, timed out, a refused redirect or a connection error. */
      function fetchError(req: Request, cause: unknown): BlockindexError {
        const url = redact(req.url, secrets);
        const Failure = cause instanceof RedirectRefused ? RedirectError : ConnectionError;
        return (
          interrupted(cause) ??
          new Failure(redact(`${req.method} ${url}: ${describeCause(cause)}`, secrets), {
            cause,
            method: req.method,
            url,
          })
        );
      }
    }
  } finally {
    signals.dispose();
  }
}

/** The shape check of single-resource calls: their bodies are JSON objects. */
function objectShapeProblem(data: unknown): string | undefined {
  return typeof data === 'object' && data !== null && !Array.isArray(data)
    ? undefined
    : 'expected a JSON object';
}

/** A failed `fetch`'s message, with the detail undici keeps in its `cause` (ECONNREFUSED, ENOTFOUND, ...). */
function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = cause.cause;
  const detail =
    inner instanceof Error ? ((inner as Error & { code?: string }).code ?? inner.message) : undefined;
  return detail ? `${cause.message} (${detail})` : cause.message;
}
