import { escapeControl } from '../internal/escape.js';

/** What every {@link BlockindexError} may carry besides its message. */
export interface BlockindexErrorOptions {
  cause?: unknown;
  /** HTTP method of the request the error is about. */
  method?: string | undefined;
  /** Full URL of that request, credentials blanked out. */
  url?: string | undefined;
}

/**
 * The brand of this package's errors: `'api'` (a non-2xx answer), `'connection'` (no answer, or too late) or `'error'`.
 * A global symbol, so an app with two copies of the client (two versions) still tells its errors apart, which
 * `instanceof` cannot across copies.
 */
export const ERROR_KIND: unique symbol = Symbol.for('@blockindex/client.error-kind');

/**
 * Base class of every error this client throws; `instanceof BlockindexError` catches them all. Errors are safe to
 * log: `JSON.stringify(error)` and `util.inspect(error)` give a bounded summary with credentials blanked out, and
 * the message has every control character a server sent escaped (`\n`, `\u001b`).
 */
export class BlockindexError extends Error {
  override readonly name: string = 'BlockindexError';
  /** @internal See {@link ERROR_KIND}. */
  readonly [ERROR_KIND]: string = 'error';
  /** HTTP method of the request, when the error is about one. */
  readonly method: string | undefined;
  /** Full URL of the request (credentials blanked out), when the error is about one. */
  readonly url: string | undefined;

  constructor(message: string, options: BlockindexErrorOptions = {}) {
    // Messages quote what servers send (error bodies, reasons, causes): control characters in them are escaped,
    // so that logging an error can never forge a log line or send a terminal escape sequence.
    super(escapeControl(message), options.cause === undefined ? undefined : { cause: options.cause });
    this.method = options.method;
    this.url = options.url;
  }

  /**
   * A bounded, redacted summary for logs, what `JSON.stringify(error)` writes: present once the opt-in
   * `errorSummaries()` is in use (`createClient` uses it), with the matching `util.inspect` output.
   */
  declare toJSON?: () => Record<string, unknown>;
}
