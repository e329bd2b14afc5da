import { redact, redactHeaders, redactJson } from './internal/redact.js';
import type { ApiErrorBody } from './types.js';

export { redact };

/** Base class of every error this client throws; `instanceof BlockindexError` catches them all. */
export class BlockindexError extends Error {
  override readonly name: string = 'BlockindexError';
}

/** What an {@link ApiError} is built from: one non-2xx response and the request that caused it. */
export interface ApiErrorInit {
  status: number;
  body: ApiErrorBody;
  headers: Headers;
  method: string;
  url: string;
  /**
   * Values (the API key) to blank out of the message, the body and the header values, in case the server echoes
   * them back: the error is logged and serialized far more often than the response it came from.
   */
  secrets?: readonly string[];
}

/** The server answered with a non-2xx status; subclasses narrow it by status family. */
export class ApiError extends BlockindexError {
  override readonly name: string = 'ApiError';
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
  readonly method: string;
  /** Full URL of the request. */
  readonly url: string;
  /** Request id sent by the server or its edge (`x-request-id`, else `cf-ray`), if any. */
  readonly requestId: string | undefined;
  /** Machine-readable error code from the body (e.g. `FST_ERR_VALIDATION`), if any. */
  readonly code: string | undefined;

  constructor(init: ApiErrorInit) {
    const clean = redactResponseData(init);
    super(redact(formatApiErrorMessage(clean), init.secrets));
    this.status = clean.status;
    this.body = clean.body;
    this.headers = clean.headers;
    this.method = clean.method;
    this.url = clean.url;
    this.requestId = clean.headers.get('x-request-id') ?? clean.headers.get('cf-ray') ?? undefined;
    this.code = readString(clean.body, 'code');
  }
}

/** 400: the request was rejected by validation (bad limit, malformed address, ...). */
export class BadRequestError extends ApiError {
  override readonly name: string = 'BadRequestError';
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

  constructor(init: ApiErrorInit & { retryAfterMs?: number | undefined }) {
    super(init);
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** 5xx: the server (or a gateway in front of it) failed. */
export class ServerError extends ApiError {
  override readonly name: string = 'ServerError';
}

/** The request never got a response: DNS, refused connection, reset socket, CORS, ... */
export class ConnectionError extends BlockindexError {
  override readonly name: string = 'ConnectionError';
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
  readonly status: number;
  /** Response headers, the API key replaced by `[redacted]` if echoed. */
  readonly headers: Headers;
  /** HTTP method of the request. */
  readonly method: string;
  /** Full URL of the request. */
  readonly url: string;

  constructor(init: {
    status: number;
    headers: Headers;
    method: string;
    url: string;
    reason: string;
    cause?: unknown;
    secrets?: readonly string[];
  }) {
    const url = redact(init.url, init.secrets);
    super(redact(`${init.status} ${init.method} ${describeUrl(url)}: ${init.reason}`, init.secrets), {
      cause: init.cause,
    });
    this.status = init.status;
    this.headers = redactHeaders(init.headers, init.secrets);
    this.method = init.method;
    this.url = url;
  }
}

/**
 * Iterating a list without a cursor, the list grew by more than a page between requests again and again, so
 * the iterator could not tell which rows it had missed; it stops rather than skip any. Use a larger `pageSize`.
 */
export class ListOutpacedError extends BlockindexError {
  override readonly name: string = 'ListOutpacedError';
}

/**
 * Builds the {@link ApiError} subclass matching a status: the one place that maps statuses to classes.
 * @example
 * throw createApiError({ status: 404, body: { error: 'Not found' }, headers, method: 'GET', url });
 */
export function createApiError(init: ApiErrorInit & { retryAfterMs?: number | undefined }): ApiError {
  const { status } = init;
  if (status === 400) return new BadRequestError(init);
  if (status === 404) return new NotFoundError(init);
  if (status === 429) return new RateLimitError(init);
  if (status >= 500 && status <= 599) return new ServerError(init);
  return new ApiError(init);
}

/**
 * The init with the secrets taken out of everything the server sent. Done before formatting, so that truncating
 * the message can never cut a secret in half and leave a piece that no longer matches.
 */
function redactResponseData<T extends ApiErrorInit>(init: T): T {
  return {
    ...init,
    body: redactJson(init.body, init.secrets),
    headers: redactHeaders(init.headers, init.secrets),
    url: redact(init.url, init.secrets),
  };
}

/** `"<status> <METHOD> <path>: <what the server said>"`, with fallbacks when it said nothing useful. */
function formatApiErrorMessage(init: ApiErrorInit): string {
  return `${init.status} ${init.method} ${describeUrl(init.url)}: ${describeBody(init)}`;
}

const MAX_DETAIL = 200;

function describeBody({ status, body, headers }: ApiErrorInit): string {
  const fallback = STATUS_TEXT[status] ?? (status >= 500 ? 'Server error' : 'Request failed');
  if (body === undefined || body === null) return `${fallback} (empty body)`;
  if (typeof body === 'string') {
    const text = body.trim();
    if (text === '') return `${fallback} (empty body)`;
    const contentType = headers.get('content-type') ?? '';
    if (contentType.includes('html') || text.startsWith('<')) return `${fallback} (HTML body)`;
    return truncate(text.replace(/\s+/g, ' '));
  }
  const message = readString(body, 'message');
  const error = readString(body, 'error');
  if (message) return truncate(message);
  if (error) return truncate(error);
  return `${fallback} (unrecognized body)`;
}

/** Path and query of a URL, shortened: the host is the same for every call and only makes messages longer. */
function describeUrl(url: string): string {
  return truncate(pathOf(url));
}

/** Path and query of a URL, or the text itself when it is not one. */
export function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

function truncate(text: string): string {
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL - 1)}…` : text;
}

function readString(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  414: 'URI Too Long',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
