import { declaredStatuses, schemaErrors } from '../../support/spec-schemas';
import type { FuzzRequest } from './fuzz-requests';
import { type RawAnswer, requestHeadBytes } from './raw-http';
import { DEPRECATED, type OperationId, type Route, routeOf } from './routes';

const JSON_TYPE = 'application/json; charset=utf-8';
const DEPRECATION_WARNING = '299 - "Deprecated: See https://docs.hiro.so/stacks/api for more information"';
const REVALIDATE = 'public, no-cache, must-revalidate';
/** Node's default limit on a request's head (request line and headers). */
const HEAD_LIMIT = 16 * 1024;
/** Either side of the limit our size estimate may be off by. */
const HEAD_SLACK = 1024;

/** Every header the mock sends; any other name in an answer would have been injected by the request. */
const KNOWN_HEADERS = new Set([
  'access-control-allow-origin',
  'access-control-expose-headers',
  'cache-control',
  'connection',
  'content-length',
  'content-type',
  'date',
  'etag',
  'keep-alive',
  'location',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'retry-after',
  'transfer-encoding',
  'warning',
]);

// Any operation's 400 is the bare ErrorResponse: used for answers given before routing (bad URL, 431).
const ANY_STACKS_OPERATION: OperationId = 'getBlockByBurnBlockHeight';

/**
 * Says what is wrong with the answer to a fuzzed request, or `undefined` when it is one the spec and the
 * shared contract allow: a 200 valid against the operation's schema, a 304 to a conditional request, the
 * 302 of an un-prefixed burn block hash, a documented 400/404 body, or 431/414 for an oversized request.
 */
export function answerProblem(request: FuzzRequest, answer: RawAnswer): string | undefined {
  const { status } = answer;
  if (status >= 500) return `server error ${status}`;
  const headerProblem = injectedHeader(answer);
  if (headerProblem) return headerProblem;

  const size = requestHeadBytes(request);
  if (status === 431 || status === 414) {
    if (size < HEAD_LIMIT - HEAD_SLACK) return `${status} for a request head of only ~${size} bytes`;
    return errorBodyProblem(answer, ANY_STACKS_OPERATION);
  }
  if (size > HEAD_LIMIT + HEAD_SLACK)
    return `a request head of ~${size} bytes answered ${status}, not 431/414`;

  const route = routeOf(request.path);
  const problem = byStatus(request, answer, route);
  if (problem) return problem;
  return deprecationProblem(answer, route);
}

function byStatus(request: FuzzRequest, answer: RawAnswer, route: Route): string | undefined {
  switch (answer.status) {
    case 200:
      return okProblem(answer, route);
    case 304:
      return notModifiedProblem(request, answer, route);
    case 302:
      return redirectProblem(answer, route);
    case 400:
      return badRequestProblem(answer, route);
    case 404:
      return notFoundProblem(request, answer, route);
    case 429:
      return rateLimitedProblem(answer, route);
    default:
      return `undocumented status ${answer.status}`;
  }
}

function okProblem(answer: RawAnswer, route: Route): string | undefined {
  const body = jsonBody(answer);
  if (typeof body === 'string') return body;
  if (route.kind === 'control') return undefined;
  if (route.kind !== 'operation') return `200 for a path no operation serves (${route.kind})`;
  const invalid = schemaErrors(route.operationId, 200, body.value);
  if (invalid) return `200 body does not match the ${route.operationId} schema: ${invalid}`;
  const etag = header(answer, 'etag');
  const cacheControl = header(answer, 'cache-control');
  if (etag !== undefined && cacheControl !== REVALIDATE)
    return `200 with ETag but Cache-Control ${cacheControl}`;
  if (etag === undefined && cacheControl !== 'no-store')
    return `200 without ETag but Cache-Control ${cacheControl}`;
  return undefined;
}

function notModifiedProblem(request: FuzzRequest, answer: RawAnswer, route: Route): string | undefined {
  const conditional = Object.keys(request.headers ?? {}).some(
    (name) => name.toLowerCase() === 'if-none-match',
  );
  if (!conditional) return '304 to a request without If-None-Match';
  if (route.kind !== 'operation') return `304 for a path no operation serves (${route.kind})`;
  if (answer.body !== '') return '304 with a body';
  return header(answer, 'etag') === undefined ? '304 without ETag' : undefined;
}

function redirectProblem(answer: RawAnswer, route: Route): string | undefined {
  if (route.kind !== 'operation' || route.operationId !== 'getBlockByBurnBlockHash') {
    return `302 outside getBlockByBurnBlockHash (${route.kind === 'operation' ? route.operationId : route.kind})`;
  }
  const segment = route.segments.burn_block_hash ?? '';
  if (safeDecode(segment).startsWith('0x')) return '302 for a hash that already has its 0x prefix';
  const location = header(answer, 'location');
  const prefix = route.pathname.slice(0, route.pathname.toLowerCase().indexOf('/by_burn_block_hash/') + 20);
  const wanted = `${prefix}0x${segment}`;
  if (location !== wanted && location !== `${wanted}/`) return `302 to ${location}, expected ${wanted}`;
  return answer.body === '' ? undefined : '302 with a body';
}

