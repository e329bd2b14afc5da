import { createWorld, type World } from '@blockindex/mock';
import { createHandlers } from '@blockindex/mock/msw';
import { getResponse } from 'msw';

/** Failures injected in front of the mock, without a socket. */
export const IN_MEMORY_FAULTS = [
  '503',
  '429',
  '502-html',
  '500-empty',
  'reset-mid-body',
  'network-error',
] as const;
export type InMemoryFault = (typeof IN_MEMORY_FAULTS)[number];

/** The mock's handlers answering `fetch` directly (msw's `getResponse`): no interception, no socket, no timer. */
export function worldFetch(world: World): (request: Request) => Promise<Response> {
  const handlers = createHandlers({ world });
  return async (request) => {
    const response = await getResponse(handlers, request);
    if (!response) throw new TypeError(`no mock handler for ${request.url}`);
    return response;
  };
}

/** A fresh mock world small enough for a fast test: its busy address has a few hundred transactions. */
export function smallWorld(seed = 3, blocks = 60): World {
  return createWorld({ seed, blocks });
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });

/** The answer (or the failure) of one injected fault; `real` is what the server would have answered. */
async function injectFault(fault: InMemoryFault, real: () => Promise<Response>): Promise<Response> {
  switch (fault) {
    case '503':
      return json(503, { statusCode: 503, error: 'Service Unavailable', message: 'try again' });
    case '429':
      return json(
        429,
        { statusCode: 429, error: 'Too Many Requests', message: 'slow down' },
        { 'retry-after': '1' },
      );
    case '502-html':
      return new Response('<html><body><h1>502 Bad Gateway</h1></body></html>', {
        status: 502,
        headers: { 'content-type': 'text/html' },
      });
    case '500-empty':
      return new Response(null, { status: 500, headers: { 'content-length': '0' } });
    case 'network-error':
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
      });
    case 'reset-mid-body': {
      // The real answer's headers and first half, then the stream fails as undici's does when the socket dies.
      const response = await real();
      const bytes = new Uint8Array(await response.arrayBuffer());
      const half = bytes.subarray(0, Math.floor(bytes.length / 2));
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(half);
        },
        pull(controller) {
          controller.error(new TypeError('terminated'));
        },
      });
      return new Response(body, { status: response.status, headers: response.headers });
    }
  }
}

/**
 * A `fetch` in front of `inner` that fails some requests: `plan(url, attempt)` names the fault for the
 * `attempt`-th request of that URL (1-based), or nothing to let it through. A body cut off half way is taken
 * from `truncated` (default `inner`), so that a wrapper that reacts to answers (a growing chain) can be left
 * out of failed attempts. Counts what it did.
 */
export function faultyFetch(
  inner: (request: Request) => Promise<Response>,
  plan: (url: string, attempt: number) => InMemoryFault | undefined,
  truncated: (request: Request) => Promise<Response> = inner,
) {
  const attemptsByUrl = new Map<string, number>();
  const stats = { requests: 0, faults: 0, byFault: {} as Record<string, number> };
  const fetch = async (request: Request): Promise<Response> => {
    stats.requests += 1;
    const attempt = (attemptsByUrl.get(request.url) ?? 0) + 1;
    attemptsByUrl.set(request.url, attempt);
    const fault = plan(request.url, attempt);
    if (fault === undefined) return inner(request);
    stats.faults += 1;
    stats.byFault[fault] = (stats.byFault[fault] ?? 0) + 1;
    return injectFault(fault, () => truncated(request));
  };
  return { fetch, stats, attemptsByUrl };
}
