import { statusText } from '../internal/status-text';
import { type Answer, plainJson } from './answer';
import type { HandlerContext, OperationInput } from './context';
import { routeNotFound } from './errors';
import { operationRouter, prepareRequest, serveOperation } from './serve';

/**
 * Answers a Fetch `Request` for one of the seven operations: Request in, Response out, for every host that
 * speaks Fetch (msw, the fetch handler). `path` is the request's pathname with the host's base path removed;
 * undefined when it names no operation in any case, so the host decides (msw passes the request on, the fetch
 * handler answers Fastify's 404). Only GET and HEAD reach an operation, as on the real service.
 */
export function answerFetch(
  context: HandlerContext,
  request: Request,
  url: URL,
  path: string,
): Promise<Response> | undefined {
  const route = operationRouter().match(path);
  if (route === undefined) return undefined;
  const method = request.method.toUpperCase();
  // Fastify's routes are case-sensitive (`/EXTENDED/...` is unknown there) and answer GET and HEAD only.
  if (!route.exact || (method !== 'GET' && method !== 'HEAD')) {
    return Promise.resolve(toResponse(plainJson(routeNotFound(method, `${path}${url.search}`), 404)));
  }
  const { operationId, params } = route;
  const input: OperationInput = {
    url,
    params,
    header: (name) => request.headers.get(name),
    request: () => request,
  };
  const outcome = serveOperation(context, {
    operationId,
    input,
    prepared: prepareRequest(operationId, { url, params }),
  });
  const omitBody = method === 'HEAD';
  return Promise.resolve(outcome).then((settled) =>
    settled instanceof Response ? settled : toResponse(settled, omitBody),
  );
}

/** An operation's answer as a Fetch `Response`, with its reason phrase and, for typed answers, its length. */
export function toResponse(answer: Answer, omitBody = false): Response {
  const headers = new Headers(answer.headers);
  const body = answer.body;
  if (answer.sized && body !== null && !headers.has('content-length')) {
    headers.set(
      'content-length',
      String(typeof body === 'string' ? new TextEncoder().encode(body).byteLength : body.byteLength),
    );
  }
  return new Response(omitBody ? null : body, {
    status: answer.status,
    statusText: statusText(answer.status),
    headers,
  });
}

/** Fastify's 400 for a request target whose path does not percent-decode. */
export function badUrl(path: string): Answer {
  return plainJson(
    {
      statusCode: 400,
      code: 'FST_ERR_BAD_URL',
      error: 'Bad Request',
      message: `'${path}' is not a valid url component`,
    },
    400,
  );
}

/**
 * Longest request URL a Fetch host answers, in characters: Node's (and so the real service's) 16 KiB limit
 * on a request head. Past it nothing is parsed, routed or echoed.
 */
export const MAX_URL_LENGTH = 16 * 1024;

/** What the real service (Node's HTTP parser) answers to a request head past 16 KiB: a bare 431. */
export function urlTooLong(): Answer {
  const text = statusText(431);
  return plainJson({ statusCode: 431, error: text, message: text }, 431);
}