function badRequestProblem(answer: RawAnswer, route: Route): string | undefined {
  const invalid = errorBodyProblem(
    answer,
    route.kind === 'operation' ? route.operationId : ANY_STACKS_OPERATION,
  );
  if (invalid) return invalid;
  const body = (jsonBody(answer) as { value: { code?: string; message: string } }).value;
  // Answered before routing: an undecodable URL (Fastify's FST_ERR_BAD_URL) or a request Node cannot parse.
  if (body.code === 'FST_ERR_BAD_URL' || (body.code === undefined && body.message === 'Bad Request'))
    return undefined;
  if (route.kind !== 'operation') return `400 ${body.message} for a path no operation serves (${route.kind})`;
  if (!declaredStatuses(route.operationId).includes('400'))
    return `400 from ${route.operationId}, which declares none`;
  if (body.code === 'FST_ERR_VALIDATION' && !/^(params|querystring)\b/.test(body.message)) {
    return `validation 400 whose message names no parameter: ${body.message}`;
  }
  return undefined;
}

function notFoundProblem(request: FuzzRequest, answer: RawAnswer, route: Route): string | undefined {
  const body = jsonBody(answer);
  if (typeof body === 'string') return body;
  const message = (body.value as { message?: unknown }).message;
  if (typeof message === 'string' && message.startsWith('Route ')) {
    if (message !== `Route GET:${request.path} not found`) return `route 404 with message ${message}`;
    return errorBodyProblem(answer, ANY_STACKS_OPERATION);
  }
  if (route.kind !== 'operation') return `404 ${JSON.stringify(body.value)} for a path no operation serves`;
  if (!declaredStatuses(route.operationId).includes('404'))
    return `404 from ${route.operationId}, which declares none`;
  const invalid = schemaErrors(route.operationId, 404, body.value);
  return invalid ? `404 body does not match the ${route.operationId} schema: ${invalid}` : undefined;
}

/** A 429 (only with a rate-limit scenario on): the documented body and a `Retry-After` in seconds. */
function rateLimitedProblem(answer: RawAnswer, route: Route): string | undefined {
  if (route.kind !== 'operation') return `429 for a path no operation serves (${route.kind})`;
  const invalid = errorBodyProblem(answer, route.operationId);
  if (invalid) return invalid;
  const retryAfter = header(answer, 'retry-after');
  return retryAfter !== undefined && /^\d+$/.test(retryAfter)
    ? undefined
    : `429 with Retry-After ${retryAfter}`;
}

/** Every answer of a deprecated operation, errors included, carries the deprecation `Warning`. */
function deprecationProblem(answer: RawAnswer, route: Route): string | undefined {
  if (route.kind !== 'operation' || !DEPRECATED.has(route.operationId)) return undefined;
  const body =
    answer.body === '' ? undefined : (jsonBody(answer) as { value: Record<string, unknown> }).value;
  const beforeRouting =
    body !== undefined &&
    (body.code === 'FST_ERR_BAD_URL' ||
      (body.code === undefined && body.message === 'Bad Request') ||
      String(body.message).startsWith('Route '));
  if (beforeRouting) return undefined;
  const warning = header(answer, 'warning');
  return warning === DEPRECATION_WARNING
    ? undefined
    : `${route.operationId} answered without Warning (${warning})`;
}

function errorBodyProblem(answer: RawAnswer, operationId: OperationId): string | undefined {
  const body = jsonBody(answer);
  if (typeof body === 'string') return body;
  const invalid = schemaErrors(operationId, answer.status, body.value);
  if (invalid) return `${answer.status} body is not an ErrorResponse: ${invalid}`;
  const statusCode = (body.value as { statusCode?: unknown }).statusCode;
  return statusCode === answer.status ? undefined : `${answer.status} body says statusCode ${statusCode}`;
}

function jsonBody(answer: RawAnswer): { value: unknown } | string {
  const type = header(answer, 'content-type');
  if (type !== JSON_TYPE) return `${answer.status} with Content-Type ${type}`;
  try {
    return { value: JSON.parse(answer.body) };
  } catch {
    return `${answer.status} body is not JSON: ${answer.body.slice(0, 120)}`;
  }
}

function injectedHeader(answer: RawAnswer): string | undefined {
  for (let i = 0; i < answer.rawHeaders.length; i += 2) {
    const name = (answer.rawHeaders[i] ?? '').toLowerCase();
    const value = answer.rawHeaders[i + 1] ?? '';
    if (!KNOWN_HEADERS.has(name)) return `unexpected response header ${name}: ${value.slice(0, 80)}`;
    if (/[\r\n]/.test(value)) return `response header ${name} holds a line break`;
  }
  return undefined;
}

function header(answer: RawAnswer, name: string): string | undefined {
  const value = answer.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
