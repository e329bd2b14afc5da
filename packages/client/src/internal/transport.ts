import type { WithResponse } from '../api-promise.js';
import {
  AbortError,
  type BlockindexError,
  ConnectionError,
  createApiError,
  RedirectError,
  ResponseParseError,
  TimeoutError,
} from '../errors.js';
import type { FetchFn, HeadersOption, RequestOptions } from '../options.js';
import {
  parseRetryAfterMs,
  type RetryOptions,
  type RetryPolicy,
  resolveRetryPolicy,
  retryDelayMs,
  sleep,
} from '../retry.js';
import type { ApiErrorBody } from '../types.js';
import { deadlineError, describeCause, ourError, tooLarge } from './attempt-errors.js';
import { type BodyLimit, limitBody } from './body-limit.js';
import { buildHeaders, credentialValues } from './header-checks.js';
import { checkRequestOptions } from './option-checks.js';
import { redact } from './redact.js';
import { fetchFollowingRedirects, RedirectRefused } from './redirects.js';
import { CallSignals } from './signals.js';

/** What the transport needs from the client. */
export interface TransportConfig {
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
  /** Errors thrown by the caller's own middleware, which must pass through untouched. */
  userErrors: WeakSet<object>;
  /** Called with every response that carries a `Warning` header, and the operation to call instead, if any. */
  onWarningHeader?: (operation: string, response: Response, replacement: string | undefined) => void;
  /**
   * Waits for the pacer's go before each attempt, if the client paces requests. It may resolve to a function that
   * gives the reserved start back, which the transport calls when the attempt then sends nothing.
   */
  pace?: (signal: AbortSignal | undefined, deadlineAt: number) => Promise<unknown>;
  /** Tells the pacer what each response said about the rate limit. */
  paced?: (response: Response) => void;
}

/** What each attempt hands to openapi-fetch. */
export interface AttemptInit {
  /** None when nothing can abort the attempt (no time limit, no caller signal). */
  signal: AbortSignal | undefined;
  fetch: FetchFn;
  headers?: HeadersOption;
  redirect: 'manual';
}

/** The subset of openapi-fetch's result the transport reads. */
export interface RawResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** Fallback description of the request when no `Request` was seen (a middleware answered itself). */
export interface CallDescription {
  /** The operation id (`getBrc20Token`, ...): named by warnings and by a 410's replacement. */
  operation: string;
  method: string;
  path: string;
  /** The operation to call instead, for a deprecated one: named by its warnings and a 410's `GoneError`. */
  replacement?: string | undefined;
  /** Says why a parsed 2xx body is not what the operation promises, or returns `undefined` when it is. */
  shape?: (data: unknown) => string | undefined;
}

/**
 * Runs one API call through openapi-fetch with timeouts, a deadline and retries, and turns every failure into one
 * of our errors: this is the only place that inspects openapi-fetch's three failure modes (a thrown network error,
 * `{ error }` for a non-2xx, and a 2xx body that fails to parse).
 */
