// biome-ignore-all lint: measurement code, not product code.
// Checks that the independent floor (independent.ts) keeps the default guarantees it is priced for, so its size is
// the size of those guarantees: retries with Retry-After (seconds, HTTP date, capped), the per-attempt timeout, the
// deadline, the caller's signal, the byte bound with and without Content-Length, credentials dropped on a
// cross-origin redirect, control characters escaped, credentials redacted, option checks, deprecation warnings.
// An in-memory fetch passed as `fetch`, and a fake clock (setTimeout, clearTimeout, Date.now) moved by hand
// (check-harness.ts): no network, no waiting. Run from bench/: `npx tsx floor/independent-check.ts` (exits non-zero when a check fails).
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import {
  advance,
  failure,
  flush,
  hanging,
  json,
  ok,
  runCases,
  served,
  TOKEN,
  test,
  thrown,
  timers,
  track,
} from './check-harness.js';

// FLOOR_CORE names another build of the core (a variant with a behaviour cut out must fail here).
const floor: typeof import('./independent.js') = await import(process.env.FLOOR_CORE ?? './independent.js');

const {
  AbortError,
  ApiError,
  BlockindexError,
  ConnectionError,
  createCore,
  getBrc20Token,
  NotFoundError,
  RateLimitError,
  RedirectError,
  ResponseParseError,
  ResponseTooLargeError,
  ServerError,
  TimeoutError,
} = floor;

test('waits exactly the seconds Retry-After names on a 429, then succeeds', async () => {
  const s = served((_r, n) =>
    n === 1 ? json({ error: 'slow down' }, { status: 429, headers: { 'retry-after': '3' } }) : json(TOKEN),
  );
  const call = track(getBrc20Token(createCore({ fetch: s.fetch }), 'ordi'));
  await advance(2999);
  assert.equal(s.requests.length, 1);
  await advance(1);
  assert.equal(s.requests.length, 2);
  await advance(0);
  assert.deepEqual(call.value, TOKEN);
});

