import type { IncomingMessage, ServerResponse } from 'node:http';

/** Thrown when a request body exceeds the server's limit; answered with 413. */
export class PayloadTooLargeError extends Error {
  constructor(limit: number) {
    super(`request body is larger than ${limit} bytes`);
    this.name = 'PayloadTooLargeError';
  }
}

/** Reads a request body, refusing to buffer more than `limit` bytes. */
export async function readBody(request: IncomingMessage, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new PayloadTooLargeError(limit);
    chunks.push(buffer);
  }
  // A plain Uint8Array: `Buffer<ArrayBufferLike>` is not a `BodyInit` under TS 5.9 (toolchain P4).
  return Uint8Array.from(Buffer.concat(chunks));
}

/** Copies Node's incoming headers into a Fetch `Headers`, keeping repeated values. */
export function toFetchHeaders(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

/**
 * The path and query of a request target, whatever its form: origin-form (`/a?b`) is kept as is,
 * absolute-form (`http://host/a?b`, sent to proxies) is reduced to its path. Undefined when unusable.
 */
export function requestTarget(url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (url.startsWith('/')) return url;
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return undefined;
  }
}

/** Streams a Fetch `Response` into Node's `ServerResponse`, adding `extraHeaders`. */
export async function sendResponse(
  response: Response,
  res: ServerResponse,
  options: { extraHeaders: Record<string, string>; omitBody: boolean },
): Promise<void> {
  const headers: Record<string, string | string[]> = { ...options.extraHeaders };
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    headers[name] = value;
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  const body =
    options.omitBody || response.body === null ? undefined : Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, response.statusText || undefined, headers);
  res.end(body);
}
