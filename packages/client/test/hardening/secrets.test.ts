import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  ApiError,
  BadRequestError,
  type BlockindexError,
  ConnectionError,
  createClient,
  NotFoundError,
  RateLimitError,
  ResponseParseError,
  ServerError,
  TimeoutError,
} from '../../src/index.js';
import { advance, flushIo, track, until, useFakeClock } from './helpers/clock';
import { type Fault, type FaultServer, startFaultServer } from './helpers/fault-server';

// The API key must not come out of the client anywhere: not in an error's message, toString(), stack,
// JSON.stringify(error), what console.log(error) prints, nor in anything the client logs itself.
const API_KEY = 'sk-live-7d1e0c5b2a9f4e3d8c6b5a4f3e2d1c0b';
const CHANNELS = ['message', 'toString()', 'stack', 'JSON.stringify', 'console.log'] as const;

let server: FaultServer;
let closedPortUrl: string;
const logged: string[] = [];

beforeAll(async () => {
  server = await startFaultServer();
  const closed = await startFaultServer();
  closedPortUrl = closed.url;
  await closed.close();
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.reset();
  logged.length = 0;
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg, { depth: 10 }))).join(' '));
    });
  }
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** What each channel shows of an error; `console.log` is what Node prints for `console.log(error)`. */
function channels(error: Error): Record<(typeof CHANNELS)[number], string> {
  return {
    message: error.message,
    'toString()': error.toString(),
    stack: error.stack ?? '',
    'JSON.stringify': JSON.stringify(error) ?? '',
    'console.log': inspect(error, { depth: 10 }),
  };
}

function expectNoKey(error: unknown): void {
  expect(error).toBeInstanceOf(Error);
  for (const [channel, text] of Object.entries(channels(error as Error))) {
    expect(text, `${(error as Error).name} ${channel}`).not.toContain(API_KEY);
  }
  for (const line of logged) expect(line, 'console output').not.toContain(API_KEY);
  // The key went where it belongs, and only there.
  for (const request of server.received) {
    expect(request.headers['x-api-key']).toBe(API_KEY);
    expect(request.url).not.toContain(API_KEY);
  }
}

const echo = (status: number) =>
  ({
    kind: 'json',
    status,
    body: { statusCode: status, error: 'Forbidden', message: `invalid api key ${API_KEY}`, key: API_KEY },
    headers: { 'x-echo-api-key': API_KEY },
  }) as const satisfies Fault;

const quiet = (status: number) =>
  ({
    kind: 'json',
    status,
    body: { statusCode: status, error: 'Error', message: 'no' },
  }) as const satisfies Fault;

const client = (options: { baseUrl?: string; timeoutMs?: number; signal?: AbortSignal } = {}) =>
  createClient({ baseUrl: server.url, apiKey: API_KEY, retry: false, ...options });

describe.each([
  ['a server that never repeats the key', quiet],
  ['a server that echoes the key in its error body and headers', echo],
])('API key redaction, %s', (_name, answer) => {
  it.each([
    [400, BadRequestError],
    [403, ApiError],
    [404, NotFoundError],
    [429, RateLimitError],
    [500, ServerError],
  ] as const)('keeps the key out of a %i error', async (status, type) => {
    server.push(answer(status));
    const error = await client()
      .getBrc20Token('ordi')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    expectNoKey(error);
  });

  it('keeps the key out of an HTML 502 error', async () => {
    const html = answer === echo ? `<html>bad gateway for key ${API_KEY}</html>` : '<html>bad gateway</html>';
    server.push({ kind: 'text', status: 502, contentType: 'text/html', body: html });
    const error = await client()
      .getBrc20Token('ordi')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServerError);
    expectNoKey(error);
  });

  it('keeps the key out of a ResponseParseError for malformed JSON with status 200', async () => {
    const body = answer === echo ? `{"token": "${API_KEY}", oops` : '{"token": oops';
    server.push({ kind: 'text', status: 200, contentType: 'application/json', body });
    const error = await client()
      .getBrc20Token('ordi')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseParseError);
    expectNoKey(error);
  });
});

