/** Response headers a browser app on another origin may read. */
const EXPOSED_HEADERS = [
  'ETag',
  'Warning',
  'Retry-After',
  'Location',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
].join(', ');

const ALLOWED_METHODS = 'GET, HEAD, POST, OPTIONS';
const DEFAULT_ALLOWED_HEADERS = 'Content-Type, If-None-Match, x-api-key';

/** CORS headers added to every answer of the standalone server (any origin, like `@fastify/cors`). */
export function corsHeaders(): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
  };
}

/** Headers of a preflight answer: the requested headers are echoed, so any custom header is allowed. */
export function preflightHeaders(requestedHeaders: string | undefined): Record<string, string> {
  return {
    ...corsHeaders(),
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    'Access-Control-Allow-Headers': requestedHeaders?.trim() ? requestedHeaders : DEFAULT_ALLOWED_HEADERS,
    'Access-Control-Max-Age': '600',
    Vary: 'Access-Control-Request-Headers',
  };
}
