import { MAX_COST_PER_BYTE, measureJson, parsedBytes } from './json-cost.js';

/** Statuses whose responses never have a body (`new Response` refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * How much memory the text of a body and what `JSON.parse` builds from it may take together, as a multiple of
 * `maxResponseBytes`. With the body's own bytes, a call stays within about four times the bound; a body of the real
 * API (strings mostly) needs well under half of this, so only a body built to blow up once parsed meets it.
 */
export const PARSED_BUDGET_FACTOR = 1.5;

/** What {@link limitBody} reports when the bound is passed. */
export interface BodyLimit {
  maxBytes: number;
  /** Set once the body (or its announced length, or what parsing it would take) passed the bound. */
  exceeded: boolean;
  /** Why, when `exceeded`: said in the error. */
  reason?: string;
}

/**
 * The response with its body read, bounded and decoded (or as it came, when its `Content-Length` is too short for
 * any of this to matter): a `Content-Length` above `limit.maxBytes` fails before any byte is read, a body that grows past it (a gzip bomb, an endless stream) fails as soon as it does, and a body
 * whose text and parsed values would take more than {@link PARSED_BUDGET_FACTOR} times the bound (`[{},{},...]`
 * takes 30 times its size once parsed) fails before it is parsed. So memory stays near the bound whatever the
 * server sends. Failing sets `limit.exceeded` (and `limit.reason`) and throws.
 */
export async function limitBody(response: Response, limit: BodyLimit): Promise<Response> {
  if (response.body === null || NULL_BODY.has(response.status) || response.status < 200) return response;
  const refuse = (reason: string): never => {
    limit.exceeded = true;
    limit.reason = reason;
    throw new RangeError(reason);
  };
  const lengthHeader = response.headers.get('content-length');
  const declared = Number(lengthHeader);
  const hasLength = lengthHeader !== null && Number.isFinite(declared) && declared >= 0;
  if (hasLength && declared > limit.maxBytes) {
    response.body.cancel().catch(() => {});
    refuse(`the response announced ${declared} bytes, more than maxResponseBytes (${limit.maxBytes} bytes)`);
  }
  // Without compression `fetch` delivers no more than a declared Content-Length: one buffer of that size will do.
  const encoding = (response.headers.get('content-encoding') ?? '').trim().toLowerCase();
  const exact = hasLength && (encoding === '' || encoding === 'identity') ? declared : undefined;
  const budget = PARSED_BUDGET_FACTOR * limit.maxBytes;
  // A short body cannot pass the budget whatever it holds (its text takes at most two bytes per byte). One whose
  // length is known that far ahead is handed on unread, as `fetch` gave it; others are read, and not counted.
  const short = (length: number): boolean => length * (MAX_COST_PER_BYTE + 2) <= budget;
  if (exact !== undefined && short(exact)) return response;
  const bytes = await readBounded(response.body, limit.maxBytes, exact, refuse);
  // Otherwise both are estimated from the bytes, so that a body refused here is never decoded.
  const { size: textSize, wide } = short(bytes.length) ? { size: 0, wide: false } : decodedSize(bytes);
  const needed = textSize === 0 ? 0 : textSize + parsedBytes(measureJson(bytes), wide);
  if (needed > budget) {
    refuse(
      `the ${bytes.length}-byte response body would take about ${needed} bytes once parsed, more than ` +
        `${PARSED_BUDGET_FACTOR} times maxResponseBytes (${limit.maxBytes} bytes)`,
    );
  }
  const text = new TextDecoder().decode(bytes);
  return new BufferedResponse(text, response);
}

/**
 * An upper bound on the memory of the string UTF-8 `bytes` decode to, and whether it may be wide (V8 stores a string
 * with any character above U+00FF at two bytes per character). Exact for ASCII and Latin-1; any other byte counts as
 * a character of its own (a sequence, or a malformed byte that decodes to U+FFFD).
 */
function decodedSize(bytes: Uint8Array): { size: number; wide: boolean } {
  let characters = 0;
  let wide = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    characters++;
    if (b < 0x80) continue;
    // U+0080 to U+00FF: a C2 or C3 lead and one continuation byte, still one byte per character.
    if ((b === 0xc2 || b === 0xc3) && ((bytes[i + 1] as number) & 0xc0) === 0x80) i++;
    else wide = true;
  }
  return { size: wide ? 2 * characters : characters, wide };
}

/** Reads a body into one buffer, refusing (through `refuse`) as soon as it passes `maxBytes`. */
async function readBounded(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  exact: number | undefined,
  refuse: (reason: string) => never,
): Promise<Uint8Array> {
  const reader = body.getReader();
  const tooLarge = (): never => {
    reader.cancel().catch(() => {});
    return refuse(`the response body passed maxResponseBytes (${maxBytes} bytes); reading stopped there`);
  };
  // Copied into place as it arrives when the length is known; otherwise kept in chunks and joined once.
  const whole = exact === undefined ? undefined : new Uint8Array(exact);
  const chunks: Uint8Array[] = [];
  let seen = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (seen + value.byteLength > maxBytes) tooLarge();
    if (whole !== undefined && seen + value.byteLength <= whole.length) whole.set(value, seen);
    else chunks.push(value);
    seen += value.byteLength;
  }
  if (whole !== undefined && chunks.length === 0)
    return seen === whole.length ? whole : whole.subarray(0, seen);
  if (chunks.length === 1 && whole === undefined) return chunks[0] as Uint8Array;
  const joined = new Uint8Array(seen);
  let at = 0;
  if (whole !== undefined) {
    joined.set(whole.subarray(0, Math.min(seen, whole.length)));
    at = whole.length;
  }
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.byteLength;
  }
  return joined;
}

/**
 * A response whose body was read and decoded once: `text()` and `json()` hand over that text (undici would copy the
 * bytes twice more before decoding them again), and the text is let go once taken. `body`, `clone()` and the other
 * readers still work, from the text encoded again. Keeps the original's status, headers and `url`.
 */
class BufferedResponse extends Response {
  #text: string | undefined;
  #cloned = false;

  constructor(text: string, original: Response) {
    const holder = { text: text as string | undefined };
    // The body stream is made on demand from the text, so an unread `body` costs nothing.
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (holder.text !== undefined) controller.enqueue(new TextEncoder().encode(holder.text));
        holder.text = undefined;
        controller.close();
      },
      cancel() {
        holder.text = undefined;
      },
    });
    super(stream, { status: original.status, statusText: original.statusText, headers: original.headers });
    this.#text = text;
    // Kept for error messages and retries: a constructed Response has an empty `url`.
    Object.defineProperty(this, 'url', { value: original.url });
  }

  override clone(): Response {
    this.#cloned = true;
    return super.clone();
  }

  override async text(): Promise<string> {
    const text = this.#text;
    if (text === undefined || this.#cloned || this.bodyUsed) return super.text();
    this.#text = undefined;
    // Marks the body used, as reading it would, and lets its copy of the text go.
    await this.body?.cancel();
    return text;
  }

  override async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
}
