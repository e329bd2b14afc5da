import {
  BlockindexError,
  ConnectionError,
  ResponseParseError,
  ResponseTooLargeError,
  TimeoutError,
} from '../errors.js';
import type { BodyLimit } from './body-limit.js';
import { redact } from './redact.js';

// How a failed attempt becomes one of our errors: the transport (`send`) decides when, these decide what.

/** The call's deadline passed before another attempt could start. */
export function deadlineError(
  where: { method: string; url: string },
  deadlineMs: number | undefined,
): TimeoutError {
  const { method, url } = where;
  return new TimeoutError(`${method} ${url}: the call's deadline of ${deadlineMs} ms passed`, {
    method,
    url,
  });
}

/** The body passed `maxResponseBytes` (as announced, as read, or as it would parse): `limit.reason` says which. */
export function tooLarge(
  response: Response | undefined,
  where: { method: string; url: string },
  limit: BodyLimit,
  secrets: readonly string[],
  cause: unknown,
): ResponseTooLargeError {
  return new ResponseTooLargeError({
    status: response?.status ?? 0,
    headers: response?.headers ?? new Headers(),
    ...where,
    reason:
      limit.reason ??
      `the response body is larger than maxResponseBytes (${limit.maxBytes} bytes); reading stopped there`,
    maxBytes: limit.maxBytes,
    secrets,
    cause: cause instanceof Error ? new Error(cause.message) : undefined,
  });
}

/** What a failed attempt throws: our own errors and the caller's middleware errors as they are, the rest mapped. */
export function ourError(
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
      redact(`${method} ${url}: the response body could not be read (${error.message})`, secrets),
      { cause: error, method, url },
    );
  }
  return error;
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

/** A failed `fetch`'s message, with the detail undici keeps in its `cause` (ECONNREFUSED, ENOTFOUND, ...). */
export function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  // undici reports "fetch failed" and hides the useful part (ECONNREFUSED, ENOTFOUND, ...) in `cause`.
  const inner = cause.cause;
  const detail =
    inner instanceof Error ? ((inner as Error & { code?: string }).code ?? inner.message) : undefined;
  return detail ? `${cause.message} (${detail})` : cause.message;
}
