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