export async function send<T>(
  config: TransportConfig,
  attempt: (init: AttemptInit) => Promise<RawResult<T>>,
  options: RequestOptions | undefined,
  description: CallDescription,
): Promise<WithResponse<T>> {
  checkRequestOptions(options, 'options');
  let secrets = config.secrets;
  if (options?.headers !== undefined) {
    // Checked here rather than left to `fetch`, whose error would quote a bad value (maybe a credential).
    const headers = buildHeaders(options.headers, 'headers');
    secrets = [...secrets, ...credentialValues(headers, config.credentialHeaders)];
  }
  const callers = [config.signal, options?.signal].filter((s): s is AbortSignal => !!s);
  const timeoutMs = options?.timeoutMs ?? config.timeoutMs;
  const deadlineMs = options?.deadlineMs ?? config.deadlineMs;
  const signals = new CallSignals(callers, timeoutMs, deadlineMs);
  const maxBytes = options?.maxResponseBytes ?? config.maxResponseBytes;
  let policy: RetryPolicy | false | undefined;
  try {
    for (let retryIndex = 0; ; retryIndex++) {
      let request: Request | undefined;
      let response: Response | undefined;
      const limit: BodyLimit = { maxBytes, exceeded: false };
      const where = (): { method: string; url: string } => ({
        method: request?.method ?? description.method,
        url: redact(request?.url ?? response?.url ?? description.path, secrets),
      });
      const interrupted = (cause: unknown): BlockindexError | undefined => {
        const { method, url } = where();
        const target = `${method} ${url}`;
        if (signals.aborted()) {
          return new AbortError(`${target}: the request was aborted`, { cause, method, url });
        }
        if (signals.timedOut) {
          const what = signals.deadlineHit
            ? `the call's deadline of ${deadlineMs} ms passed`
            : `timed out after ${timeoutMs} ms`;
          return new TimeoutError(`${target}: ${what}`, { cause, method, url });
        }
        return undefined;
      };
      // Looked up on every call (not captured once) so that MSW or a test stub installed later still applies.
      // The pacer's start, given back if this attempt sends nothing (aborted first, answered by a middleware).
      let unsent: (() => void) | undefined;
      const fetchOnce: FetchFn = async (req) => {
        request = req;
        unsent = undefined;
        try {
          const fetchFn = config.fetch ?? ((r: Request) => globalThis.fetch(r));
          const received = await fetchFollowingRedirects(fetchFn, req, config.credentialHeaders);
          response = received;
          if (response.headers.has('warning'))
            config.onWarningHeader?.(description.operation, response, description.replacement);
          config.paced?.(response);
          return Number.isFinite(maxBytes) ? await limitBody(response, limit) : response;
        } catch (cause) {
          if (limit.exceeded) throw cause;
          const url = redact(req.url, secrets);
          // Past the headers, what failed is reading the body (a reset or cut-off mid-stream).
          const what =
            response === undefined
              ? describeCause(cause)
              : `the response body could not be read (${describeCause(cause)})`;
          const Failure = cause instanceof RedirectRefused ? RedirectError : ConnectionError;
          throw (
            interrupted(cause) ??
            new Failure(redact(`${req.method} ${url}: ${what}`, secrets), {
              cause,
              method: req.method,
              url,
            })
          );
        }
      };

      if (config.pace) {
        // Outside the attempt: a wait in the pacer's queue is not a failure to retry, and it ends the call when it
        // is aborted or would end past the deadline.
        const linked = signals.between();
        try {
          const release = await config.pace(linked.signal, signals.deadlineAt);
          if (typeof release === 'function') unsent = release as () => void;
        } finally {
          linked.dispose();
        }
      }
      let failure: unknown;
      try {
        const stopped = signals.aborted();
        if (stopped) throw interrupted(stopped.reason);
        if (signals.remaining() <= 0) throw deadlineError(where(), deadlineMs);
        const init: AttemptInit = { fetch: fetchOnce, signal: signals.attempt(), redirect: 'manual' };
        if (options?.headers !== undefined) init.headers = options.headers;
        const result = await attempt(init);
        const { status, headers } = result.response;
        if (!result.response.ok) {
          const { method, url } = where();
          throw createApiError({
            status,
            // openapi-fetch hands back '' for an empty body unless Content-Length said 0; both mean "no body".
            body: (result.error === '' ? undefined : result.error) as ApiErrorBody,
            headers,
            method,
            url,
            secrets,
            retryAfterMs: parseRetryAfterMs(headers, Date.now(), status),
            replacement: description.replacement,
            sentApiKey: config.sentApiKey || secrets.length > config.secrets.length,
          });
        }
        const problem =
          result.data === undefined
            ? 'expected a JSON body, got an empty one'
            : description.shape?.(result.data);
        if (problem !== undefined) {
          // Described only on failure: `request.url` and redaction cost a few microseconds per call.
          throw new ResponseParseError({ status, headers, ...where(), reason: problem, secrets });
        }
        return { data: result.data as T, response: result.response };
      } catch (error) {
        failure = limit.exceeded
          ? tooLarge(response, where(), limit, secrets, error)
          : ourError(error, config.userErrors, interrupted, response, where, secrets);
      } finally {
        signals.settle();
        unsent?.();
      }
      policy ??= resolveRetryPolicy(config.retry, options?.retry);
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
    }
  } finally {
    signals.dispose();
  }
}