test('waits until the HTTP date Retry-After names on a 503', async () => {
  const s = served((_r, n) =>
    n === 1
      ? new Response(null, { status: 503, headers: { 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' } })
      : json(TOKEN),
  );
  const call = track(getBrc20Token(createCore({ fetch: s.fetch }), 'ordi'));
  await advance(4999);
  assert.equal(s.requests.length, 1);
  await advance(1);
  assert.deepEqual(call.value, TOKEN);
});

test('gives up at once when Retry-After passes maxRetryAfterMs (default 60 s, or the option)', async () => {
  const s = served(() => new Response(null, { status: 429, headers: { 'retry-after': '120' } }));
  const error = await failure(getBrc20Token(createCore({ fetch: s.fetch }), 'ordi'));
  ok(error instanceof RateLimitError && error instanceof ApiError);
  assert.equal(error.retryAfterMs, 120_000);
  assert.equal(s.requests.length, 1);
  const t = served(() => new Response(null, { status: 429, headers: { 'retry-after': '3' } }));
  await failure(getBrc20Token(createCore({ fetch: t.fetch, retry: { maxRetryAfterMs: 2000 } }), 'ordi'));
  assert.equal(t.requests.length, 1);
  // A date past the cap too.
  const u = served(
    () => new Response(null, { status: 503, headers: { 'retry-after': 'Fri, 02 Jan 2026 00:00:00 GMT' } }),
  );
  ok((await failure(getBrc20Token(createCore({ fetch: u.fetch }), 'ordi'))) instanceof ServerError);
  assert.equal(u.requests.length, 1);
});

test('backs off 500 then 1000 ms on 5xx, twice, then throws ServerError naming the request', async () => {
  const s = served(() => json({ statusCode: 503, error: 'x', message: 'busy' }, { status: 503 }));
  const call = track(getBrc20Token(createCore({ fetch: s.fetch }), 'ordi'));
  await advance(499);
  assert.equal(s.requests.length, 1);
  await advance(1);
  assert.equal(s.requests.length, 2);
  await advance(999);
  assert.equal(s.requests.length, 2);
  await advance(1);
  assert.equal(s.requests.length, 3);
  ok(call.error instanceof ServerError);
  assert.equal(call.error.message, '503 GET /ordinals/v1/brc-20/tokens/ordi: busy');
  assert.equal(call.error.name, 'ServerError');
});

test('does not retry a 404, a parse failure or a redirect error; retries a refused connection', async () => {
  const s = served(() => json({ error: 'Not found' }, { status: 404 }));
  const error = await failure(getBrc20Token(createCore({ fetch: s.fetch }), 'zzzz'));
  ok(error instanceof NotFoundError && error instanceof ApiError && error instanceof BlockindexError);
  assert.equal(error.message, '404 GET /ordinals/v1/brc-20/tokens/zzzz: Not found');
  assert.deepEqual(
    [error.status, error.body, error.method, error.name],
    [404, { error: 'Not found' }, 'GET', 'NotFoundError'],
  );
  assert.equal(s.requests.length, 1);
  for (const [respond, reason] of [
    [() => new Response(null, { status: 200 }), 'expected a JSON body, got an empty one'],
    [() => new Response('{"a":', { status: 200 }), 'the body is not valid JSON'],
    [() => json([1]), 'expected a JSON object'],
  ] as const) {
    const p = served(respond);
    const e = await failure(getBrc20Token(createCore({ fetch: p.fetch }), 'ordi'));
    ok(e instanceof ResponseParseError);
    assert.equal(e.message, `200 GET /ordinals/v1/brc-20/tokens/ordi: ${reason}`);
    assert.equal(p.requests.length, 1);
  }
  const refused = served((_r, n) => {
    if (n === 1) throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    return json(TOKEN);
  });
  const call = track(getBrc20Token(createCore({ fetch: refused.fetch }), 'ordi'));
  await advance(500);
  assert.deepEqual(call.value, TOKEN);
  const once = served(() => {
    throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
  });
  const e = await failure(getBrc20Token(createCore({ fetch: once.fetch, retry: false }), 'ordi'));
  ok(e instanceof ConnectionError);
  assert.equal(
    e.message,
    'GET https://api.hiro.so/ordinals/v1/brc-20/tokens/ordi: fetch failed (ECONNREFUSED)',
  );
});

// --- time limits and the caller's signal ----------------------------------------------------------------------------
test('cuts an attempt at timeoutMs and retries it, with one timer per attempt', async () => {
  const s = hanging();
  const call = track(getBrc20Token(createCore({ fetch: s.fetch, timeoutMs: 1000 }), 'ordi'));
  await flush();
  assert.equal(timers.size, 1);
  await advance(999);
  assert.equal(call.settled, false);
  await advance(1 + 500 + 1000 + 1000 + 1000);
  assert.equal(s.requests.length, 3);
  ok(call.error instanceof TimeoutError && call.error instanceof ConnectionError);
  assert.equal(
    call.error.message,
    'GET https://api.hiro.so/ordinals/v1/brc-20/tokens/ordi: timed out after 1000 ms',
  );
  assert.equal(timers.size, 0);
});

test('cuts the call at deadlineMs, and starts no wait that would end past it', async () => {
  const s = hanging();
  const call = track(getBrc20Token(createCore({ fetch: s.fetch, timeoutMs: 1000, deadlineMs: 300 }), 'ordi'));
  await advance(299);
  assert.equal(call.settled, false);
  await advance(1);
  ok(call.error instanceof TimeoutError);
  assert.match(call.error.message, /: the call's deadline of 300 ms passed$/);
  assert.equal(s.requests.length, 1);
  // 503 at 0 and at 500; the next wait (1000 ms) would end at 1500, past 700: the ServerError goes out at 500.
  const t = served(() => new Response(null, { status: 503 }));
  const second = track(getBrc20Token(createCore({ fetch: t.fetch, deadlineMs: 700 }), 'ordi'));
  await advance(500);
  ok(second.error instanceof ServerError);
  assert.equal(t.requests.length, 2);
  assert.equal(timers.size, 0);
});

test('no timer at all with timeoutMs and deadlineMs 0', async () => {
  const s = hanging();
  const controller = new AbortController();
  const call = track(
    getBrc20Token(createCore({ fetch: s.fetch, timeoutMs: 0, deadlineMs: 0 }), 'ordi', {
      signal: controller.signal,
    }),
  );
  await flush();
  assert.equal(timers.size, 0);
  controller.abort();
  await flush();
  ok(call.error instanceof AbortError);
});

test('the caller’s signal: in flight, in a backoff wait, on the core, already aborted', async () => {
  const s = hanging();
  const controller = new AbortController();
  const call = track(getBrc20Token(createCore({ fetch: s.fetch }), 'ordi', { signal: controller.signal }));
  await advance(10);
  controller.abort();
  await flush();
  ok(call.error instanceof AbortError && !(call.error instanceof ConnectionError));
  assert.equal(call.error.message, 'GET https://api.hiro.so/ordinals/v1/brc-20/tokens/ordi: aborted');
  assert.equal(s.requests.length, 1);

  const t = served(() => new Response(null, { status: 503, headers: { 'retry-after': '30' } }));
  const c2 = new AbortController();
  const waiting = track(getBrc20Token(createCore({ fetch: t.fetch, signal: c2.signal }), 'ordi'));
  await advance(100);
  c2.abort();
  await flush();
  ok(waiting.error instanceof AbortError);
  assert.equal(t.requests.length, 1);
  assert.equal(timers.size, 0);

  const u = served(() => json(TOKEN));
  const c3 = new AbortController();
  c3.abort();
  ok(
    (await failure(getBrc20Token(createCore({ fetch: u.fetch }), 'ordi', { signal: c3.signal }))) instanceof
      AbortError,
  );
  assert.equal(u.requests.length, 0);
});

// --- bounded bodies ---------------------------------------------------------------------------------------------------
/** A body streamed in chunks, counting the chunks read. */
function streamed(size: number, chunk = 100) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled * chunk >= size) return controller.close();
      pulled++;
      controller.enqueue(new TextEncoder().encode('"'.padEnd(chunk, 'a')));
    },
  });
  return { body, pulled: () => pulled };
}

