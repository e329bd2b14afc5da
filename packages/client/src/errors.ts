import { DEPRECATED_OPERATIONS } from '@blockindex/spec/constants';
import type { operations } from '@blockindex/spec/types';
import {
  clip,
  describeBody,
  type ErrorHooks,
  escapeControl,
  redact,
  redactHeaders,
} from './internal/text.js';

// Types computed from the spec's operations; the public schema types are the spec's own (re-exported by `index.ts`).
type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type ErrorBodies<Op> = Op extends { responses: infer Rs }
  ? { [K in keyof Rs]: `${K & (string | number)}` extends `2${string}` ? never : JsonBody<Rs[K]> }[keyof Rs]
  : never;

/** Body of an {@link ApiError}: an error body the spec documents, the raw text when not JSON, or `undefined`. */
export type ApiErrorBody = ErrorBodies<operations[keyof operations]> | string | undefined;

/**
 * What an {@link ApiError} is built from: one non-2xx response and the request that caused it (and, internally, what
 * the opt-in guards of the core that made the request add to its errors).
 */
export interface ApiErrorInit extends ErrorHooks {
  status: number;
  body: ApiErrorBody;
  headers: Headers;
  method: string;
  url: string;
  /** Values (the API key) to blank out of the message, the body and the headers, should the server echo them. */
  secrets?: readonly string[];
  /** The pause the server named, in milliseconds (`Retry-After`, ...), if any. */
  retryAfterMs?: number | undefined;
  /** @internal Whether the request carried an API key (the hint of `errorDetails()` on a 401/403 says). */
  sentApiKey?: boolean;
}

/** What every {@link BlockindexError} may carry besides its message. */
export interface BlockindexErrorOptions {
  cause?: unknown;
  /** HTTP method and full URL (credentials blanked out) of the request the error is about. */
  method?: string | undefined;
  url?: string | undefined;
}

/** The brand of this package's errors (`'api'`, `'connection'`, `'error'`): global, so it holds across copies. */
export const ERROR_KIND: unique symbol = Symbol.for('@blockindex/client.error-kind');

/**
 * Base class of every error this client throws; `instanceof BlockindexError` catches them all. The message has every
 * control character a server sent escaped (`\n`, `\u001b`), so logging it cannot forge a log line.
 */
export class BlockindexError extends Error {
  override readonly name: string = 'BlockindexError';
  /** @internal See {@link ERROR_KIND}. */
  readonly [ERROR_KIND]: string = 'error';
  /** HTTP method of the request, when the error is about one. */
  declare readonly method: string | undefined;
  /** Full URL of the request (credentials blanked out), when the error is about one. */
  declare readonly url: string | undefined;

  constructor(message: string, options: BlockindexErrorOptions = {}) {
    super(escapeControl(message), options.cause === undefined ? undefined : { cause: options.cause });
    this.method = options.method;
    this.url = options.url;
  }

  /** A bounded, redacted summary for `JSON.stringify(error)`, once the opt-in `errorSummaries()` is in use. */
  declare toJSON?: () => Record<string, unknown>;
}

/**
 * The message and options of an error about a response, the one place they are written: `"<status> <METHOD> <path>:
 * <what>"` (path and query, cut at 200), the secrets blanked out of the URL before it is cut into the message (a cut
 * can then never leave half a secret) and of the whole message.
 */
function responseError(
  { status, method, url, secrets }: Pick<ApiErrorInit, 'status' | 'method' | 'url' | 'secrets'>,
  what: string,
  cause?: unknown,
): [string, BlockindexErrorOptions] {
  const shown = redact(url, secrets);
  let path = shown;
  try {
    const parsed = new URL(shown);
    path = parsed.pathname + parsed.search;
  } catch {}
  return [redact(`${status} ${method} ${clip(path, 200)}: ${what}`, secrets), { cause, method, url: shown }];
}

