/** Statuses whose responses never have a body (`new Response` refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** What {@link limitBody} reports when the bound is passed. */
export interface BodyLimit {
  maxBytes: number;
  /** Set once the body (or its announced length) passed `maxBytes`. */
  exceeded: boolean;
}

/**
 * The response with its body bounded to `limit.maxBytes` decoded bytes: a `Content-Length` above it fails before
 * any byte is read, and a body that grows past it (a gzip bomb, an endless stream) fails as soon as it does, so
 * memory stays near the bound whatever the server sends. Failing sets `limit.exceeded` and errors the body stream,
 * which makes whoever reads it (openapi-fetch's `json()` or `text()`) reject.
 */
export function limitBody(response: Response, limit: BodyLimit): Response {
  if (response.body === null || NULL_BODY.has(response.status) || response.status < 200) return response;
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit.maxBytes) {
    limit.exceeded = true;
    response.body.cancel().catch(() => {});
    throw new RangeError(`the response announced ${declared} bytes, more than maxResponseBytes`);
  }
  // Without compression `fetch` delivers no more than a declared Content-Length: nothing to count.
  const encoding = (response.headers.get('content-encoding') ?? '').trim().toLowerCase();
  if (
    Number.isFinite(declared) &&
    response.headers.has('content-length') &&
    (encoding === '' || encoding === 'identity')
  ) {
    return response;
  }
  let seen = 0;
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit.maxBytes) {
          limit.exceeded = true;
          controller.error(new RangeError('the response body passed maxResponseBytes'));
          return;
        }
        controller.enqueue(chunk);
      },
    }),
  );
  const bounded = new Response(counted, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  // Kept for error messages and retries: a constructed Response has an empty `url`.
  Object.defineProperty(bounded, 'url', { value: response.url });
  return bounded;
}
