/** Statuses whose responses never have a body (`new Response` refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** What {@link limitBody} reports when the bound is passed. */
export interface BodyLimit {
  maxBytes: number;
  /** Set once the body (or its announced length) passed `maxBytes`. */
  exceeded: boolean;
}

/**
 * The response with its body read and bounded to `limit.maxBytes` decoded bytes: a `Content-Length` above it fails
 * before any byte is read, and a body that grows past it (a gzip bomb, an endless stream) fails as soon as it does,
 * so memory stays near the bound whatever the server sends. The body is read here in one pass (cheaper than a
 * stream transform per chunk) and handed on as a buffered `Response`. Failing sets `limit.exceeded` and throws.
 */
export async function limitBody(response: Response, limit: BodyLimit): Promise<Response> {
  if (response.body === null || NULL_BODY.has(response.status) || response.status < 200) return response;
  const declared = Number(response.headers.get('content-length'));
  if (response.headers.has('content-length') && Number.isFinite(declared) && declared > limit.maxBytes) {
    limit.exceeded = true;
    response.body.cancel().catch(() => {});
    throw new RangeError(`the response announced ${declared} bytes, more than maxResponseBytes`);
  }
  // Without compression `fetch` delivers no more than a declared Content-Length: nothing to count.
  const encoding = (response.headers.get('content-encoding') ?? '').trim().toLowerCase();
  if (
    response.headers.has('content-length') &&
    Number.isFinite(declared) &&
    (encoding === '' || encoding === 'identity')
  ) {
    return response;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let seen = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    seen += value.byteLength;
    if (seen > limit.maxBytes) {
      limit.exceeded = true;
      reader.cancel().catch(() => {});
      throw new RangeError('the response body passed maxResponseBytes');
    }
    chunks.push(value);
  }
  const body = new Uint8Array(seen);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  const bounded = new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  // Kept for error messages and retries: a constructed Response has an empty `url`.
  Object.defineProperty(bounded, 'url', { value: response.url });
  return bounded;
}
