import { describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../src/errors.js';
import {
  ApiError,
  BadRequestError,
  BlockindexError,
  ConnectionError,
  createApiError,
  ForbiddenError,
  GoneError,
  ListInconsistentError,
  ListReorgedError,
  NotFoundError,
  RateLimitError,
  ResponseParseError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
} from '../src/errors.js';
import { deepRedaction, errorDetails, errorSummaries, statusPhrases } from '../src/guards.js';
import { type ErrorHooks, redact } from '../src/internal/text.js';

// The full client's errors: reason phrases in messages, bounded summaries for logs, request ids, codes, API-key
// hints and HTML bodies named (opt-in on a core; a core passes its guards' hooks in the init of the errors it makes).
errorSummaries();
// A body built here from a parsed value is redacted at any depth only with the opt-in deepRedaction() (createClient's).
const hooks: ErrorHooks = { ...statusPhrases(), ...errorDetails(), ...deepRedaction() };

const URL_9 = 'https://api.hiro.so/extended/v1/block/by_burn_block_height/9';

function make(status: number, body: ApiErrorBody, headers: Record<string, string> = {}, url = URL_9) {
  return createApiError({
    ...hooks,
    status,
    body,
    headers: new Headers(headers),
    method: 'GET',
    url,
    secrets: ['sk-secret'],
  });
}

describe('createApiError', () => {
  const classes: [number, new (...args: never[]) => ApiError][] = [
    [400, BadRequestError],
    [404, NotFoundError],
    [429, RateLimitError],
    [500, ServerError],
    [502, ServerError],
    [503, ServerError],
    [599, ServerError],
    [401, UnauthorizedError],
    [403, ForbiddenError],
    [409, ApiError],
    [410, GoneError],
    [304, ApiError],
  ];
  it.each(classes)('maps status %i to %o', (status, cls) => {
    const error = make(status, undefined);
    expect(error).toBeInstanceOf(cls);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(BlockindexError);
    expect(error.status).toBe(status);
    expect(error.name).toBe(cls.name);
  });

  const messages: [
    string,
    { status: number; body: ApiErrorBody; headers?: Record<string, string> },
    string,
  ][] = [
    [
      'Stacks error body',
      { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'cannot find block by height' } },
      '404 GET /extended/v1/block/by_burn_block_height/9: cannot find block by height',
    ],
    [
      'validation body',
      {
        status: 400,
        body: {
          statusCode: 400,
          code: 'FST_ERR_VALIDATION',
          error: 'Bad Request',
          message: 'params/burn_block_height must be integer',
        },
      },
      '400 GET /extended/v1/block/by_burn_block_height/9: params/burn_block_height must be integer',
    ],
    [
      'BRC-20 not found',
      { status: 404, body: { error: 'Not found' } },
      '404 GET /extended/v1/block/by_burn_block_height/9: Not found',
    ],
    [
      'database down',
      { status: 503, body: { error: 'The database service is unavailable' } },
      '503 GET /extended/v1/block/by_burn_block_height/9: The database service is unavailable',
    ],
    [
      'empty body',
      { status: 502, body: undefined },
      '502 GET /extended/v1/block/by_burn_block_height/9: Bad Gateway (empty body)',
    ],
    [
      'blank text',
      { status: 429, body: '  ' },
      '429 GET /extended/v1/block/by_burn_block_height/9: Too Many Requests (empty body)',
    ],
    [
      'plain text',
      { status: 500, body: 'upstream\nreset' },
      '500 GET /extended/v1/block/by_burn_block_height/9: upstream reset',
    ],
    [
      'HTML page',
      {
        status: 502,
        body: '<html><body>Bad gateway</body></html>',
        headers: { 'content-type': 'text/html' },
      },
      '502 GET /extended/v1/block/by_burn_block_height/9: Bad Gateway (HTML body)',
    ],
    [
      'named status, no body',
      { status: 413, body: undefined },
      '413 GET /extended/v1/block/by_burn_block_height/9: Payload Too Large (empty body)',
    ],
    [
      'unnamed 4xx status, no body',
      { status: 499, body: undefined },
      '499 GET /extended/v1/block/by_burn_block_height/9: Request failed (empty body)',
    ],
    [
      'unnamed 5xx status, no body',
      { status: 599, body: undefined },
      '599 GET /extended/v1/block/by_burn_block_height/9: Server error (empty body)',
    ],
    [
      'JSON without message',
      { status: 500, body: { statusCode: 500 } as unknown as ApiErrorBody },
      '500 GET /extended/v1/block/by_burn_block_height/9: Internal Server Error (unrecognized body)',
    ],
  ];
  it.each(messages)('formats the message for a %s', (_name, { status, body, headers }, want) => {
    expect(make(status, body, headers).message).toBe(want);
  });

  it('keeps the query string in the message and truncates very long URLs', () => {
    const short = make(400, { error: 'x' }, {}, 'https://api.hiro.so/a?limit=60');
    expect(short.message).toBe('400 GET /a?limit=60: x');
    const long = make(400, { error: 'x' }, {}, `https://api.hiro.so/a?${'contract_id=SP.x&'.repeat(100)}`);
    expect(long.message.length).toBeLessThan(230);
    expect(long.url.length).toBeGreaterThan(1000);
  });

  it('exposes body, headers, url, method, code and request id', () => {
    const body = {
      statusCode: 400,
      code: 'FST_ERR_VALIDATION',
      error: 'Bad Request',
      message: 'querystring/limit must be <= 50',
    };
    const error = make(400, body, { 'x-request-id': 'req-1' });
    expect(error.body).toBe(body);
    expect(error.code).toBe('FST_ERR_VALIDATION');
    expect(error.requestId).toBe('req-1');
    expect(error.method).toBe('GET');
    expect(error.url).toBe(URL_9);
    expect(make(500, undefined, { 'cf-ray': 'abc-AMS' }).requestId).toBe('abc-AMS');
    expect(make(500, undefined).requestId).toBeUndefined();
  });

  it('carries retryAfterMs on rate-limit errors', () => {
    const error = createApiError({
      status: 429,
      body: undefined,
      headers: new Headers(),
      method: 'GET',
      url: URL_9,
      retryAfterMs: 2000,
    });
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(2000);
  });

  it('carries retryAfterMs on any API error whose server named a pause (a 503 too), undefined otherwise', () => {
    const init = { body: undefined, headers: new Headers(), method: 'GET', url: URL_9 };
    const unavailable = createApiError({ ...init, status: 503, retryAfterMs: 1500 });
    expect(unavailable).toBeInstanceOf(ServerError);
    expect(unavailable.retryAfterMs).toBe(1500);
    expect(createApiError({ ...init, status: 404 }).retryAfterMs).toBeUndefined();
  });

  it('never shows the API key, even when the server echoes it', () => {
    const error = make(401, { error: 'Unauthorized', message: 'invalid API key sk-secret' });
    expect(error.message).toBe(
      '401 GET /extended/v1/block/by_burn_block_height/9: invalid API key [redacted] (no API key was sent: pass one with the apiKey option)',
    );
    expect(error.message).not.toContain('sk-secret');
  });

  it('blanks the API key out of the body and the header values it keeps', () => {
    // A server may send more than the spec documents; the body is parsed JSON all the same.
    const body = JSON.parse(
      '{"statusCode":403,"error":"Forbidden","message":"no","echo":{"keys":["sk-secret","x sk-secret y"]}}',
    ) as ApiErrorBody;
    const error = make(403, body, { 'x-echo': 'key=sk-secret', 'x-request-id': 'req sk-secret' });
    expect(error.body).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'no',
      echo: { keys: ['[redacted]', 'x [redacted] y'] },
    });
    expect(error.headers.get('x-echo')).toBe('key=[redacted]');
    expect(error.requestId).toBe('req [redacted]');
    expect(JSON.stringify(error)).not.toContain('sk-secret');
    expect(make(502, '<p>sk-secret</p>').body).toBe('<p>[redacted]</p>');
  });

  it('redacts before truncating, so no piece of the key survives a long message', () => {
    const message = `${'x'.repeat(190)} sk-secret`;
    const error = make(400, { statusCode: 400, error: 'Bad Request', message });
    expect(error.message).not.toMatch(/sk-/);
  });
});

