import { redact } from '../internal/redact.js';
import { formatApiErrorMessage, readString, redactResponseData } from '../internal/response-message.js';
import type { ApiErrorBody, ApiErrorInit } from '../types.js';
import { BlockindexError, ERROR_KIND } from './blockindex-error.js';

export type { ApiErrorInit };

/** The server answered with a non-2xx status; subclasses narrow it by status family. */
export class ApiError extends BlockindexError {
  override readonly name: string = 'ApiError';
  /** @internal */
  override readonly [ERROR_KIND]: string = 'api';
  /** HTTP status of the response. */
  readonly status: number;
  /**
   * Parsed JSON body, the raw text when it was not JSON, or `undefined` when empty; any echo of the API key in it
   * is replaced by `[redacted]`.
   */
  readonly body: ApiErrorBody;
  /** Response headers (rate-limit counters, `Warning`, ...), the API key replaced by `[redacted]` if echoed. */
  readonly headers: Headers;
  /** HTTP method of the request. */
  declare readonly method: string;
  /** Full URL of the request. */
  declare readonly url: string;
  /** Request id sent by the server or its edge (`x-request-id`, else `cf-ray`), if any. */
  readonly requestId: string | undefined;
  /** Machine-readable error code from the body (e.g. `FST_ERR_VALIDATION`), if any. */
  readonly code: string | undefined;

  constructor(init: ApiErrorInit, detail?: string) {
    const clean = redactResponseData(init);
    const message = formatApiErrorMessage(clean);
    super(redact(detail ? `${message} (${detail})` : message, init.secrets), {
      method: clean.method,
      url: clean.url,
    });
    this.status = clean.status;
    this.body = clean.body;
    this.headers = clean.headers;
    this.requestId = clean.headers.get('x-request-id') ?? clean.headers.get('cf-ray') ?? undefined;
    this.code = readString(clean.body, 'code');
  }
}

/** 400: the request was rejected by validation (bad limit, malformed address, ...). */
export class BadRequestError extends ApiError {
  override readonly name: string = 'BadRequestError';
}

/** 401: the API key is missing or was rejected; the message hints at the `apiKey` option. */
export class UnauthorizedError extends ApiError {
  override readonly name: string = 'UnauthorizedError';
}

/** 403: the API key is not allowed this request (or an edge refused the client); the message hints at `apiKey`. */
export class ForbiddenError extends ApiError {
  override readonly name: string = 'ForbiddenError';
}

/** 410: the operation was disabled upstream; `replacement` names what to call instead, when the API says. */
export class GoneError extends ApiError {
  override readonly name: string = 'GoneError';
  /** The operation the API recommends instead, e.g. `GET /extended/v3/principals/{principal}/transactions`. */
  readonly replacement: string | undefined;

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
  /** Delay the server asked for (`Retry-After` or `ratelimit-reset`), in milliseconds, if it said. */
  readonly retryAfterMs: number | undefined;

  constructor(init: ApiErrorInit & { retryAfterMs?: number | undefined }, detail?: string) {
    super(init, detail);
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** 5xx: the server (or a gateway in front of it) failed. */
export class ServerError extends ApiError {
  override readonly name: string = 'ServerError';
}

/**
 * Builds the {@link ApiError} subclass matching a status: the one place that maps statuses to classes.
 * @example
 * throw createApiError({ status: 404, body: { error: 'Not found' }, headers, method: 'GET', url });
 */
export function createApiError(
  init: ApiErrorInit & {
    retryAfterMs?: number | undefined;
    /** What a 410 should recommend instead (the spec's replacement of the operation). */
    replacement?: string | undefined;
    /** Whether the request carried an API key: a 401/403 hint says what to check. */
    sentApiKey?: boolean;
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
  // A 401/403 says what to check about the key.
  const hint =
    status === 401 || status === 403
      ? init.sentApiKey
        ? 'the API key was rejected: check the apiKey option'
        : 'no API key was sent: pass one with the apiKey option'
      : undefined;
  return new Class(init, hint);
}
