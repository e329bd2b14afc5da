import type { WithResponse } from './api-promise.js';
import type { ErrorHooks } from './internal/text.js';
import type { PageParam } from './page-param.js';
import type { RetryOptions } from './retry.js';

/** A `fetch` as the client calls it: always with a `Request`. */
export type FetchFn = (request: Request) => Promise<Response>;

/** Headers given as a plain object or a `Headers`; `undefined` values are skipped. */
export type HeadersOption = Headers | Record<string, string | undefined>;

/** What `onWarning` receives: a response of `operation` carried a `Warning` header. */
export interface ApiWarning {
  /** The operation (client method) whose response carried it. */
  operation: string;
  /** The header as sent, e.g. `299 - "Deprecated: See https://docs.hiro.so/stacks/api for more information"`. */
  warning: string;
  /** The operation to call instead, when the API deprecates this one (see `DEPRECATIONS`). */
  replacement: string | undefined;
  /** Full URL of the request (credentials blanked out). */
  url: string;
}

/** Request pacing (`rateLimit` option): how many requests the client starts per window. */
export interface RateLimitOptions {
  /** Requests per minute. Default 50 without an API key, 500 with one (Hiro's published limits). */
  perMinute?: number | undefined;
  /** Requests per second. Default: none beyond `perMinute`. */
  perSecond?: number | undefined;
}

/** Paces requests within a rate limit; made by `createPacer`. One pacer given to several cores shares one budget. */
export interface RatePacer {
  /** Resolves when a request may start; rejects when that would be past `deadlineAt` or `signal` aborts. */
  wait(signal: AbortSignal | undefined, deadlineAt: number): Promise<void>;
  /**
   * {@link RatePacer.wait}, resolving to a function that gives the start back when the request is not sent; waits on
   * `timer` when given (the calling core's, which `longTimers()` makes exact past 2^31 - 1 ms).
   */
  reserve(
    signal: AbortSignal | undefined,
    deadlineAt: number,
    timer?: (callback: () => void, ms: number) => () => void,
  ): Promise<() => void>;
  /** Reads a response's rate-limit headers; a pause it names is held at most `maxPauseMs` (and the pacer's own). */
  observe(response: Response, maxPauseMs?: number): void;
}

/** Settings of one call that override the client's. */
export interface RequestOptions {
  /** Aborts this call, including a pending retry backoff or a wait in the pacer's queue. */
  signal?: AbortSignal | undefined;
  /** Time limit of each attempt, in ms (`0` or `Infinity`: none). */
  timeoutMs?: number | undefined;
  /** Time limit of the whole call (every attempt, backoff and queued wait), in ms (`0` or `Infinity`: none). */
  deadlineMs?: number | undefined;
  /** Largest decoded response body accepted, in bytes (`Infinity`: none); see `ClientOptions.maxResponseBytes`. */
  maxResponseBytes?: number | undefined;
  /** Retry settings for this call, merged over the client's; `false` disables retries. */
  retry?: RetryOptions | false | undefined;
  /** Extra headers for this call; credentials among them are kept out of errors like the API key. */
  headers?: HeadersOption | undefined;
}

/** How a list call is iterated with `for await`, and which page it starts at; all optional. */
export interface IterationOptions {
  /** Items per request while iterating (above 50 counts as 50). Default: the query's `limit`, else 50. */
  pageSize?: number | undefined;
  /** Stop after this many items (a non-negative integer). */
  maxItems?: number | undefined;
  /** Requests kept in flight once `total` is known (items still come in order); not while `total` grows. Default 1. */
  concurrency?: number | undefined;
  /** Aborts the iteration and whatever request it has in flight. */
  signal?: AbortSignal | undefined;
  /** Start at the page a `page.nextPageParam` names: exactly the rows after its page, even if blocks were mined since. */
  pageParam?: PageParam | null | undefined;
  /**
   * Called when a re-org orphaned rows already delivered: take them back from what you show. With it, the iteration
   * re-reads the head of the list once after its last page, so that a late re-org is reported too.
   */
  onReorg?: ((event: ReorgEvent) => void) | undefined;
}