/** The server answered with a non-2xx status; subclasses narrow it by status family. */
export class ApiError extends BlockindexError {
  override readonly name: string = 'ApiError';
  /** @internal */
  override readonly [ERROR_KIND]: string = 'api';
  /** HTTP status of the response. */
  declare readonly status: number;
  /** Parsed JSON body, the raw text when not JSON, `undefined` when empty; echoes of the API key are `[redacted]`. */
  declare readonly body: ApiErrorBody;
  /** Response headers (rate-limit counters, `Warning`, ...), the API key replaced by `[redacted]` if echoed. */
  declare readonly headers: Headers;
  declare readonly method: string;
  declare readonly url: string;
  /**
   * Delay the server asked for (`Retry-After`, or `ratelimit-reset` with `rateLimitHeaders()`), in milliseconds, if it
   * said: a 429's, a 503's, any status's.
   */
  declare readonly retryAfterMs: number | undefined;
  /** Request id sent by the server or its edge (`x-request-id`, else `cf-ray`), if any; with `errorDetails()`. */
  declare readonly requestId: string | undefined;
  /** Machine-readable error code from the body (e.g. `FST_ERR_VALIDATION`), if any; with `errorDetails()`. */
  declare readonly code: string | undefined;

  constructor(init: ApiErrorInit, detail?: string) {
    const { status, secrets } = init;
    // Its text only, unless deepRedaction() blanks them at any depth.
    const body = init.redactBody
      ? init.redactBody(init.body, secrets)
      : typeof init.body === 'string'
        ? (redact(init.body, secrets) as ApiErrorBody)
        : init.body;
    const headers = redactHeaders(init.headers, secrets);
    detail ??= init.hint?.(status, init.sentApiKey);
    const what = describeBody(status, body, headers, init);
    super(...responseError(init, detail ? `${what} (${detail})` : what));
    this.status = status;
    this.body = body;
    this.headers = headers;
    this.retryAfterMs = init.retryAfterMs;
    init.details?.(this);
  }
}

/** 400: the request was rejected by validation (bad limit, malformed address, ...). */
export class BadRequestError extends ApiError {
  override readonly name: string = 'BadRequestError';
}

/** 401: the API key is missing or was rejected; with `errorDetails()` the message hints at the `apiKey` option. */
export class UnauthorizedError extends ApiError {
  override readonly name: string = 'UnauthorizedError';
}

/** 403: the API key is not allowed this request (or an edge refused the client). */
export class ForbiddenError extends ApiError {
  override readonly name: string = 'ForbiddenError';
}

/** 410: the operation was disabled upstream; `replacement` names what to call instead, when the API says. */
export class GoneError extends ApiError {
  override readonly name: string = 'GoneError';
  /** The operation to call instead, its function and path, e.g. `getPrincipalTransactions (GET /extended/v3/...)`. */
  declare readonly replacement: string | undefined;

  constructor(init: ApiErrorInit & { replacement?: string | undefined }) {
    super(
      init,
      `the operation was disabled upstream${init.replacement ? `; use ${init.replacement} instead` : ''}`,
    );
    this.replacement = init.replacement;
  }
}

/** 404: the token, transaction, block or cursor does not exist. */
export class NotFoundError extends ApiError {
  override readonly name: string = 'NotFoundError';
}

/** 429: rate limit exceeded; `retryAfterMs` says when the server allows the next request. */
export class RateLimitError extends ApiError {
  override readonly name: string = 'RateLimitError';
}

/** 5xx: the server (or a gateway in front of it) failed. */
export class ServerError extends ApiError {
  override readonly name: string = 'ServerError';
}

/**
 * Builds the {@link ApiError} subclass matching a status: the one place that maps statuses to classes. A 410 names
 * `replacement`; with `errorDetails()`, a 401/403 says what to check about the key (`sentApiKey`).
 * @example
 * throw createApiError({ status: 404, body: { error: 'Not found' }, headers, method: 'GET', url });
 */
export function createApiError(
  init: ApiErrorInit & {
    retryAfterMs?: number | undefined;
    replacement?: string | undefined;
  },
): ApiError {
  const { status } = init;
  const Class =
    (
      {
        400: BadRequestError,
        401: UnauthorizedError,
        403: ForbiddenError,
        404: NotFoundError,
        410: GoneError,
        429: RateLimitError,
      } as Record<number, typeof ApiError>
    )[status] ?? (status >= 500 && status <= 599 ? ServerError : ApiError);
  return new Class(init);
}

