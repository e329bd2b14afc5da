import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { corsHeaders } from '../../engine/cors';
import { JSON_CONTENT_TYPE } from '../../internal/json-response';
import { statusText } from '../../internal/status-text';

/** Answers written without the engine: a handler's unexpected failure, and requests Node refused to parse. */

/** A 500 for an unexpected failure (a bug), or a dropped socket when the answer had already begun. */
export function answerFailure(res: ServerResponse, error: unknown): void {
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
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
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