/** What `onReorg` receives. */
export interface ReorgEvent<TItem = unknown> {
  /** Rows delivered earlier whose block a re-org orphaned, as they were delivered (same objects). */
  orphaned: TItem[];
}

/** Options of the list calls: how to iterate, plus the per-call request settings. */
export interface ListOptions extends IterationOptions, RequestOptions {}

/** Options of `getSmartContractsStatus`. */
export interface ContractStatusOptions extends RequestOptions {
  /** Batch requests in flight at once when the ids need several. Default 4. */
  concurrency?: number | undefined;
}

/** Options of `createClient`; all optional. */
export interface ClientOptions {
  /** Absolute http(s) URL of the API. Default `BASE_URLS.mainnet` (`https://api.hiro.so`). */
  baseUrl?: string | undefined;
  /**
   * Base URL of the Ordinals API, for `getBrc20Token` only. Default: `baseUrl`. Hiro's hosted one was deprecated in
   * March 2026; the open-source indexer (hirosystems/bitcoin-indexer) serves the same route where you run it.
   */
  ordinalsBaseUrl?: string | undefined;
  /**
   * Hiro API key (raises the rate limit); sent in `apiKeyHeader`, blanked out of every error, never sent to another
   * origin. A key that cannot be a header value is a `TypeError` at creation that does not show it.
   */
  apiKey?: string | undefined;
  /** Header that carries `apiKey`. Default `x-api-key`. */
  apiKeyHeader?: string | undefined;
  /**
   * Headers sent with every request. Credentials among them (`apiKeyHeader`, `authorization`, `proxy-authorization`,
   * `credentialHeaders`) are blanked out of errors and dropped when a redirect leaves the origin.
   */
  headers?: HeadersOption | undefined;
  /** More header names to treat as credentials (see `headers`). */
  credentialHeaders?: readonly string[] | undefined;
  /** `fetch` to use. Default: `globalThis.fetch`, looked up on every call so MSW started later intercepts. */
  fetch?: FetchFn | undefined;
  /** Time limit of each attempt, in ms; `0` or `Infinity` for none. Default 30 000. */
  timeoutMs?: number | undefined;
  /** Time limit of a whole call (attempts, backoff, queued waits), in ms; `0` or `Infinity` for none. Default 60 000. */
  deadlineMs?: number | undefined;
  /** Largest decoded response body accepted, in bytes; `Infinity` for none. Default 8 MiB. */
  maxResponseBytes?: number | undefined;
  /** Aborts every request of this client. */
  signal?: AbortSignal | undefined;
  /** Retry settings (defaults: 2 retries, 0.5 s doubling to 8 s); `false` disables retries. */
  retry?: RetryOptions | false | undefined;
  /**
   * Paces requests within the rate limit instead of earning 429s: `true` for Hiro's limits (50/min, 500/min with an
   * API key), your own, or a shared pacer from `createPacer()`. Off by default.
   */
  rateLimit?: boolean | RateLimitOptions | RatePacer | undefined;
  /** Called once per operation with the first `Warning` header its responses carry. Default: `console.warn`, once. */
  onWarning?: ((warning: ApiWarning) => void) | undefined;
  /** Middleware (openapi-fetch's work as they are), run in order on every request and response. */
  use?: Middleware[] | undefined;
}

/** Options of `createCore`: those of `createClient`, except that pacing is a pacer made by `createPacer()`. */
export interface CoreOptions extends Omit<ClientOptions, 'rateLimit' | 'use'> {
  /** Paces requests: a pacer from `createPacer()`, which may be shared by several cores. Off by default (`false`). */
  rateLimit?: RatePacer | false | undefined;
  /** Opt-in guards, each its own import (`jsonStructureLimit()`, `headerChecks()`, `middleware(...)`, ...). */
  guards?: readonly Guard[] | undefined;
}

