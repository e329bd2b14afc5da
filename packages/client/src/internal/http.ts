import type { HeadersOption } from '../options.js';
import { clip } from './text.js';

// `{name}` placeholders of a path template (the operations use the plain `simple` style only).
const PLACEHOLDER = /\{([^{}]+)\}/g;

/**
 * Fills a path template so that every parameter stays exactly one segment of its own route.
 *
 * openapi-fetch's serializer percent-encodes each value (so `/`, `?`, `#`, `%`, CR and LF cannot escape), but
 * leaves dots alone, and a segment that is exactly `.` or `..` is resolved by the URL parser of `fetch`
 * (`tokens/..` becomes the tokens list). Percent-encoding the dots does not help: WHATWG URL resolves `%2E` and
 * `%2E%2E` as dot segments too, so no spelling of these two values reaches the server as the value itself. They
 * are sent as the literal text `%2E` / `%2E%2E` (escaped on the wire as `%252E`), which the server reads as a
 * ticker, address or hash that cannot exist and answers with its usual 404 or 400 for the route, never as another
 * endpoint. Every other value is sent as openapi-fetch sends it.
 *
 * A missing, empty or non-scalar value is refused with a `TypeError`: an empty segment changes the route
 * (`tokens/` again), and openapi-fetch would serialize an array or object with unescaped keys. So is a string
 * with a lone surrogate, which has no UTF-8 form to percent-encode.
 */
export function serializePath(pathname: string, pathParams: Record<string, unknown>): string {
  return pathname.replace(PLACEHOLDER, (_, key: string) => {
    const value = Object.hasOwn(pathParams, key) ? pathParams[key] : undefined;
    if (value === undefined || value === null) throw new TypeError(`Path parameter ${key} is missing`);
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') {
      throw new TypeError(
        `Path parameter ${key} must be a string or a number; got ${Array.isArray(value) ? 'an array' : typeof value}`,
      );
    }
    const text = String(value);
    if (text === '') throw new TypeError(`Path parameter ${key} must not be empty`);
    try {
      // What openapi-fetch's own serializer does with a `simple` parameter.
      return encodeURIComponent(text === '.' || text === '..' ? text.replaceAll('.', '%2E') : text);
    } catch {
      // A lone surrogate has no UTF-8 form to percent-encode.
      throw new TypeError(`Path parameter ${key} is not well-formed Unicode (it holds a lone surrogate)`);
    }
  });
}

/** Most redirects one request follows, as in the Fetch standard. */
const MAX_REDIRECTS = 20;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A redirect the client will not follow: the transport makes it a final (never retried) `RedirectError`. */
export class RedirectRefused extends TypeError {}

/**
 * Sends a GET and follows its redirects by hand (the request is made with `redirect: 'manual'`), because `fetch`
 * forwards custom headers such as `x-api-key` to wherever a redirect points (undici strips only `authorization`).
 * A redirect to another origin, which includes https to http, drops every credential header (`credentialNames`,
 * lower case) and cookies before following; they are not restored if a later hop comes back. Same-origin
 * redirects keep them. More than {@link MAX_REDIRECTS} hops is a {@link RedirectRefused}, as is a target that is not http(s).
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
    if (!REDIRECT_STATUSES.has(response.status)) return response;
    const location = response.headers.get('location');
    if (location === null) return response;
    await response.body?.cancel().catch(() => {});
    if (hops >= MAX_REDIRECTS)
      throw new RedirectRefused(`redirect loop: more than ${MAX_REDIRECTS} redirects`);
    let target: URL;
    try {
      target = new URL(location, current.url);
    } catch {
      throw new RedirectRefused('the server redirected to an invalid URL');
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw new RedirectRefused(`the server redirected to a ${target.protocol} URL`);
    }
    const headers = new Headers(current.headers);
    if (target.origin !== new URL(current.url).origin) {
      for (const name of credentialNames) headers.delete(name);
      headers.delete('cookie');
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
  if (body === null || !Number.isFinite(maxBytes)) return response.text();
  let stop = () => body.cancel();
  const refuse = (reason: string): never => {
    stop().catch(() => {});
    limit.exceeded = true;
    limit.reason = reason;
    throw new RangeError(reason);
  };
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
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
  if (chunks.length > 1) {
    bytes = new Uint8Array(seen);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
  }
  chunks.length = 0;
  const problem = check?.(bytes, maxBytes);
  if (problem !== undefined) refuse(problem);
  return new TextDecoder().decode(bytes);
}

/** Name/value pairs of a headers option, skipping `undefined` values. */
function headerEntries(headers: HeadersOption | undefined): [string, string][] {
  if (!headers) return [];
  if (headers instanceof Headers) return [...headers.entries()];
  return Object.entries(headers).filter((e): e is [string, string] => e[1] !== undefined);
}

