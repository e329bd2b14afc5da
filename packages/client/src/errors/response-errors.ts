import { redact, redactHeaders } from '../internal/redact.js';
import { headline } from '../internal/response-message.js';
import { BlockindexError } from './blockindex-error.js';

/** A 2xx response whose body is not the JSON the API promises (empty, truncated, HTML, wrong shape). */
export class ResponseParseError extends BlockindexError {
  override readonly name: string = 'ResponseParseError';
  /** HTTP status of the response. */
  readonly status: number;
  /** Response headers, the API key replaced by `[redacted]` if echoed. */
  readonly headers: Headers;
  /** HTTP method of the request. */
  declare readonly method: string;
  /** Full URL of the request. */
  declare readonly url: string;

  constructor(init: ResponseErrorInit) {
    const url = redact(init.url, init.secrets);
    super(redact(headline(init.status, init.method, url, init.reason), init.secrets), {
      cause: init.cause,
      method: init.method,
      url,
    });
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

/**
 * The response body (after decompression) passed `maxResponseBytes`; reading stopped there, so memory stays near
 * the bound. Not retried: the same request would bring the same body.
 */
export class ResponseTooLargeError extends ResponseParseError {
  override readonly name: string = 'ResponseTooLargeError';
  /** The bound that was passed, in bytes. */
  readonly maxBytes: number;

  constructor(init: ResponseErrorInit & { maxBytes: number }) {
    super(init);
    this.maxBytes = init.maxBytes;
  }
}
