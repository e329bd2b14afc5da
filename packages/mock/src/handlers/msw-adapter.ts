import { HttpResponse } from 'msw';
import type { Answer, OperationId } from './answer';
import { plainJson } from './answer';
import { type HandlerContext, type OperationInput, pathTemplate } from './context';
import { routeNotFound } from './errors';
import { prepareRequest, serveOperation } from './serve';

/** What msw hands a resolver, as far as the operations are concerned. */
export interface MswResolverInfo {
  readonly request: Request;
  readonly params: Readonly<Record<string, string | readonly string[] | undefined>>;
}

/**
 * The body of an msw resolver for `operationId`: the msw request becomes the operation's input, its answer
 * a Fetch `Response` shaped as openapi-msw's typed helpers made them (typed JSON with `Content-Length`).
 */
export async function answerWithMsw(
  context: HandlerContext,
  operationId: OperationId,
  info: MswResolverInfo,
): Promise<Response> {
  const { request } = info;
  const url = new URL(request.url);
  if (!isExactRoute(operationId, url.pathname)) {
    return toResponse(plainJson(routeNotFound(request.method, `${url.pathname}${url.search}`), 404));
  }
  const input: OperationInput = {
    url,
    params: info.params,
    header: (name) => request.headers.get(name),
    request: () => request,
  };
  const outcome = await serveOperation(context, {
    operationId,
    input,
    prepared: prepareRequest(operationId, input),
  });
  return outcome instanceof Response ? outcome : toResponse(outcome);
}

function toResponse(answer: Answer): Response {
  const headers = new Headers(answer.headers);
  const body = answer.body;
  if (answer.sized && body !== null && !headers.has('content-length')) {
    headers.set('content-length', String(typeof body === 'string' ? new Blob([body]).size : body.byteLength));
  }
  // HttpResponse gives the status its reason phrase, as openapi-msw's helpers did.
  const init = { status: answer.status, headers };
  return answer.sized ? new HttpResponse(body, init) : new Response(body, init);
}

const exactRoutes = new Map<OperationId, RegExp>();

// MSW matches paths case-insensitively; Fastify (the real service) does not, so `/EXTENDED/...` is an unknown
// route there. Parameters match one segment; one trailing slash is ignored, as the real service does. The
// pattern is anchored at the end only: a base URL may put a path prefix in front.
function isExactRoute(operationId: OperationId, pathname: string): boolean {
  let route = exactRoutes.get(operationId);
  if (!route) {
    const pattern = pathTemplate(operationId)
      .split(/\{[^}]+\}/)
      .map((literal) => literal.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/]+');
    route = new RegExp(`${pattern}/?$`);
    exactRoutes.set(operationId, route);
  }
  return route.test(pathname);
}
