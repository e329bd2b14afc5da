import { plainJson } from '../engine/answer';
import { createHandlerContext, type HandlerContext } from '../engine/context';
import { corsHeaders, preflightHeaders } from '../engine/cors';
import { routeNotFound } from '../engine/errors';
import { answerFetch, badUrl, MAX_URL_LENGTH, toResponse, urlTooLong } from '../engine/fetch-answer';
import { createRuntime, type WorldHostOptions } from '../engine/runtime';
import type { Scenarios } from '../engine/scenarios/scenarios';
import type { World } from '../world';

/** Options of {@link createFetchHandler}: the world options every host takes, and where the API is mounted. */
export interface FetchHandlerOptions extends WorldHostOptions {
  /**
   * Path prefix the API is mounted under (`/api` answers `/api/extended/...`); default none. Only the path
   * after it matters: the handler answers for any origin.
   */
  basePath?: string;
}

/** A `(request) => Promise<Response>` answering the seven operations, with its world and scenarios. */
export interface FetchHandler {
  (request: Request): Promise<Response>;
  /** The world the handler answers from. */
  readonly world: World;
  /** Latency, failures and rate limits applied before each answer. */
  readonly scenarios: Scenarios;
  /**
   * Back to the world the handler started from, as the other hosts' resets do: a world handed in is created
   * again from its options (seed, size and bounds), otherwise the seeded default world; no scenarios.
   */
  reset(): void;
}

/**
 * The mock as a Fetch handler, for any host that speaks `Request`/`Response`: Hono, `Bun.serve`,
 * `Deno.serve`, Cloudflare Workers, Next.js route handlers. No msw, no `node:` modules, no code generated at
 * run time, nothing started at import.
 *
 * @example
 * import { createFetchHandler } from '@blockindex/mock';
 *
 * const handler = createFetchHandler({ seed: 1, basePath: '/api' });
 * const height = handler.world.fixtures.burnBlockHeight;
 * const response = await handler(new Request(`http://localhost/api/extended/v1/block/by_burn_block_height/${height}`));
 */
export function createFetchHandler(options: FetchHandlerOptions = {}): FetchHandler {
  const basePath = normalizeBasePath(options.basePath);
  const runtime = createRuntime(options);
  let context: HandlerContext | undefined;
  const current = (): HandlerContext => {
    // A new context (and answer cache) follows the world if the runtime's world was replaced.
    if (context?.world !== runtime.world) context = createHandlerContext(runtime.world, runtime.scenarios);
    return context;
  };
  const handler = (request: Request) => answer(current(), request, basePath);
  Object.defineProperties(handler, {
    world: { get: () => runtime.world, enumerable: true },
    scenarios: { value: runtime.scenarios, enumerable: true },
    reset: { value: () => void runtime.reset(), enumerable: true },
  });
  return handler as FetchHandler;
}

async function answer(context: HandlerContext, request: Request, basePath: string): Promise<Response> {
  // Before anything reads it: a 10 MB URL is neither parsed nor echoed into a 10 MB 404.
  if (request.url.length > MAX_URL_LENGTH) return withCors(toResponse(urlTooLong()));
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  const { pathname } = url;
  if (pathname.includes('%')) {
    try {
      decodeURIComponent(pathname);
    } catch {
      // Fastify refuses undecodable paths with a 400 before routing.
      return withCors(toResponse(badUrl(`${pathname}${url.search}`)));
    }
  }
  const mounted = basePath === '' || pathname === basePath || pathname.startsWith(`${basePath}/`);
  const path = mounted ? pathname.slice(basePath.length) || '/' : pathname;
  if (mounted && method === 'OPTIONS') {
    return new Response(null, {
      status: 204,
      headers: preflightHeaders(request.headers.get('access-control-request-headers') ?? undefined),
    });
  }
  const answered = mounted ? answerFetch(context, request, url, path) : undefined;
  const response =
    (await answered) ?? toResponse(plainJson(routeNotFound(method, `${path}${url.search}`), 404));
  // `Response.error()` (the network-error scenario) has immutable headers and stands for no answer at all.
  return response.type === 'error' ? response : withCors(response);
}

// Browser apps on any origin may read the data routes, as on the real service (`@fastify/cors`).
function withCors(response: Response): Response {
  const cors = corsHeaders();
  for (const name in cors) response.headers.set(name, cors[name] as string);
  return response;
}

function normalizeBasePath(basePath: string | undefined): string {
  if (basePath === undefined || basePath === '' || basePath === '/') return '';
  if (!basePath.startsWith('/') || basePath.includes('?') || basePath.includes('#')) {
    throw new TypeError(`basePath must be a path starting with "/" (like "/api"), got "${basePath}"`);
  }
  return basePath.replace(/\/+$/, '');
}
