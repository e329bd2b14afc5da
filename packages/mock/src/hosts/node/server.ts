import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_BASE_URL } from '../../engine/base-url';
import { createHandlerContext } from '../../engine/context';
import { createRuntime } from '../../engine/runtime';
import type { Scenarios, SunsetOperation } from '../../engine/scenarios/scenarios';
import type { World } from '../../world';
import { HostCheck } from './host-check';
import { KnownTargets } from './known-targets';
import { close, listen } from './lifecycle';
import { answerClientError, answerFailure } from './raw-answers';
import { handleRequest, type ServerState, type ServerTarget } from './request-handler';

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
   * Host names accepted besides this machine's: in `Host` (where any IP address is accepted too, against DNS
   * rebinding) and in the `Origin` of control requests (where only loopback pages and the bound `host` are
   * accepted otherwise). Names, `.example.com` for a domain and its subdomains, IP addresses, or `true` for
   * any (DNS rebinding and cross-site control open).
   */
  allowedHosts?: readonly string[] | true;
  /**
   * Whether a proxy in front sets `x-forwarded-for`: the rate-limit scenario then tells clients apart by its
   * first address. Default false: by the socket's address, since a client could forge the header.
   */
  trustProxy?: boolean;
  /**
   * Deprecated operations that answer upstream's `410 Gone` from the start, as once Hiro flips
   * `ENABLE_DEPRECATED_ENDPOINTS` (`'all'` for the five); restored by `POST /__mock/reset`. See `Scenarios.sunset`.
   */
  sunset?: readonly SunsetOperation[] | 'all';
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

/**
 * Starts the mock API as a real HTTP server (`node:http`, the seven operations routed directly: the msw handlers
 * answer the same way), with CORS, `GET /` (an index), `GET /health` and the `/__mock/*` control routes.
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
  // The startup scenarios, applied now and again after every reset.
  const startup = () => {
    runtime.scenarios.latency(latencyMs);
    if (options.sunset !== undefined) runtime.scenarios.sunset(options.sunset);
  };
  startup();
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
      startup();
      context = createHandlerContext(runtime.world, runtime.scenarios);
    },
  };
  const allowedHosts = options.allowedHosts ?? [];
  const state: ServerState = {
    // Requests are resolved against the handlers' base URL (no path prefix), so the paths clients see,
    // `Location` headers included, are the server's own.
    base: DEFAULT_BASE_URL,
    target,
    targets: new KnownTargets(),
    hostCheck: new HostCheck(host, allowedHosts),
    guard: { bound: host, allowedHosts },
    trustProxy: options.trustProxy ?? false,
  };
  const server = createServer((req, res) => {
    try {
      handleRequest(req, res, state)?.catch((error: unknown) => answerFailure(res, error));
    } catch (error) {
      answerFailure(res, error);
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
