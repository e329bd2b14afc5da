import type { operations } from '@blockindex/spec/types';

// The public schema types are the spec's own (`@blockindex/spec/types`, re-exported by `index.ts`); only types
// computed from the spec's operations are written here.
type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type ErrorBodies<Op> = Op extends { responses: infer Rs }
  ? { [K in keyof Rs]: `${K & (string | number)}` extends `2${string}` ? never : JsonBody<Rs[K]> }[keyof Rs]
  : never;

/**
 * Body of an {@link ApiError}: any error body the spec documents for any operation, the raw text when the
 * server sent something that is not JSON, or `undefined` when it sent nothing.
 */
export type ApiErrorBody = ErrorBodies<operations[keyof operations]> | string | undefined;

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
 * Hooks run around every request, as openapi-fetch runs its middleware (and its middleware objects work here):
 * `onRequest` in order (returning a `Request` replaces it, a `Response` answers without fetching), `onResponse`
 * and `onError` in reverse order. An error a hook throws reaches the caller unchanged.
 */
export interface Middleware {
  /** Runs before the request is sent: return a `Request` to send that instead, or a `Response` to answer with it. */
  onRequest?(params: MiddlewareParams): unknown;
  /** Runs on the response (before its body is read): return a `Response` to use that instead. */
  onResponse?(params: MiddlewareParams & { response: Response }): unknown;
  /** Runs when `fetch` throws: return a `Response` to recover, or an `Error` to throw that instead. */
  onError?(params: MiddlewareParams & { error: unknown }): unknown;
}

/**
 * How the `middleware()` guard runs an attempt: `send` is `fetch` following redirects, `fail` turns what it threw into
 * our error, `user` marks an error a hook threw (passed on untouched). Internal: only `middleware()` makes one.
 */
type Around = (
  request: Request,
  context: { schemaPath: string; params: object; base: string },
  send: (request: Request) => Promise<Response>,
  fail: (request: Request, thrown: unknown) => Error,
  user: (error: unknown) => void,
) => Promise<Response>;

/**
 * An opt-in guard for `createCore({ guards: [...] })`, made by `jsonStructureLimit()`, `headerChecks()`, `middleware()`,
 * `errorSummaries()` or `statusPhrases()`.
 */
export interface Guard {
  /** @internal Checks a header (or, with `what` = `'apiKey'`, the API key and its header) before anything is sent. */
  readonly header?: ((name: string, value: unknown, what: string) => void) | undefined;
  /** @internal Refuses a body, given its bytes and the bound, by saying why. */
  readonly body?: ((bytes: Uint8Array, maxBytes: number) => string | undefined) | undefined;
  /** @internal Runs an attempt through middleware. */
  readonly around?: Around | undefined;
}
