import type { HeadersOption } from '../options.js';
import { clip } from './text.js';

/**
 * Fills a path template so that every parameter stays exactly one segment of its own route: each value is
 * percent-encoded (as openapi-fetch encodes a `simple` parameter), and a value that is exactly `.` or `..` is sent
 * as the literal text `%2E` / `%2E%2E` (escaped on the wire as `%252E`): WHATWG URL resolves `.`, `..` and their
 * `%2E` spellings as dot segments, so no other spelling reaches the server as the value itself. A missing, empty or
 * non-scalar value is a `TypeError` (an empty segment changes the route), and so is a lone surrogate (no UTF-8 form).
 */
export function serializePath(pathname: string, pathParams: Record<string, unknown>): string {
  return pathname.replace(/\{([^{}]+)\}/g, (_, key: string) => {
    const value = Object.hasOwn(pathParams, key) ? pathParams[key] : undefined;
    const refuse = (why: string) => new TypeError(`Path parameter ${key} ${why}`);
    if (value == null) throw refuse('is missing');
    if (!['string', 'number', 'bigint'].includes(typeof value)) {
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
    for (const item of value == null ? [] : Array.isArray(value) ? value : [value]) {
      if (typeof item === 'object' && item) {
        throw new TypeError(`query parameter ${name} must be a string, number or boolean; got an object`);
      }
      parts.push(`${name}=${encodeURIComponent(item as string)}`);
    }
  }
  return parts.join('&');
}

/** A redirect the client will not follow: the transport makes it a final (never retried) `RedirectError`. */
export class RedirectRefused extends TypeError {}

/**
 * Sends a GET and follows its redirects by hand (the request is made with `redirect: 'manual'`), because `fetch`
 * forwards custom headers such as `x-api-key` to wherever a redirect points (undici strips only `authorization`).
 * A redirect to another origin, which includes https to http, drops every credential header (`credentialNames`,
 * lower case) and cookies before following; they are not restored if a later hop comes back. Same-origin
 * redirects keep them. More than 20 hops (the Fetch standard's limit) is a {@link RedirectRefused}, as is a target
 * that is not http(s).
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
          'the server redirected, and this runtime hides the target: not followed, to keep credentials at their origin',
        );
      }
      return fetchFn(new Request(current, { redirect: 'follow' }));
    }
    const location = response.headers.get('location');
    if (![301, 302, 303, 307, 308].includes(response.status) || location === null) return response;
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

/** What {@link limitBody} reports when the bound is passed. */
export interface BodyLimit {
  maxBytes: number;
  /** Set once the body (or its announced length, or what parsing it would take) passed the bound. */
  exceeded: boolean;
  /** Why, when `exceeded`: said in the error. */
  reason?: string;
}

/**
 * The text of a response body, read within `limit.maxBytes` (`Infinity`: none): a `Content-Length` above it fails
 * before any byte is read, and a body that grows past it (a gzip bomb, an endless stream) fails as soon as it does.
 * `check` (the opt-in JSON structure limit) may refuse the bytes before they are decoded. Failing sets
 * `limit.exceeded` (and `limit.reason`) and throws.
 */
export async function limitBody(
  response: Response,
  limit: BodyLimit,
  check?: (bytes: Uint8Array, maxBytes: number) => string | undefined,
): Promise<string> {
  const { maxBytes } = limit;
  const body = response.body;
  if (!body || maxBytes === Number.POSITIVE_INFINITY) return response.text();
  let stop = () => body.cancel();
  const refuse = (reason: string): never => {
    stop().catch(() => {});
    limit.exceeded = true;
    limit.reason = reason;
    throw new RangeError(reason);
  };
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    refuse(`the response announced ${declared} bytes, more than maxResponseBytes (${maxBytes} bytes)`);
  }
  const reader = body.getReader();
  stop = () => reader.cancel();
  const chunks: Uint8Array[] = [];
  let seen = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    seen += value.byteLength;
    if (seen > maxBytes)
      refuse(`the response body passed maxResponseBytes (${maxBytes} bytes); reading stopped there`);
    chunks.push(value);
  }
  // Joined in one buffer of exactly the bytes read, then decoded: a Blob (tried) keeps the chunks, its own copy
  // and the text alive at once, past the memory bound the stress suite checks.
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

/**
 * Sets one header, refusing what `fetch` refuses (a bad name; CR, LF, NUL or a character above U+00FF in the value)
 * with a `TypeError` naming the header but never quoting its value (it may be a credential): `Headers.set`'s own
 * message would quote it.
 */
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
 * Builds `Headers` from the caller's option (`undefined` values skipped), each checked by `check` (the opt-in
 * `headerChecks()`) when given, and by {@link setHeader} always.
 */
export function buildHeaders(option: HeadersOption | undefined, what: string, check?: HeaderCheck): Headers {
  const headers = new Headers();
  const entries = option instanceof Headers ? [...option] : Object.entries(option ?? {});
  for (const [name, value] of entries) {
    if (value === undefined) continue;
    check?.(name, String(value), what);
    setHeader(headers, name, String(value), what);
  }
  return headers;
}

/**
 * The credentials among `headers`, to keep out of errors: the value of each header named in `names` (lower case),
 * and on its own the part after the scheme (`Bearer <token>`), which a server may echo without the scheme.
 */
export function credentialValues(headers: Headers, names: readonly string[]): string[] {
  const out: string[] = [];
  for (const [name, value] of headers) {
    if (names.includes(name) && value) out.push(value, ...(/^\S+\s+(\S.*)$/.exec(value)?.slice(1) ?? []));
  }
  return out;
}
