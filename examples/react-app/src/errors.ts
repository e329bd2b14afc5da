import {
  BadRequestError,
  ConnectionError,
  ListInconsistentError,
  NotFoundError,
  RateLimitError,
  TimeoutError,
} from '@blockindex/client';

/** Turns anything a client call threw into one sentence for the page. */
export function describeError(error: unknown, notFound: string): string {
  if (error instanceof NotFoundError) return notFound;
  if (error instanceof RateLimitError) return 'Too many requests: try again in a minute.';
  // TimeoutError before ConnectionError: a timeout is a kind of connection error.
  if (error instanceof TimeoutError) return 'The API took too long to answer.';
  if (error instanceof ConnectionError) return 'Could not reach the API. Are you offline?';
  // The API's validation text (`params/address must match pattern ...`) is for developers, not for the page.
  if (error instanceof BadRequestError) {
    console.error(error);
    return 'The API did not accept this request: check the address, ticker or contract ids in the URL.';
  }
  if (error instanceof ListInconsistentError) return 'The list changed too much while it loaded: try again.';
  console.error(error); // unexpected: keep the details for the developer console
  return error instanceof Error ? error.message : String(error);
}
