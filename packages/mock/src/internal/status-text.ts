import { STATUS_TEXT } from '@blockindex/spec/constants';

/**
 * The reason phrase of a status: Fastify's `error` field of an error body, a Fetch `Response`'s `statusText`.
 * The table (`@blockindex/spec/constants`) is Node's `http.STATUS_CODES`, which is what Fastify uses.
 */
export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? 'Error';
}
