import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Answer, OperationId } from '../../engine/answer';
import { plainJson } from '../../engine/answer';
import { DEFAULT_BASE_URL } from '../../engine/base-url';
import { createHandlerContext, type HandlerContext, type Prepared } from '../../engine/context';
import { type ControlTarget, handleControl } from '../../engine/control';
import { corsHeaders, preflightHeaders } from '../../engine/cors';
import { routeNotFound } from '../../engine/errors';
import { badUrl } from '../../engine/fetch-answer';
import { type AllowedHosts, controlRefusal, hostRefusal } from '../../engine/request-guard';
import { createRuntime } from '../../engine/runtime';
import type { Scenarios } from '../../engine/scenarios/scenarios';
import { type Outcome, operationRouter, prepareRequest, serveOperation } from '../../engine/serve';
import { BoundedCache } from '../../internal/bounded-cache';
import { JSON_CONTENT_TYPE, jsonResponse } from '../../internal/json-response';
import { statusText } from '../../internal/status-text';
import type { World } from '../../world';
import { NodeInput, writeAnswer } from './node-answers';
import { PayloadTooLargeError, readBody, requestTarget, sendResponse } from './node-http';

/** Options of {@link startMockServer}. */
export interface MockServerOptions {
  /** Port to bind; 0 picks a free one. Default 3999. */
  port?: number;
  /** Interface to bind. Default `127.0.0.1`. */
  host?: string;
  /** Seed of the default world (ignored when `world` is given). */
  seed?: number;
  /** Latency added to every API answer, in milliseconds (restored by `POST /__mock/reset`). */
  latencyMs?: number;
  /** A ready world to serve instead of the seeded default one. */
  world?: World;
  /**
   * Most transactions `POST /__mock/mine` may add to the seeded world (default 100,000, about 125 MB of heap); past
   * it mining answers 409 and every other route keeps answering. Ignored when `world` is given (its own bound).
   */
  maxMinedTransactions?: number;
  /**
   * Host names accepted in `Host` (and in `Origin` for control routes) besides localhost, IP addresses and
   * `host`: names, `.example.com` for a domain and its subdomains, or `true` for any (DNS rebinding open).
   */
  allowedHosts?: readonly string[] | true;
}

/** A running standalone mock server. */
export interface MockServer {
  /** `http://HOST:PORT`, with the port actually bound. */
  readonly url: string;
  readonly port: number;
  /** The world currently served (a new one after `POST /__mock/reset`). */
  readonly world: World;
  readonly scenarios: Scenarios;
  /** Stops accepting connections, drops open ones and resolves once the port is free. */
  close(): Promise<void>;
}

const CONTROL_BODY_LIMIT = 64 * 1024;
const API_BODY_LIMIT = 1024 * 1024;

/**
 * Starts the mock API as a real HTTP server (`node:http`, the seven operations routed directly: the msw handlers
 * answer the same way), with CORS, `GET /health` and the `/__mock/*` control routes.
 *
 * @example
 * const server = await startMockServer({ port: 0, seed: 1 });
 * const res = await fetch(`${server.url}/extended/v1/block/by_burn_block_height/${server.world.fixtures.burnBlockHeight}`);
 * await server.close();
 */