test('a Content-Length above maxResponseBytes fails before reading', async () => {
  const b = streamed(5000);
  const s = served(() => new Response(b.body, { headers: { 'content-length': '5000' } }));
  const error = await failure(getBrc20Token(createCore({ fetch: s.fetch, maxResponseBytes: 1000 }), 'ordi'));
  ok(error instanceof ResponseTooLargeError && error instanceof ResponseParseError);
  assert.match(error.message, /passed maxResponseBytes/);
  ok(b.pulled() <= 1, `read ${b.pulled()} chunks`);
});

test('without Content-Length the read stops once past maxResponseBytes, error bodies too', async () => {
  const b = streamed(1_000_000);
  const s = served(() => new Response(b.body));
  const error = await failure(getBrc20Token(createCore({ fetch: s.fetch, maxResponseBytes: 1000 }), 'ordi'));
  ok(error instanceof ResponseTooLargeError);
  ok(b.pulled() < 20, `read ${b.pulled()} chunks`);
  const e = served(() => new Response(streamed(1_000_000).body, { status: 404 }));
  ok(
    (await failure(getBrc20Token(createCore({ fetch: e.fetch, maxResponseBytes: 1000 }), 'ordi'))) instanceof
      ResponseTooLargeError,
  );
  // Under the bound, per call too.
  const small = served(() => json(TOKEN));
  assert.deepEqual(
    await getBrc20Token(createCore({ fetch: small.fetch, maxResponseBytes: 10 }), 'ordi', {
      maxResponseBytes: 1000,
    }),
    TOKEN,
  );
});

test('a body that breaks off is a ConnectionError saying it could not be read', async () => {
  const broken = new ReadableStream({
    start(controller) {
      controller.error(new TypeError('terminated'));
    },
  });
  const s = served(() => new Response(broken));
  const error = await failure(getBrc20Token(createCore({ fetch: s.fetch, retry: false }), 'ordi'));
  ok(error instanceof ConnectionError);
  assert.match(error.message, /could not be read/);
});

