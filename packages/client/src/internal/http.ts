import type { HeadersOption } from '../options.js';
import { describeValue } from './text.js';

/**
 * Fills a path template so that every parameter stays exactly one segment: each value percent-encoded, and `.` or
 * `..` sent as the text `%2E` (on the wire `%252E`), since URLs resolve every other spelling of them as dot segments.
 * The values come checked from the operation's row (`params`: `checkId`, `checkHex`, ...), so none is checked again.
 */
export function serializePath(pathname: string, pathParams: Record<string, unknown>): string {
  return pathname.replace(/\{([^{}]+)\}/g, (_, key: string) => {
    const text = String(pathParams[key]);
    return encodeURIComponent(text === '.' || text === '..' ? text.replaceAll('.', '%2E') : text);
  });
}

/** The query string: arrays exploded (`name=a&name=b`), `undefined` and `null` skipped, without `?`. */
export function serializeQuery(query: Record<string, unknown> | undefined): string {
  let out = '';
  // Own keys read one by one (holes of an array skipped): entries and an array flattened per parameter cost a list
  // call more than its checks.
  for (const name of Object.keys(query ?? {})) {
    const value = (query as Record<string, unknown>)[name];
    for (const item of value == null ? [] : Array.isArray(value) ? value.flat(0) : [value]) {
      if (typeof item === 'object' && item) {
        throw new TypeError(`query parameter ${name} must be a string, number or boolean; got an object`);
      }
      out += `${out && '&'}${name}=${encodeURIComponent(item as string)}`;
    }
  }
  return out;
}

/** A checker of header names and values (the opt-in `headerChecks()`): throws a `TypeError` saying what is wrong. */
export type HeaderCheck = (name: string, value: unknown, what: string) => void;

/**
 * `Headers` from the caller's option (`undefined` values skipped) set on `headers`, each checked by `check` (opt-in)
 * first.
 */
export function buildHeaders(
  option: HeadersOption | undefined,
  what: string,
  check?: HeaderCheck,
  headers = new Headers(),
): Headers {
  const entries = option instanceof Headers ? [...option] : Object.entries(option ?? {});
  for (const [name, value] of entries) {
    if (value === undefined) continue;
    check?.(name, String(value), what);
    try {
      headers.set(name, String(value));
    } catch {
      // What `Headers` refuses is named, never quoted: the value may be a secret.
      throw new TypeError(
        `${what}: ${describeValue(name)} is not a valid header name or value (the value is not shown)`,
      );
    }
  }
  return headers;
}

/** The values of the headers named in `names` (lower case), and each on its own after a scheme (`Bearer <token>`). */
export function credentialValues(headers: Headers, names: readonly string[]): string[] {
  const out: string[] = [];
  for (const [name, value] of headers) {
    if (names.includes(name) && value) out.push(value, ...(/^\S+\s+(\S.*)$/.exec(value)?.slice(1) ?? []));
  }
  return out;
}

/** A failed `fetch`'s message, with the detail undici keeps in its `cause` (ECONNREFUSED, ENOTFOUND, ...). */
export function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = cause.cause as (Error & { code?: string }) | undefined;
  const detail = inner instanceof Error ? (inner.code ?? inner.message) : undefined;
  return detail ? `${cause.message} (${detail})` : cause.message;
}
