import type { IncomingMessage, ServerResponse } from 'node:http';
import { plainJson } from '../../engine/answer';
import { type ControlTarget, handleControl } from '../../engine/control';
import { corsHeaders } from '../../engine/cors';
import { routeNotFound } from '../../engine/errors';
import { type AllowedHosts, controlRefusal, originRefusal } from '../../engine/request-guard';
import { JSON_CONTENT_TYPE, jsonResponse } from '../../internal/json-response';
import { statusText } from '../../internal/status-text';
import { writeAnswer } from './node-answers';
import { PayloadTooLargeError, readBody, sendResponse } from './node-http';

/** Who may drive the control routes: the bound interface and the allowed host names. */
export interface ControlGuard {
  readonly bound: string;
  readonly allowedHosts: AllowedHosts;
}

/** Body limits: a control body is a few fields; an API body is never read past its limit (404 anyway). */
const CONTROL_BODY_LIMIT = 64 * 1024;
const API_BODY_LIMIT = 1024 * 1024;

/** True for `GET /` (the index), `/health` and `/__mock/*`: the routes the server answers itself. */
export function isControlPath(pathname: string): boolean {
  return pathname === '/' || /^\/health\/?$/.test(pathname) || pathname.startsWith('/__mock/');
}

/**
 * The 403 of a preflight for a control route from a page that may not drive it, or undefined: such a page
 * gets no `Access-Control-Allow-Origin`, so its browser never sends the request.
 */
export function refusePreflight(req: IncomingMessage, res: ServerResponse, guard: ControlGuard): boolean {
  const refused = originRefusal(req.headers.origin, guard.bound, guard.allowedHosts);
  if (refused === undefined) return false;
  writeForbidden(res, refused);
  return true;
}

/** A 403 for a foreign page, without CORS headers: its scripts learn nothing, not even the refusal. */
function writeForbidden(res: ServerResponse, message: string): void {
  const body = JSON.stringify({ statusCode: 403, error: 'Forbidden', message });
  res.writeHead(403, { 'Content-Type': JSON_CONTENT_TYPE, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

/**
 * Requests with a body (POST and the rest): a control route, once its `Origin` and `Content-Type` pass, or
 * Fastify's 404 for an API path. The returned promise settles once the answer is sent.
 */
export async function answerWithBody(
  req: IncomingMessage,
  res: ServerResponse,
  request: { method: string; path: string; pathname: string },
  target: ControlTarget,
  guard: ControlGuard,
): Promise<void> {
  const { method, path, pathname } = request;
  const isControl = isControlPath(pathname);
  if (isControl && method === 'POST') {
    const refused = controlRefusal(
      req.headers['content-type'],
      req.headers.origin,
      guard.bound,
      guard.allowedHosts,
    );
    if (refused !== undefined) {
      // The body is not read: close the connection rather than leave it in the socket.
      res.setHeader('Connection', 'close');
      if (refused.status === 403) {
        writeForbidden(res, refused.message);
        return;
      }
      const body = {
        statusCode: refused.status,
        error: statusText(refused.status),
        message: refused.message,
      };
      writeAnswer(res, plainJson(body, refused.status), false);
      return;
    }
  }
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
  if (control) return sendResponse(control, res, { extraHeaders: corsHeaders(), omitBody: false });
  // Only GET and HEAD reach an operation.
  writeAnswer(res, plainJson(routeNotFound(method, path), 404), false);
}
