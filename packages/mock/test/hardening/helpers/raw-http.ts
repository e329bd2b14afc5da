import { Agent, request } from 'node:http';

/** What the fuzzer and the hostile-input tests look at in an answer, headers exactly as sent. */
export interface RawAnswer {
  status: number;
  /** Header names lower-cased; repeated headers joined by Node. */
  headers: Record<string, string | string[] | undefined>;
  /** `[name, value, name, value, ...]` as they came off the wire. */
  rawHeaders: string[];
  body: string;
}

/** A raw request: `path` goes on the request line byte for byte (fetch would normalize `..` and encode). */
export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
}

/**
 * A keep-alive HTTP/1.1 client for one server. Each request has its own time limit (an `AbortSignal`), so a
 * server that never answers fails the test instead of hanging it.
 */
export function rawClient(baseUrl: string, options: { timeoutMs?: number; sockets?: number } = {}) {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: options.sockets ?? 4 });
  const timeoutMs = options.timeoutMs ?? 5000;

  const send = (input: RawRequest): Promise<RawAnswer> =>
    new Promise((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method: input.method ?? 'GET',
          path: input.path,
          headers: input.headers,
          agent,
          signal: AbortSignal.timeout(timeoutMs),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              rawHeaders: res.rawHeaders,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        },
      );
      req.on('error', (error: Error & { code?: string }) => {
        const what = error.name === 'AbortError' ? `no answer within ${timeoutMs} ms` : error.message;
        reject(new Error(`${input.method ?? 'GET'} ${input.path.slice(0, 200)}: ${what}`, { cause: error }));
      });
      req.end();
    });

  return { send, close: () => agent.destroy() };
}

/** Rough size of a request's head (request line and headers), to tell when Node's 16 KiB limit applies. */
export function requestHeadBytes(input: RawRequest): number {
  let size = `${input.method ?? 'GET'} ${input.path} HTTP/1.1\r\n`.length + 64;
  for (const [name, value] of Object.entries(input.headers ?? {})) size += name.length + value.length + 4;
  return size;
}
