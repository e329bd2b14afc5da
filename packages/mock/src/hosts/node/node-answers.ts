import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Answer } from '../../engine/answer';
import type { OperationInput } from '../../engine/context';
import { corsHeaders } from '../../engine/cors';
import { toFetchHeaders } from './node-http';

/** The standalone server's side of an operation: a Node request as its input, its answer onto the socket. */

/** A Node request as an operation's input; the Fetch `Request` is only built if a scenario asks for it. */
export class NodeInput implements OperationInput {
  constructor(
    readonly req: IncomingMessage,
    readonly url: URL,
    readonly params: Readonly<Record<string, string>>,
    /** Whether a proxy in front sets `x-forwarded-for` (`trustProxy`); otherwise the client could forge it. */
    readonly trustProxy = false,
  ) {}

  header(name: string): string | null {
    const value = this.req.headers[name.toLowerCase()];
    if (value === undefined) return null;
    return Array.isArray(value) ? value.join(', ') : value;
  }

  /** The request as the scenarios see it: a GET (HEAD included) with the client's headers and address. */
  request(): Request {
    const headers = toFetchHeaders(this.req);
    // Hiro counts anonymous clients per IP; the rate-limit scenario reads the first address from here. The
    // client's own header is kept only behind a trusted proxy (Express's and Fastify's `trust proxy`): anyone
    // else could rotate it to pass the limit, or name another client's address to have it refused. A header
    // whose first address is empty names nobody: the socket's address stands in, so such clients do not all
    // share one bucket.
    const first = this.trustProxy ? headers.get('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
    if (!first) headers.set('x-forwarded-for', this.req.socket.remoteAddress ?? 'unknown');
    return new Request(this.url, { method: 'GET', headers });
  }
}

// The CORS headers of every answer, as `writeHead`'s flat name/value list.
const CORS_PAIRS = Object.entries(corsHeaders()).flat();

/**
 * The `writeHead` lists of answers whose body is bytes (the cached ones), built on their first write: such an
 * answer is served many times and never changes. Held weakly, so they go with the answer cache.
 */
const headsOfBytes = new WeakMap<Answer, string[]>();

/** Writes an operation's answer straight to the socket, sized; a cached answer's bytes are written as they are. */
export function writeAnswer(res: ServerResponse, answer: Answer, omitBody: boolean): void {
  const { body } = answer;
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  // Node reads the list without keeping or changing it, so one list serves every write of an answer.
  res.writeHead(
    answer.status,
    body instanceof Uint8Array ? headOfBytes(answer, body) : headOf(answer, bytes),
  );
  res.end(omitBody ? undefined : bytes);
}

function headOfBytes(answer: Answer, body: Uint8Array): string[] {
  let head = headsOfBytes.get(answer);
  if (head === undefined) {
    head = headOf(answer, body);
    headsOfBytes.set(answer, head);
  }
  return head;
}

/** An answer's headers as `writeHead`'s flat name/value list: CORS, the answer's own, and its size. */
function headOf(answer: Answer, body: Uint8Array | null): string[] {
  const head = [...CORS_PAIRS];
  for (const name in answer.headers) head.push(name, answer.headers[name] as string);
  if (body !== null && answer.headers['content-length'] === undefined)
    head.push('content-length', String(body.byteLength));
  return head;
}