// --- redirects ----------------------------------------------------------------------------------------------------------
test('follows a redirect; another origin (https to http too) gets no credential, the same origin keeps them', async () => {
  const go = (location: string) => new Response(null, { status: 302, headers: { location } });
  for (const [to, kept] of [
    ['https://elsewhere.example/t', false],
    ['http://api.hiro.so/t', false],
    ['/moved/ordi', true],
  ] as const) {
    const s = served((_r, n) => (n === 1 ? go(to) : json(TOKEN)));
    const core = createCore({
      fetch: s.fetch,
      apiKey: 'sk-secret',
      headers: { authorization: 'Bearer tok-1', 'x-session': 's-1', 'x-plain': 'p' },
      credentialHeaders: ['X-Session'],
    });
    assert.deepEqual(await getBrc20Token(core, 'ordi'), TOKEN);
    const [first, second] = s.requests;
    assert.equal(first?.headers.get('x-api-key'), 'sk-secret');
    assert.equal(first?.redirect, 'manual');
    for (const name of ['x-api-key', 'authorization', 'x-session'])
      assert.equal(second?.headers.has(name), kept, `${to}: ${name}`);
    assert.equal(second?.headers.get('x-plain'), 'p');
  }
});

test('a redirect to a file: URL or past 20 hops is a RedirectError, not retried', async () => {
  const file = served(() => new Response(null, { status: 302, headers: { location: 'file:///etc/passwd' } }));
  const e = await failure(getBrc20Token(createCore({ fetch: file.fetch }), 'ordi'));
  ok(e instanceof RedirectError && e instanceof ConnectionError);
  assert.match(e.message, /redirected to a file: URL/);
  assert.equal(file.requests.length, 1);
  const loop = served(() => new Response(null, { status: 307, headers: { location: '/again' } }));
  const l = await failure(getBrc20Token(createCore({ fetch: loop.fetch }), 'ordi'));
  assert.match(l.message, /redirect loop: more than 20 redirects/);
  assert.equal(loop.requests.length, 21);
});

// --- messages: escaping and redaction -----------------------------------------------------------------------------------
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const hostile =
  'bad id\n2026-01-01T00:00:00Z INFO payment accepted\r\x1b[2K\x1b[32mok\x1b[0m\u009b\u2028\u202ereversed';

test('escapes control characters of server text in messages, keeping the body as sent', async () => {
  for (const body of [{ message: hostile }, { error: hostile }, hostile]) {
    const s = served(() =>
      typeof body === 'string' ? new Response(body, { status: 400 }) : json(body, { status: 400 }),
    );
    const error = await failure(getBrc20Token(createCore({ fetch: s.fetch }), 'ordi'));
    assert.doesNotMatch(error.message, UNSAFE);
    // FLOOR_TEXT_BODY=collapsed: a core that puts a plain-text body on one line (as the client's errors test pins),
    // so its whitespace runs, line breaks included, are one space before escaping.
    const flat = typeof body === 'string' && process.env.FLOOR_TEXT_BODY === 'collapsed';
    ok(
      error.message.includes(
        flat ? 'bad id 2026-01-01T00:00:00Z INFO' : 'bad id\\n2026-01-01T00:00:00Z INFO',
      ),
    );
    ok(error.message.includes('\\u001b[2K\\u001b[32mok'));
    ok(error.message.includes(flat ? '\\u009b \\u202ereversed' : '\\u009b\\u2028\\u202ereversed'));
    assert.deepEqual(error.body, body);
  }
  const thrower = served(() => {
    throw new TypeError(hostile);
  });
  const c = await failure(getBrc20Token(createCore({ fetch: thrower.fetch, retry: false }), 'ordi'));
  assert.doesNotMatch(c.message, UNSAFE);
});

test('redacts the API key and credential headers from message, url, body, headers and what console.log shows', async () => {
  const KEY = 'sk-live-7d1e0c5b2a9f';
  const s = served((_r, n) => {
    if (n === 1) throw new TypeError(`fetch failed for key ${KEY}`);
    return json(
      { statusCode: 403, error: 'Forbidden', message: `invalid API key ${KEY} or tok-9`, echo: [KEY] },
      { status: 403, headers: { 'x-echo': `key=${KEY}` } },
    );
  });
  const core = createCore({
    fetch: s.fetch,
    apiKey: KEY,
    retry: false,
    headers: { authorization: 'Bearer tok-9' },
  });
  const connection = await failure(getBrc20Token(core, KEY));
  assert.equal(
    connection.message,
    'GET https://api.hiro.so/ordinals/v1/brc-20/tokens/[redacted]: fetch failed for key [redacted]',
  );
  assert.equal(connection.url, 'https://api.hiro.so/ordinals/v1/brc-20/tokens/[redacted]');
  const api = await failure(getBrc20Token(core, 'ordi'));
  assert.equal(
    api.message,
    '403 GET /ordinals/v1/brc-20/tokens/ordi: invalid API key [redacted] or [redacted]',
  );
  assert.deepEqual(api.body.echo, ['[redacted]']);
  assert.equal(api.headers.get('x-echo'), 'key=[redacted]');
  for (const error of [connection, api])
    for (const text of [
      error.message,
      String(error),
      error.stack,
      JSON.stringify(error),
      inspect(error, { depth: 10 }),
    ])
      ok(!text.includes(KEY) && !text.includes('tok-9'), text);
  assert.equal(s.requests[1]?.headers.get('x-api-key'), KEY); // sent all the same
  ok(!inspect(core, { depth: 10 }).includes(KEY));
});

