import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getResponse, type RequestHandler } from 'msw';
import { routeNotFound } from './handlers/errors';
import { handleControl } from './internal/control';
import { corsHeaders, preflightHeaders } from './internal/cors';
import { JSON_CONTENT_TYPE, jsonResponse } from './internal/json-response';
import {
  PayloadTooLargeError,
  readBody,
  requestTarget,
  sendResponse,
  toFetchHeaders,
} from './internal/node-http';
import { createRuntime } from './internal/runtime';
import { statusText } from './internal/status-text';
import type { Scenarios } from './scenarios';
import type { World } from './world';

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
 * Starts the mock API as a real HTTP server (`node:http` over msw's `getResponse`), with CORS, `GET /health`
 * and the `/__mock/*` control routes.
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
  });
  runtime.scenarios.latency(latencyMs);
  let handlers = runtime.handlers();
  const target = {
    get world() {
      return runtime.world;
    },
    scenarios: runtime.scenarios,
    reset() {
      runtime.reset();
      runtime.scenarios.latency(latencyMs);
      handlers = runtime.handlers();
    },
  };
  // Requests are rewritten onto the handlers' base URL (DEFAULT_BASE_URL, no path prefix), so the paths
  // clients see, `Location` headers included, are the server's own.
  const base = runtime.baseUrl.replace(/\/+$/, '');

  const server = createServer((req, res) => {
    handle(req, res, base, () => handlers, target).catch((error: unknown) => fail(res, error));
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

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  base: string,
  handlers: () => RequestHandler[],
  target: Parameters<typeof handleControl>[3],
): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const path = requestTarget(req.url);
  const cors = corsHeaders();
  if (path === undefined) {
    await sendResponse(badUrl(req.url ?? ''), res, { extraHeaders: cors, omitBody: false });
    return;
  }
  if (method === 'OPTIONS') {
    res.writeHead(204, preflightHeaders(req.headers['access-control-request-headers']));
    res.end();
    return;
  }
  let url: URL;
  try {
    url = new URL(base + path);
    decodeURIComponent(url.pathname);
  } catch {
    // Fastify refuses undecodable paths with a 400 before routing; MSW's matcher would throw instead.
    await sendResponse(badUrl(path), res, { extraHeaders: cors, omitBody: false });
    return;
  }
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const pathname = path.split('?')[0] ?? path;
  const isControl = /^\/health\/?$/.test(pathname) || pathname.startsWith('/__mock/');
  let body: Uint8Array<ArrayBuffer> | undefined;
  try {
    body = hasBody ? await readBody(req, isControl ? CONTROL_BODY_LIMIT : API_BODY_LIMIT) : undefined;
  } catch (error) {
    if (!(error instanceof PayloadTooLargeError)) throw error;
    const tooLarge = jsonResponse({ statusCode: 413, error: statusText(413), message: error.message }, 413);
    await sendResponse(tooLarge, res, { extraHeaders: { ...cors, Connection: 'close' }, omitBody: false });
    return;
  }
  const control = isControl ? handleControl(method, pathname, body ?? new Uint8Array(), target) : undefined;
  if (control) {
    await sendResponse(control, res, { extraHeaders: cors, omitBody: method === 'HEAD' });
    return;
  }

  const headers = toFetchHeaders(req);
  // Hiro counts anonymous clients per IP; the rate-limit scenario reads it from here.
  if (!headers.has('x-forwarded-for') && req.socket.remoteAddress) {
    headers.set('x-forwarded-for', req.socket.remoteAddress);
  }
  // Fastify answers HEAD on every GET route with the GET's headers and no body.
  const request = new Request(url, {
    method: method === 'HEAD' ? 'GET' : method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const response = await getResponse(handlers(), request);
  if (!response) {
    await sendResponse(jsonResponse(routeNotFound(method, path), 404), res, {
      extraHeaders: cors,
      omitBody: method === 'HEAD',
    });
    return;
  }
  if (response.type === 'error') {
    // `HttpResponse.error()`: the network-error scenario. Dropping the socket makes the client's fetch reject.
    req.socket.destroy();
    return;
  }
  await sendResponse(response, res, { extraHeaders: cors, omitBody: method === 'HEAD' });
}

function badUrl(path: string): Response {
  return jsonResponse(
    {
      statusCode: 400,
      code: 'FST_ERR_BAD_URL',
      error: 'Bad Request',
      message: `'${path}' is not a valid url component`,
    },
    400,
  );
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