export async function startMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  const port = options.port ?? 3999;
  const host = options.host ?? '127.0.0.1';
  const latencyMs = options.latencyMs ?? 0;
  const runtime = createRuntime({
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.world === undefined ? {} : { world: options.world }),
    ...(options.maxMinedTransactions === undefined
      ? {}
      : { maxMinedTransactions: options.maxMinedTransactions }),
  });
  runtime.scenarios.latency(latencyMs);
  let context = createHandlerContext(runtime.world, runtime.scenarios);
  const target: ServerTarget = {
    get world() {
      return runtime.world;
    },
    scenarios: runtime.scenarios,
    get context() {
      return context;
    },
    reset() {
      runtime.reset();
      runtime.scenarios.latency(latencyMs);
      context = createHandlerContext(runtime.world, runtime.scenarios);
    },
  };
  // Requests are resolved against the handlers' base URL (DEFAULT_BASE_URL, no path prefix), so the paths
  // clients see, `Location` headers included, are the server's own.
  const base = DEFAULT_BASE_URL;

  const state: ServerState = {
    base,
    target,
    targets: new BoundedCache(KNOWN_TARGETS),
    bound: host,
    allowedHosts: options.allowedHosts ?? [],
    allowedHostValues: new Set(),
    lastAllowedHost: undefined,
  };
  const server = createServer((req, res) => {
    try {
      handle(req, res, state)?.catch((error: unknown) => fail(res, error));
    } catch (error) {
      fail(res, error);
    }
  });
  server.on('clientError', answerClientError);
  await listen(server, port, host);
  const bound = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${bound}`,
    port: bound,
    get world() {
      return runtime.world;
    },
    scenarios: runtime.scenarios,
    close: () => {
      closing ??= close(server);
      return closing;
    },
  };
}

/** What the server acts on: the control routes' target, and the operations' current context. */
interface ServerTarget extends ControlTarget {
  /** Replaced on reset, with the world (and its answer cache). */
  readonly context: HandlerContext;
}

/** A request target already routed to an operation and prepared by it. */
interface KnownTarget {
  readonly operationId: OperationId;
  readonly url: URL;
  readonly params: Readonly<Record<string, string>>;
  readonly prepared: Prepared | Answer;
}

interface ServerState {
  /** Origin and path prefix requests are resolved against. */
  readonly base: string;
  readonly target: ServerTarget;
  /**
   * Request targets (path and query, as sent) seen before, with their route and prepared request. Parsing,
   * routing and validating depend on nothing but the target, so a repeated GET goes straight to the answer.
   */
  readonly targets: BoundedCache<string, KnownTarget>;
  /** The bound interface, a name the server always answers to. */
  readonly bound: string;
  readonly allowedHosts: AllowedHosts;
  /** `Host` values already found allowed: a client sends the same one on every request. */
  readonly allowedHostValues: Set<string>;
  /**
   * The last `Host` value found allowed. Comparing with it costs less than hashing each request's new string
   * for the set, which shows on cached answers (about 1% of a request's instructions).
   */
  lastAllowedHost: string | undefined;
}

// Bounded: a client could send any number of distinct allowed values (ports, IP literals).
const MAX_REMEMBERED_HOSTS = 64;

function refusal(host: string | undefined, state: ServerState): string | undefined {
  if (host === undefined || host === state.lastAllowedHost) return undefined;
  if (state.allowedHostValues.has(host)) {
    state.lastAllowedHost = host;
    return undefined;
  }
  const refused = hostRefusal(host, state.bound, state.allowedHosts);
  if (refused !== undefined) return refused;
  if (state.allowedHostValues.size < MAX_REMEMBERED_HOSTS) state.allowedHostValues.add(host);
  state.lastAllowedHost = host;
  return undefined;
}

/**
 * How many distinct request targets one server remembers, and how many characters of them: a target is kept
 * about three times (as sent, as a URL, in the cache key), and may be 16 KiB long.
 */
const KNOWN_TARGETS = { maxEntries: 2048, maxWeight: 8 * 1024 * 1024 };

/**
 * Answers one request. API reads stay synchronous from the socket to the answer (no Fetch `Request` or
 * `Response` is built, no promise awaited) unless a scenario or a request body needs waiting for; then the
 * returned promise settles once the answer is sent.
 */
function handle(req: IncomingMessage, res: ServerResponse, state: ServerState): Promise<void> | undefined {
  const method = (req.method ?? 'GET').toUpperCase();
  // Every route, before anything else: a page that rebinds its own name to 127.0.0.1 sends its own `Host`.
  const refusedHost = refusal(req.headers.host, state);
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
    if (known !== undefined) return serve(req, res, state.target, known, omitBody);
  }
  if (method === 'OPTIONS') {
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
  const pathname = path.split('?')[0] ?? path;
  const isControl = /^\/health\/?$/.test(pathname) || pathname.startsWith('/__mock/');
  if (method !== 'GET' && !omitBody) {
    if (isControl && method === 'POST') {
      const refused = controlRefusal(
        req.headers['content-type'],
        req.headers.origin,
        state.bound,
        state.allowedHosts,
      );
      if (refused !== undefined) {
        const body = {
          statusCode: refused.status,
          error: statusText(refused.status),
          message: refused.message,
        };
        // The body is not read: close the connection rather than leave it in the socket.
        res.setHeader('Connection', 'close');
        writeAnswer(res, plainJson(body, refused.status), false);
        return undefined;
      }
    }
    return withBody(req, res, { method, path, pathname, isControl }, state.target);
  }
  if (isControl) {
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
  state.targets.set(path, known, 3 * path.length);
  return serve(req, res, state.target, known, omitBody);
}

function serve(
  req: IncomingMessage,
  res: ServerResponse,
  target: ServerTarget,
  known: KnownTarget,
  omitBody: boolean,
): Promise<void> | undefined {
  const { operationId, prepared } = known;
  const input = new NodeInput(req, known.url, known.params);
  const outcome = serveOperation(target.context, { operationId, input, prepared });
  if (outcome instanceof Promise) return outcome.then((settled) => deliver(req, res, settled, omitBody));
  return deliver(req, res, outcome, omitBody);
}

/** Requests with a body (POST and the rest): the control routes, or Fastify's 404 for an API path. */
async function withBody(
  req: IncomingMessage,
  res: ServerResponse,
  request: { method: string; path: string; pathname: string; isControl: boolean },
  target: ServerTarget,
): Promise<void> {
  const { method, path, pathname, isControl } = request;
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readBody(req, isControl ? CONTROL_BODY_LIMIT : API_BODY_LIMIT);
  } catch (error) {
    if (!(error instanceof PayloadTooLargeError)) throw error;
    const tooLarge = jsonResponse({ statusCode: 413, error: statusText(413), message: error.message }, 413);
    await sendResponse(tooLarge, res, {
      extraHeaders: { ...corsHeaders(), Connection: 'close' },
      omitBody: false,
    });
    return;
  }
  const control = isControl ? handleControl(method, pathname, body, target) : undefined;
  if (control) return send(res, control, false);
  // Only GET and HEAD reach an operation.
  writeAnswer(res, plainJson(routeNotFound(method, path), 404), false);
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

function fail(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  const body = JSON.stringify({ statusCode: 500, error: 'Internal Server Error', message });
  res.writeHead(500, { ...corsHeaders(), 'Content-Type': JSON_CONTENT_TYPE });
  res.end(body);
}

// Oversized request lines or headers (Node's 16 KiB limit) and malformed requests never reach the handler.
// Answer them like the real service (431 / 400) instead of letting the socket hang or the process crash.
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ statusCode: status, error: statusText(status), message: statusText(status) });
  const cors = Object.entries(corsHeaders())
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${status} ${statusText(status)}\r\nContent-Type: ${JSON_CONTENT_TYPE}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n${cors}Connection: close\r\n\r\n${body}`,
  );
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
