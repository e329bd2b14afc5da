import { BlockindexError, ERROR_KIND } from './blockindex-error.js';

/** The request never got a response: DNS, refused connection, reset socket, CORS, ... */
export class ConnectionError extends BlockindexError {
  override readonly name: string = 'ConnectionError';
  /** @internal */
  override readonly [ERROR_KIND]: string = 'connection';
}

/**
 * The server redirected somewhere the client will not follow: more than 20 hops, a target that is not http(s) or
 * not a URL, or (in a browser) a hidden target for a request carrying credentials. A kind of
 * {@link ConnectionError}, but final: the same request would be redirected the same way, so it is never retried.
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
