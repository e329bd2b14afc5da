import { vi } from 'vitest';

/** A `fetch` stub answering from `handler`, recording every request it receives. */
export function fakeFetch(handler: (request: Request, call: number) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (request: Request) => {
    requests.push(request);
    return handler(request, requests.length);
  });
  return { fetch, requests };
}

/** A JSON response the way a server sends it (Content-Length set, as undici does for buffered bodies). */
export function json(body: unknown, init: ResponseInit = {}): Response {
  const text = JSON.stringify(body);
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.set('content-length', String(new TextEncoder().encode(text).length));
  return new Response(text, { ...init, headers });
}

/** A text response with the given content type. */
export function text(body: string, init: ResponseInit = {}, contentType = 'text/plain'): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', contentType);
  return new Response(body, { ...init, headers });
}

/** A fetch that never answers until its request is aborted, like a server that hangs. */
export function hangingFetch() {
  return vi.fn(
    (request: Request) =>
      new Promise<Response>((_resolve, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
      }),
  );
}
