// Response checks on every list answer: what the pager reads must be what the API promises, or a ResponseParseError
// naming the field; nothing is dropped or merged silently.
import { ResponseParseError } from '@blockindex/client';
import type { Body } from './kinds.js';

/** How a list names a row: the identity field's path and type, and its value in a row (see lists.ts). */
export interface Identity {
  name: string;
  type: 'string' | 'number';
  of(row: unknown): unknown;
}

const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;

/** The answer's body as the pager reads it, or a ResponseParseError saying which field is wrong. */
export function checkBody(
  data: unknown,
  response: Response,
  url: string,
  identity: Identity,
  offsets: boolean,
): Body {
  const fail = (reason: string) =>
    new ResponseParseError({
      status: response.status,
      headers: response.headers,
      method: 'GET',
      url,
      reason,
    });
  const body = data as Record<string, unknown> | null;
  if (typeof body !== 'object' || body === null || !Array.isArray(body.results)) {
    throw fail('the list answer has no results array');
  }
  // Position-cursor lists (v3) have no offset.
  for (const field of offsets ? ['limit', 'offset', 'total'] : ['limit', 'total']) {
    if (!isCount(body[field])) throw fail(`${field} is not a non-negative integer: ${String(body[field])}`);
  }
  const seen = new Set<unknown>();
  for (const [i, row] of body.results.entries()) {
    if (typeof row !== 'object' || row === null) throw fail(`results[${i}] is not an object`);
    const id = identity.of(row);
    if (typeof id !== identity.type) throw fail(`results[${i}].${identity.name} is not a ${identity.type}`);
    if (seen.has(id)) throw fail(`results[${i}].${identity.name} ${String(id)} is repeated in the page`);
    seen.add(id);
  }
  return body as unknown as Body;
}