/** The request never got a response: DNS, refused connection, reset socket, CORS, ... */
export class ConnectionError extends BlockindexError {
  override readonly name: string = 'ConnectionError';
  /** @internal */
  override readonly [ERROR_KIND]: string = 'connection';
}

/**
 * The server redirected where the client will not follow (more than 20 hops, not http(s), or a hidden target for a
 * request with credentials). A {@link ConnectionError}, but never retried: the same request would go the same way.
 */
export class RedirectError extends ConnectionError {
  override readonly name: string = 'RedirectError';
}

/** One attempt took longer than `timeoutMs`. A kind of {@link ConnectionError}, so it is retried like one. */
export class TimeoutError extends ConnectionError {
  override readonly name: string = 'TimeoutError';
}

/** The caller aborted the request through an `AbortSignal`; never retried. */
export class AbortError extends BlockindexError {
  override readonly name: string = 'AbortError';
}

/** A 2xx response whose body is not the JSON the API promises (empty, truncated, HTML, wrong shape). */
export class ResponseParseError extends BlockindexError {
  override readonly name: string = 'ResponseParseError';
  /** HTTP status of the response. */
  declare readonly status: number;
  /** Response headers, the API key replaced by `[redacted]` if echoed. */
  declare readonly headers: Headers;
  declare readonly method: string;
  declare readonly url: string;

  constructor(init: ResponseErrorInit) {
    super(...responseError(init, init.reason, init.cause));
    this.status = init.status;
    this.headers = redactHeaders(init.headers, init.secrets);
  }
}

/** What a {@link ResponseParseError} or {@link ResponseTooLargeError} is built from. */
export interface ResponseErrorInit {
  status: number;
  headers: Headers;
  method: string;
  url: string;
  reason: string;
  cause?: unknown;
  secrets?: readonly string[];
}

/** The decoded body passed `maxResponseBytes`; reading stopped there. Not retried: the body would be the same. */
export class ResponseTooLargeError extends ResponseParseError {
  override readonly name: string = 'ResponseTooLargeError';
  /** The bound that was passed, in bytes. */
  declare readonly maxBytes: number;

  constructor(init: ResponseErrorInit & { maxBytes: number }) {
    super(init);
    this.maxBytes = init.maxBytes;
  }
}

/**
 * The server's pages contradict each other in a way no exact iteration can follow (changed rows older than one still
 * there, a list ending before the rows it announced, more requests than its size needs). Start the iteration again.
 */
export class ListInconsistentError extends BlockindexError {
  override readonly name: string = 'ListInconsistentError';
}

/**
 * Iterating a list without a cursor, the list grew by more than a page between requests again and again; the iterator
 * stops rather than skip rows. Use a larger `pageSize`. A kind of {@link ListInconsistentError}.
 */
export class ListOutpacedError extends ListInconsistentError {
  override readonly name: string = 'ListOutpacedError';
}

/**
 * A re-org moved the chain under an iteration or a page param in a way the client cannot follow exactly (more
 * delivered rows orphaned than it remembers, re-orgs again and again, or the rows before a `pageParam` orphaned:
 * fetch the list again from its first page). A routine re-org of a few blocks is followed, not thrown.
 */
export class ListReorgedError extends ListInconsistentError {
  override readonly name: string = 'ListReorgedError';
}

type Deprecated = typeof DEPRECATED_OPERATIONS;

/**
 * The operations the API deprecates, each with the operation to call instead (the spec's `x-replacement`). A 410 from
 * one is a `GoneError` naming it; its `Warning: 299` header reaches `onWarning`.
 */
// Built in a call marked pure, so that an app that never reads it does not ship the texts.
export const DEPRECATIONS: { readonly [K in keyof Deprecated]: Deprecated[K]['replacement'] } =
  /* @__PURE__ */ (() =>
    Object.freeze(
      Object.fromEntries(
        Object.entries(DEPRECATED_OPERATIONS).map(([id, { replacement }]) => [id, replacement]),
      ),
    ))() as never;

/** An operation listed in {@link DEPRECATIONS}. */
export type DeprecatedOperation = keyof typeof DEPRECATIONS;