describe('API key redaction for failures without a response', () => {
  it.each([
    ['a reset in the middle of the body', { kind: 'half-body', body: { a: 'b'.repeat(100) } } as Fault],
    ['a reset before any byte', { kind: 'reset' } as Fault],
  ])('keeps the key out of the ConnectionError for %s', async (_name, fault) => {
    server.push(fault);
    const error = await client()
      .getBrc20Token('ordi')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expectNoKey(error);
  });

  it('keeps the key out of the ConnectionError for a refused connection', async () => {
    const error = await client({ baseUrl: closedPortUrl })
      .getBrc20Token('ordi')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expectNoKey(error);
  });

  it('keeps the key out of TimeoutError and AbortError', async () => {
    useFakeClock();
    server.push({ kind: 'hang' }, { kind: 'hang' });
    const timedOut = track(client({ timeoutMs: 1000 }).getBrc20Token('ordi'));
    await until(() => server.received.length === 1, 'the request at the server');
    await advance(1000);
    await until(() => timedOut.settled, 'the timeout');
    expect(timedOut.error).toBeInstanceOf(TimeoutError);
    expectNoKey(timedOut.error);

    const controller = new AbortController();
    const aborted = track(client({ signal: controller.signal }).getBrc20Token('ordi'));
    await until(() => server.received.length === 2, 'the second request at the server');
    controller.abort();
    await flushIo();
    await until(() => aborted.settled, 'the abort');
    expect(aborted.error).toBeInstanceOf(AbortError);
    expectNoKey(aborted.error);
  });

  it('logs nothing of its own while failing', async () => {
    server.push(quiet(500), { kind: 'reset' });
    await client()
      .getBrc20Token('ordi')
      .catch((e: BlockindexError) => e);
    await client()
      .getBrc20Token('ordi')
      .catch((e: BlockindexError) => e);
    expect(logged).toEqual([]);
  });
});

describe('credentials passed as headers rather than apiKey', () => {
  type Setup = { client?: Record<string, unknown>; call?: { headers: Headers | Record<string, string> } };
  const cases: [string, Setup, string][] = [
    ['the x-api-key header of the client', { client: { headers: { 'x-api-key': API_KEY } } }, 'x-api-key'],
    [
      'the header apiKeyHeader names',
      { client: { apiKeyHeader: 'X-Hiro-Key', headers: { 'x-hiro-key': API_KEY } } },
      'x-hiro-key',
    ],
    [
      'an authorization header of the client',
      { client: { headers: { Authorization: `Bearer ${API_KEY}` } } },
      'authorization',
    ],
    [
      'a proxy-authorization header of the client',
      { client: { headers: new Headers({ 'proxy-authorization': `Basic ${API_KEY}` }) } },
      'proxy-authorization',
    ],
    ['the x-api-key header of a call', { call: { headers: { 'x-api-key': API_KEY } } }, 'x-api-key'],
    [
      'an authorization header of a call',
      { call: { headers: new Headers({ authorization: `Bearer ${API_KEY}` }) } },
      'authorization',
    ],
  ];

  /** Everything of an error a caller could log, the body and headers from the server included. */
  function everything(error: ApiError): string {
    return [
      ...Object.values(channels(error)),
      JSON.stringify(error.body),
      JSON.stringify([...error.headers]),
    ].join('\n');
  }

  it.each(cases)('keeps %s out of an error echoing it', async (_name, setup, header) => {
    // The echo carries the bare key: a server quoting `Bearer <key>` without the scheme is caught too.
    server.push(echo(403));
    const error = await createClient({ baseUrl: server.url, retry: false, ...setup.client })
      .getBrc20Token('ordi', setup.call)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(everything(error as ApiError)).not.toContain(API_KEY);
    expect((error as ApiError).message).toBe(
      '403 GET /ordinals/v1/brc-20/tokens/ordi: invalid api key [redacted] (the API key was rejected: check the apiKey option)',
    );
    // Sent as given all the same.
    expect(String(server.received[0]?.headers[header])).toContain(API_KEY);
  });

  it('keeps a call header key out of the ConnectionError of a refused connection', async () => {
    const error = await createClient({ baseUrl: closedPortUrl, retry: false })
      .getBrc20Token(API_KEY, { headers: { 'x-api-key': API_KEY } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    for (const text of Object.values(channels(error as Error))) expect(text).not.toContain(API_KEY);
  });
});
