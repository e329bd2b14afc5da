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
  let bytes = chunks[0] ?? new Uint8Array();
  if (chunks.length > 1) {
    bytes = new Uint8Array(seen);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
  }
  const problem = check?.(bytes, maxBytes);
  if (problem !== undefined) refuse(problem);
  return new TextDecoder().decode(bytes);
}
