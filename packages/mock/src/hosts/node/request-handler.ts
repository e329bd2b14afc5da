import type { IncomingMessage, ServerResponse } from 'node:http';
import { plainJson } from '../../engine/answer';
import type { HandlerContext } from '../../engine/context';
import { type ControlTarget, handleControl } from '../../engine/control';
import { corsHeaders, preflightHeaders } from '../../engine/cors';
import { routeNotFound } from '../../engine/errors';
import { badUrl } from '../../engine/fetch-answer';
import { type Outcome, operationRouter, prepareRequest, serveOperation } from '../../engine/serve';
import { answerWithBody, type ControlGuard, isControlPath, refusePreflight } from './control-dispatch';
import type { HostCheck } from './host-check';
import type { KnownTarget, KnownTargets } from './known-targets';
import { NodeInput, writeAnswer } from './node-answers';
import { requestTarget, sendResponse } from './node-http';

/** What the server acts on: the control routes' target, and the operations' current context. */
export interface ServerTarget extends ControlTarget {
  /** Replaced on reset, with the world (and its answer cache). */
  readonly context: HandlerContext;
}

/** Everything one server's requests share. */
export interface ServerState {
  /** Origin and path prefix requests are resolved against. */
  readonly base: string;
  readonly target: ServerTarget;
  readonly targets: KnownTargets;
  readonly hostCheck: HostCheck;
  readonly guard: ControlGuard;
  /** Whether `x-forwarded-for` comes from a trusted proxy (the rate-limit scenario's client address). */
  readonly trustProxy: boolean;
}

/**
 * Answers one request. API reads stay synchronous from the socket to the answer (no Fetch `Request` or
 * `Response` is built, no promise awaited) unless a scenario or a request body needs waiting for; then the
 * returned promise settles once the answer is sent.
 */
export function handleRequest(
  req: IncomingMessage,
  res: ServerResponse,
  state: ServerState,
): Promise<void> | undefined {
  const method = (req.method ?? 'GET').toUpperCase();
  // Every route, before anything else: a page that rebinds its own name to 127.0.0.1 sends its own `Host`.
  const refusedHost = state.hostCheck.refusal(req.headers.host);
  if (refusedHost !== undefined) {
    writeAnswer(
      res,
      plainJson({ statusCode: 403, error: 'Forbidden', message: refusedHost }, 403),
      method === 'HEAD',
    );
    return undefined;
  }
  const path = requestTarget(req.url);
  if (path === undefined) {
    writeAnswer(res, badUrl(req.url ?? ''), false);
    return undefined;
  }
  // Fastify answers HEAD on every GET route with the GET's headers and no body.
  const omitBody = method === 'HEAD';
  if (method === 'GET' || omitBody) {
    const known = state.targets.get(path);
    if (known !== undefined) return serve(req, res, state, known, omitBody);
  }
  const pathname = path.split('?')[0] ?? path;
  if (method === 'OPTIONS') {
    if (isControlPath(pathname) && refusePreflight(req, res, state.guard)) return undefined;
    res.writeHead(204, preflightHeaders(req.headers['access-control-request-headers']));
    res.end();
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(state.base + path);
    // Only an escape can fail to decode.
    if (url.pathname.includes('%')) decodeURIComponent(url.pathname);
  } catch {
    // Fastify refuses undecodable paths with a 400 before routing.
    writeAnswer(res, badUrl(path), false);
    return undefined;
  }
  if (method !== 'GET' && !omitBody) {
    return answerWithBody(req, res, { method, path, pathname }, state.target, state.guard);
  }
  if (isControlPath(pathname)) {
    const control = handleControl(method, pathname, new Uint8Array(), state.target);
    if (control) return send(res, control, omitBody);
  }
  const route = operationRouter().match(url.pathname);
  // Fastify's routes are case-sensitive: a path that matches only in another case is an unknown route too,
  // reported with the request target as it was sent.
  if (!route?.exact) {
    writeAnswer(res, plainJson(routeNotFound(method, path), 404), omitBody);
    return undefined;
  }
  const { operationId, params } = route;
  const known: KnownTarget = {
    operationId,
    url,
    params,
    prepared: prepareRequest(operationId, { url, params }),
  };
  state.targets.remember(path, known);
  return serve(req, res, state, known, omitBody);
}

function serve(
  req: IncomingMessage,
  res: ServerResponse,
  state: ServerState,
  known: KnownTarget,
  omitBody: boolean,
): Promise<void> | undefined {
  const { operationId, prepared } = known;
  const input = new NodeInput(req, known.url, known.params, state.trustProxy);
  const outcome = serveOperation(state.target.context, { operationId, input, prepared });
  if (outcome instanceof Promise) return outcome.then((settled) => deliver(req, res, settled, omitBody));
  return deliver(req, res, outcome, omitBody);
}

function deliver(
  req: IncomingMessage,
  res: ServerResponse,
  outcome: Outcome,
  omitBody: boolean,
): Promise<void> | undefined {
  if (!(outcome instanceof Response)) {
    writeAnswer(res, outcome, omitBody);
    return undefined;
  }
  if (outcome.type === 'error') {
    // `Response.error()`: the network-error scenario. Dropping the socket makes the client's fetch reject.
    req.socket.destroy();
    return undefined;
  }
  return send(res, outcome, omitBody);
}

function send(res: ServerResponse, response: Response, omitBody: boolean): Promise<void> {
  return sendResponse(response, res, { extraHeaders: corsHeaders(), omitBody });
}