test('error messages of an empty or unrecognized body, and a long URL, stay short', async () => {
  const e = await failure(
    getBrc20Token(
      createCore({ fetch: served(() => new Response(null, { status: 502 })).fetch, retry: false }),
      'ordi',
    ),
  );
  assert.equal(e.message, '502 GET /ordinals/v1/brc-20/tokens/ordi: Server error (empty body)');
  const u = await failure(
    getBrc20Token(
      createCore({ fetch: served(() => json({ statusCode: 499 }, { status: 499 })).fetch }),
      'ordi',
    ),
  );
  assert.equal(u.message, '499 GET /ordinals/v1/brc-20/tokens/ordi: Request failed (unrecognized body)');
  const long = await failure(
    getBrc20Token(
      createCore({ fetch: served(() => new Response('x'.repeat(5000), { status: 400 })).fetch }),
      'ordi',
    ),
  );
  ok(long.message.length <= 301);
});

// --- input and option checks ----------------------------------------------------------------------------------------------
test('unknown keys are TypeErrors naming the closest option; nothing is sent', async () => {
  for (const [options, message] of [
    [{ baseURL: 'http://127.0.0.1:1' }, 'createCore options has no option "baseURL"; did you mean baseUrl?'],
    [{ timeout: 5000 }, 'createCore options has no option "timeout"; did you mean timeoutMs?'],
    [{ retries: 3 }, 'createCore options has no option "retries"; did you mean retry?'],
    [{ apikey: 'sk-x' }, 'createCore options has no option "apikey"; did you mean apiKey?'],
    [{ zzz: 1 }, 'createCore options has no option "zzz"'],
    [{ retry: { retries: 3 } }, 'createCore options.retry has no option "retries"; did you mean maxRetries?'],
  ] as const) {
    const error = thrown(() => createCore(options as never));
    ok(error instanceof TypeError);
    assert.equal(error.message, message);
  }
  const s = served(() => json(TOKEN));
  const core = createCore({ fetch: s.fetch });
  for (const [options, message] of [
    [{ timeout: 1 }, 'options has no option "timeout"; did you mean timeoutMs?'],
    [{ retries: 1 }, 'options has no option "retries"; did you mean retry?'],
    [{ signal: {} }, 'options.signal must be an AbortSignal; got an object'],
  ] as const) {
    const error = await failure(getBrc20Token(core, 'ordi', options as never));
    ok(error instanceof TypeError);
    assert.equal(error.message, message);
  }
  assert.equal(s.requests.length, 0);
});

