import type { HeadersOption } from '../options.js';
import { clip } from './text.js';

/**
 * Fills a path template so that every parameter stays exactly one segment: each value percent-encoded, and `.` or
 * `..` sent as the text `%2E` (on the wire `%252E`), since URLs resolve every other spelling of them as dot segments.
 * A missing, empty or non-scalar value, or a lone surrogate, is a `TypeError` (an empty segment changes the route).
 */
export function serializePath(pathname: string, pathParams: Record<string, unknown>): string {
  return pathname.replace(/\{([^{}]+)\}/g, (_, key: string) => {
    const value = Object.hasOwn(pathParams, key) ? pathParams[key] : undefined;
    const refuse = (why: string) => new TypeError(`Path parameter ${key} ${why}`);
    if (value == null) throw refuse('is missing');
    // A string, a number or a bigint (by the start of its type's name: no array to build per parameter).
    if (!/^(st|n|bi)/.test(typeof value)) {
      throw refuse(`must be a string or a number; got ${Array.isArray(value) ? 'an array' : typeof value}`);
    }
    const text = String(value);
    if (!text) throw refuse('must not be empty');
    try {
      return encodeURIComponent(text === '.' || text === '..' ? text.replaceAll('.', '%2E') : text);
    } catch {
      throw refuse('is not well-formed Unicode (it holds a lone surrogate)');
    }
  });
}

/** The query string: arrays exploded (`name=a&name=b`), `undefined` and `null` skipped, without `?`. */
export function serializeQuery(query: Record<string, unknown> | undefined): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const item of [value ?? []].flat()) {
      if (typeof item === 'object' && item) {
        throw new TypeError(`query parameter ${name} must be a string, number or boolean; got an object`);
      }
      parts.push(`${name}=${encodeURIComponent(item as string)}`);
    }
  }
  return parts.join('&');
}

/** A redirect the client will not follow: the request path makes it a `RedirectError`. */
export class RedirectRefused extends TypeError {}

/**
 * Sends a GET and follows its redirects by hand, because `fetch` forwards custom headers such as `x-api-key` wherever
 * a redirect points. Leaving the origin (https to http included) drops every credential header (`credentialNames`,
 * lower case) and cookies for good. More than 20 hops, or a target that is not http(s), is a {@link RedirectRefused}.
 */
export async function fetchFollowingRedirects(
  fetchFn: (request: Request) => Promise<Response>,
  request: Request,
  credentialNames: readonly string[],
): Promise<Response> {
  let current = request;
  for (let hops = 0; ; hops++) {
    const response = await fetchFn(current);
    if (response.type === 'opaqueredirect') {
      // A browser hides the target of a manual redirect: let it follow only what carries no credential.
      if (credentialNames.some((name) => current.headers.has(name))) {
        throw new RedirectRefused(
          'the server redirected to a hidden target: not followed, to keep credentials at their origin',
        );
      }
      return fetchFn(new Request(current, { redirect: 'follow' }));
    }
    const location = response.headers.get('location');
    if (!/^30[12378]$/.test(`${response.status}`) || location === null) return response;
    await response.body?.cancel().catch(() => {});
    if (hops >= 20) throw new RedirectRefused('redirect loop: more than 20 redirects');
    let target: URL;
    try {
      target = new URL(location, current.url);
    } catch {
      throw new RedirectRefused('the server redirected to an invalid URL');
    }
    if (!/^https?:$/.test(target.protocol)) {
      throw new RedirectRefused(`the server redirected to a ${target.protocol} URL`);
    }
    const headers = new Headers(current.headers);
    if (target.origin !== new URL(current.url).origin) {
      for (const name of [...credentialNames, 'cookie']) headers.delete(name);
    }
    current = new Request(target, { headers, signal: request.signal, redirect: 'manual' });
  }
}

/** What {@link limitBody} reports: `exceeded` (and why) once the body, its announced length or its parse passed. */
export interface BodyLimit {
  maxBytes: number;
  exceeded: boolean;
  reason?: string;
}

/**
 * The text of a response body read within `limit.maxBytes` (`Infinity`: none): a larger `Content-Length` fails before
 * reading, a body growing past it as soon as it does; `check` (opt-in) may refuse the bytes. Failing sets `limit`.
 */
export async function limitBody(
  response: Response,
  limit: BodyLimit,
  check?: (bytes: Uint8Array, maxBytes: number) => string | undefined,
): Promise<string> {
  const { maxBytes } = limit;
  if (!response.body || maxBytes === Infinity) return response.text();
  const reader = response.body.getReader();
  const refuse = (reason: string): never => {
    reader.cancel().catch(() => {});
    limit.exceeded = true;
    limit.reason = reason;
    throw new RangeError(reason);
  };
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    refuse(`the response announced ${declared} bytes, more than maxResponseBytes (${maxBytes} bytes)`);
  }
  const chunks: Uint8Array[] = [];
  let seen = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    seen += value.byteLength;
    if (seen > maxBytes) refuse(`the response body passed maxResponseBytes (${maxBytes} bytes)`);
    chunks.push(value);
  }
  // Joined in one buffer, then decoded: a Blob keeps the chunks, its copy and the text alive at once (too much memory).
  let bytes = chunks[0] ?? new Uint8Array();
  if (chunks[1]) {
    bytes = new Uint8Array(seen);
    seen = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, seen);
      seen += chunk.byteLength;
    }
  }
  chunks.length = 0;
  const problem = check?.(bytes, maxBytes);
  if (problem) refuse(problem);
  return new TextDecoder().decode(bytes);
}

/** A checker of header names and values (the opt-in `headerChecks()`): throws a `TypeError` saying what is wrong. */
export type HeaderCheck = (name: string, value: unknown, what: string) => void;

/** A header name as an error shows it: quoted and cut, or its type. */
export const describeName = (name: unknown): string =>
  typeof name !== 'string' ? (name === null ? 'null' : typeof name) : JSON.stringify(clip(name, 60));

/** Sets one header; what `Headers` refuses is a `TypeError` naming the header, never quoting the value (a secret). */
export function setHeader(headers: Headers, name: string, value: string, what: string): void {
  try {
    headers.set(name, value);
  } catch {
    throw new TypeError(
      `${what}: ${describeName(name)} is not a valid header name or value (the value is not shown)`,
    );
  }
}

/**
 * `Headers` from the caller's option (`undefined` values skipped) set on `headers`, each checked by `check` (opt-in) and
 * `setHeader`.
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
    setHeader(headers, name, String(value), what);
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