// RFC 9110 `token`: what a header name may be made of.
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * Why `value` cannot be sent as a header value, or `undefined` when it can: what `fetch` refuses (CR, LF, NUL,
 * characters above U+00FF). `strict` adds what `fetch` lets through or repairs silently (other control characters,
 * surrounding whitespace it trims): for a credential, those are a mistake to report.
 */
function valueProblem(value: string, strict: boolean): string | undefined {
  if (/[\r\n]/.test(value)) return 'a line break (CR or LF)';
  if (value.includes('\0')) return 'a NUL character';
  if (/[^\0-\xff]/.test(value)) return 'a character above U+00FF (HTTP headers carry Latin-1 only)';
  if (!strict) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  if (/[\0-\x1f\x7f]/.test(value)) return 'a control character';
  if (/^[ \t]|[ \t]$/.test(value)) return 'leading or trailing whitespace';
  return undefined;
}

/**
 * Checks the API key and the header that carries it before anything is sent. `fetch` would reject a bad value
 * too, but with a message quoting it (`Headers.set: "<the key>" is an invalid header value`): this one says what
 * is wrong and never shows the key.
 */
export function checkApiKey(apiKey: unknown, headerName: unknown): void {
  if (typeof headerName !== 'string' || !TOKEN.test(headerName)) {
    throw new TypeError(
      `apiKeyHeader must be a header name (letters, digits and !#$%&'*+-.^_\`|~); got ${describeName(headerName)}`,
    );
  }
  if (typeof apiKey !== 'string') {
    throw new TypeError(`apiKey must be a string; got ${apiKey === null ? 'null' : typeof apiKey}`);
  }
  const problem = valueProblem(apiKey, true);
  if (problem !== undefined) {
    throw new TypeError(`apiKey cannot be sent in a header: it contains ${problem} (the key is not shown)`);
  }
}

/**
 * Builds `Headers` from the caller's option, rejecting a bad entry with a message naming the header but never
 * quoting its value (it may be a credential, e.g. `authorization`).
 */
export function buildHeaders(option: HeadersOption | undefined, what: string): Headers {
  const headers = new Headers();
  for (const [name, value] of headerEntries(option)) {
    if (!TOKEN.test(name)) throw new TypeError(`${what}: ${describeName(name)} is not a valid header name`);
    const text = String(value);
    const problem = valueProblem(text, false);
    if (problem !== undefined) {
      throw new TypeError(`${what}: the value of ${describeName(name)} contains ${problem} (not shown)`);
    }
    headers.set(name, text);
  }
  return headers;
}

function describeName(name: unknown): string {
  if (typeof name !== 'string') return name === null ? 'null' : typeof name;
  return JSON.stringify(clip(name, 60));
}

/**
 * The credentials among `headers`, to keep out of errors: the value of each header named in `names` (lower case),
 * and on its own the part after the scheme (`Bearer <token>`), which a server may echo without the scheme.
 */
export function credentialValues(headers: Headers, names: readonly string[]): string[] {
  const out: string[] = [];
  for (const [name, value] of headers) {
    if (!names.includes(name) || value === '') continue;
    out.push(value);
    const credentials = /^\S+\s+(\S.*)$/.exec(value)?.[1];
    if (credentials) out.push(credentials);
  }
  return out;
}

/** The query string: arrays exploded (`name=a&name=b`), `undefined` and `null` skipped, without `?`. */
export function serializeQuery(query: Record<string, unknown> | undefined): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'object' && item !== null) {
        throw new TypeError(`query parameter ${name} must be a string, number or boolean; got an object`);
      }
      parts.push(`${name}=${encodeURIComponent(item as string)}`);
    }
  }
  return parts.join('&');
}