test('options of the wrong kind fail at creation naming the option, never a credential', () => {
  const SECRET = 'sk-do-not-show-7f3a';
  for (const [name, value, message] of [
    ['signal', {}, 'signal must be an AbortSignal; got an object'],
    ['signal', 5, 'signal must be an AbortSignal; got 5'],
    ['fetch', {}, 'fetch must be a function; got an object'],
    ['credentialHeaders', 'x-session', 'credentialHeaders must be an array of header names; got "x-session"'],
    ['credentialHeaders', [1], 'credentialHeaders[0] must be a header name; got 1'],
    ['timeoutMs', '10', 'timeoutMs must be a number; got "10"'],
    ['onWarning', 5, 'onWarning must be a function; got 5'],
  ] as const) {
    const error = thrown(() =>
      createCore({ headers: { 'x-session': SECRET }, apiKey: SECRET, [name]: value } as never),
    );
    ok(error instanceof TypeError, message);
    assert.equal(error.message, `createCore options.${message}`);
  }
  ok(thrown(() => createCore({ deadlineMs: -1 })) instanceof RangeError);
  const header = thrown(() => createCore({ headers: { 'x-token': `${SECRET}\nx` } }));
  ok(header instanceof TypeError && header.message.includes('x-token') && !header.message.includes(SECRET));
  const key = thrown(() => createCore({ apiKey: `${SECRET}\nx` }));
  ok(key instanceof TypeError && key.message.includes('apiKey') && !key.message.includes(SECRET));
  ok(thrown(() => createCore({ baseUrl: '/relative' })) instanceof TypeError);
  ok(thrown(() => createCore({ baseUrl: 'ftp://x' })) instanceof TypeError);
  // An AbortSignal of another realm, by shape.
  const signal = Object.assign(new EventTarget(), { aborted: false });
  createCore({ signal } as never);
  createCore({ rateLimit: false });
});

test('path parameters: refused when empty or not well-formed, dots encoded', async () => {
  const s = served(() => json(TOKEN));
  const core = createCore({ fetch: s.fetch });
  ok((await failure(getBrc20Token(core, ''))) instanceof TypeError);
  assert.match((await failure(getBrc20Token(core, '\ud800'))).message, /ticker is not well-formed Unicode/);
  assert.equal(s.requests.length, 0);
  await getBrc20Token(core, '..');
  await getBrc20Token(core, 'a/b');
  assert.equal(s.requests[0]?.url, 'https://api.hiro.so/ordinals/v1/brc-20/tokens/%252E%252E');
  assert.equal(s.requests[1]?.url, 'https://api.hiro.so/ordinals/v1/brc-20/tokens/a%2Fb');
  ok((await failure(getBrc20Token({} as never, 'ordi'))) instanceof TypeError);
});

// --- deprecation warnings ----------------------------------------------------------------------------------------------------
test('a Warning header reaches onWarning once per operation; the console once per process, escaped, not under test', async () => {
  const warning = '299 - "Deprecated\x1b[2K"';
  const s = served(() => json(TOKEN, { headers: { warning } }));
  const seen: unknown[] = [];
  const core = createCore({ fetch: s.fetch, onWarning: (w) => seen.push(w) });
  for (let i = 0; i < 3; i++) await getBrc20Token(core, 'ordi');
  assert.deepEqual(seen, [
    {
      operation: 'getBrc20Token',
      warning,
      replacement: undefined,
      url: 'https://api.hiro.so/ordinals/v1/brc-20/tokens/ordi',
    },
  ]);
  const lines: unknown[][] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => lines.push(args);
  const env = process.env.NODE_ENV;
  try {
    process.env.NODE_ENV = 'test';
    await getBrc20Token(createCore({ fetch: s.fetch }), 'ordi');
    assert.equal(lines.length, 0);
    process.env.NODE_ENV = 'production';
    for (let i = 0; i < 2; i++) await getBrc20Token(createCore({ fetch: s.fetch }), 'ordi');
  } finally {
    console.warn = warn;
    process.env.NODE_ENV = env;
  }
  assert.deepEqual(lines, [
    ['[@blockindex/client] getBrc20Token: the API sent Warning: 299 - "Deprecated\\u001b[2K"'],
  ]);
});

test('error classes carry their names and the documented hierarchy', () => {
  const pairs = [
    [floor.BadRequestError, ApiError],
    [floor.UnauthorizedError, ApiError],
    [floor.ForbiddenError, ApiError],
    [NotFoundError, ApiError],
    [floor.GoneError, ApiError],
    [RateLimitError, ApiError],
    [ServerError, ApiError],
    [ApiError, BlockindexError],
    [ConnectionError, BlockindexError],
    [RedirectError, ConnectionError],
    [TimeoutError, ConnectionError],
    [AbortError, BlockindexError],
    [ResponseParseError, BlockindexError],
    [ResponseTooLargeError, ResponseParseError],
    [BlockindexError, Error],
  ] as const;
  for (const [C, parent] of pairs) {
    const e = new (C as any)('m');
    ok(e instanceof parent, C.name);
    assert.equal(e.name, C.name);
  }
  assert.equal(NotFoundError.name, 'NotFoundError');
});

await runCases();