/** What a middleware hook receives: the fields of openapi-fetch's that this client fills. */
export interface MiddlewareParams {
  /** The request about to be sent (a hook may return another). */
  request: Request;
  /** The operation's path template, e.g. `/ordinals/v1/brc-20/tokens/{ticker}`. */
  readonly schemaPath: string;
  /** The path and query parameters of the call. */
  readonly params: { path?: Record<string, unknown>; query?: Record<string, unknown> };
  /** A random id of this request. */
  readonly id: string;
  /** The base URL the request goes to. */
  readonly options: { readonly baseUrl: string };
}

/**
 * Hooks run around every request as openapi-fetch runs its middleware: `onRequest` in order, `onResponse` and
 * `onError` in reverse order. An error a hook throws reaches the caller unchanged.
 */
export interface Middleware {
  /** Runs before the request is sent: return a `Request` to send that instead, or a `Response` to answer with it. */
  onRequest?(params: MiddlewareParams): unknown;
  /** Runs on the response (before its body is read): return a `Response` to use that instead. */
  onResponse?(params: MiddlewareParams & { response: Response }): unknown;
  /** Runs when `fetch` throws: return a `Response` to recover, or an `Error` to throw that instead. */
  onError?(params: MiddlewareParams & { error: unknown }): unknown;
}

/** How `middleware()` runs an attempt: `send` fetches, `fail` makes our error of what `fetch` threw. */
type Around = (
  request: Request,
  context: { schemaPath: string; params: object; base: string },
  send: (request: Request) => Promise<Response>,
  fail: (request: Request, thrown: unknown) => Error,
) => Promise<Response>;

/**
 * An opt-in guard for `createCore({ guards: [...] })`, made by `jsonStructureLimit()`, `headerChecks()`, ...: hooks that
 * the cores given it run, and no other core.
 */
export interface Guard extends ErrorHooks {
  /** @internal Checks a header (`what` = `'apiKey'`: the API key and its header) before anything is sent. */
  readonly header?: ((name: string, value: unknown, what: string) => void) | undefined;
  /** @internal Refuses a body, given its bytes and the bound, by saying why. */
  readonly body?: ((bytes: Uint8Array, maxBytes: number) => string | undefined) | undefined;
  /** @internal Runs an attempt through middleware. */
  readonly around?: Around | undefined;
  /** @internal Reads the pause a response names, in ms (default: `Retry-After` only). */
  readonly retryAfter?: ((headers: Headers, now: number, status: number) => number | undefined) | undefined;
  /** @internal Runs `callback` after `ms`, returning what cancels it (default: one `setTimeout`, at most 2^31 - 1 ms). */
  readonly timer?: ((callback: () => void, ms: number) => () => void) | undefined;
}

/**
 * One operation as the request path sees it: its id (named by warnings), path template (`{name}` per parameter),
 * whether it goes to `ordinalsBaseUrl`, the operation to call instead when deprecated (warnings, a 410's `GoneError`),
 * and `shape`, saying why a parsed 2xx body is not what it promises (default: a JSON object is).
 */
export interface Operation {
  id: string;
  path: string;
  ordinals?: boolean | undefined;
  replacement?: string | undefined;
  shape?: ((data: unknown) => string | undefined) | undefined;
  /**
   * Writes the call's query string (`serializeQuery`), on the operations that take a query: set by the lists and the
   * batched status call, so that an app of single-resource calls does not ship it.
   */
  search?: ((query: Record<string, unknown>) => string) | undefined;
}

/** What a core's request function takes: the seam every operation (and the pager) calls through. */
export type CoreCall = <T>(
  op: Operation,
  pathParams: () => Record<string, unknown>,
  query: Record<string, unknown> | undefined,
  options: RequestOptions | undefined,
) => Promise<WithResponse<T>>;
