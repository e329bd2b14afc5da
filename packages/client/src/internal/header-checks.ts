import type { HeadersOption } from '../options.js';
import { clip } from './describe.js';

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
