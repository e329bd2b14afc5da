import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** Answers request number `n` (0-based) however the test wants, malformed or endless. */
export type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;

/**
 * A node:http server on 127.0.0.1:0 driven by one handler per test: what each request carried is recorded, every
 * socket is tracked (and destroyed on close), and `closedSockets` counts connections that ended, so a test can see
 * that the client hung up on a body it refused.
 */
export async function startHostileServer(handler: Handler) {
  const requests: { url: string; headers: IncomingMessage['headers'] }[] = [];
  const sockets = new Set<Socket>();
  const stats = { closedSockets: 0 };
  const server = createServer((req, res) => {
    requests.push({ url: req.url ?? '', headers: req.headers });
    handler(req, res, requests.length - 1);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      stats.closedSockets += 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    stats,
    close(): Promise<void> {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export type HostileServer = Awaited<ReturnType<typeof startHostileServer>>;

/** Writes a JSON answer. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** A transactions page of `ids` (newest first) in the list envelope. */
export function txPage(ids: string[], total: number, offset: number, limit: number) {
  return { limit, offset, total, results: ids.map((tx_id) => ({ tx: { tx_id }, stx_sent: '0' })) };
}
