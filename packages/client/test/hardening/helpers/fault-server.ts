import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the fault server does with one request. */
export type Fault =
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'text'; status: number; body: string; contentType: string; headers?: Record<string, string> }
  /** No body at all; `chunked` leaves Content-Length out, so the client cannot tell the body is empty up front. */
  | { kind: 'empty'; status: number; chunked?: boolean }
  /** Headers and half of a JSON body announced in full by Content-Length, then the socket is destroyed. */
  | { kind: 'half-body'; body: unknown }
  /** The socket is destroyed before any byte of the answer. */
  | { kind: 'reset' }
  /** The request is read and never answered. */
  | { kind: 'hang' };

/** One request the server received; `at` is `Date.now()`, the fake clock when fake timers are on. */
interface Received {
  url: string;
  headers: IncomingMessage['headers'];
  at: number;
}

/**
 * A tiny HTTP server on 127.0.0.1 that answers each request with the next queued fault (then `fallback`), for
 * failures that only a real socket shows: a body cut off half way, a reset, a server that never answers.
 */
export async function startFaultServer(fallback: Fault = { kind: 'json', status: 200, body: {} }) {
  const queue: Fault[] = [];
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    received.push({ url: req.url ?? '', headers: req.headers, at: Date.now() });
    answer(queue.shift() ?? fallback, req, res);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** Queues faults for the next requests, in order. */
    push(...faults: Fault[]) {
      queue.push(...faults);
    },
    /** Forgets queued faults and received requests. */
    reset() {
      queue.length = 0;
      received.length = 0;
    },
    close(): Promise<void> {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export type FaultServer = Awaited<ReturnType<typeof startFaultServer>>;

function answer(fault: Fault, req: IncomingMessage, res: ServerResponse): void {
  switch (fault.kind) {
    case 'json': {
      const text = JSON.stringify(fault.body);
      res.writeHead(fault.status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(text),
        ...fault.headers,
      });
      res.end(text);
      return;
    }
    case 'text':
      res.writeHead(fault.status, {
        'content-type': fault.contentType,
        'content-length': Buffer.byteLength(fault.body),
        ...fault.headers,
      });
      res.end(fault.body);
      return;
    case 'empty':
      res.writeHead(fault.status, fault.chunked ? {} : { 'content-length': 0 });
      res.end();
      return;
    case 'half-body': {
      const text = Buffer.from(JSON.stringify(fault.body));
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': text.length,
      });
      res.write(text.subarray(0, Math.floor(text.length / 2)), () => req.socket.destroy());
      return;
    }
    case 'reset':
      req.socket.destroy();
      return;
    case 'hang':
      return;
  }
}