describe('error classes', () => {
  it('makes a timeout a kind of connection error', () => {
    const error = new TimeoutError('slow');
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toBeInstanceOf(BlockindexError);
    expect(error.name).toBe('TimeoutError');
  });

  it('makes a re-org the iteration cannot follow a kind of inconsistent list, exported from the root', async () => {
    const error = new ListReorgedError('orphaned');
    expect(error).toBeInstanceOf(ListInconsistentError);
    expect(error).toBeInstanceOf(BlockindexError);
    expect(error.name).toBe('ListReorgedError');
    expect((await import('../src/index.js')).ListReorgedError).toBe(ListReorgedError);
  });
});

describe('redact', () => {
  it('replaces every occurrence and ignores empty secrets', () => {
    expect(redact('a key key', ['key', ''])).toBe('a [redacted] [redacted]');
    expect(redact('nothing', undefined)).toBe('nothing');
  });
});

describe('server text in messages', () => {
  // Every character a log line must not carry raw: C0, DEL, C1, the Unicode line breaks and bidi overrides.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
  const hostile =
    'bad id\n2026-01-01T00:00:00Z INFO payment accepted\r\x1b[2K\x1b[32mok\x1b[0m\u009b\u2028\u202ereversed';

  it.each([
    ['a JSON message', { message: hostile }],
    ['a JSON error', { error: hostile }],
    ['a plain-text body', hostile],
  ])('escapes control characters of %s in the ApiError message', (_name, body) => {
    const error = make(400, body as ApiErrorBody);
    expect(error.message).not.toMatch(UNSAFE);
    expect(error.message).toContain('bad id');
    if (typeof body === 'object') {
      expect(error.message).toContain('\\n2026-01-01T00:00:00Z INFO');
      expect(error.message).toContain('\\u001b[2K\\u001b[32mok');
      expect(error.message).toContain('\\u009b\\u2028\\u202ereversed');
    }
    // The body itself is data, kept as the server sent it.
    expect(error.body).toEqual(body);
  });

  it('escapes them in every error built from a server reason or a cause, and in toJSON', () => {
    const parse = new ResponseParseError({
      status: 200,
      headers: new Headers(),
      method: 'GET',
      url: URL_9,
      reason: hostile,
    });
    const connection = new ConnectionError(`GET ${URL_9}: ${hostile}`, { cause: new Error(hostile) });
    for (const error of [parse, connection]) {
      expect(error.message).not.toMatch(UNSAFE);
      expect(JSON.stringify(error.toJSON?.())).not.toMatch(UNSAFE);
    }
    expect(JSON.parse(JSON.stringify(connection)).cause).toContain('\\u001b[2K');
  });
});
