// biome-ignore-all lint: measurement code, not product code.
// Checks that the floor with the product's guarantees (product.ts) keeps them, so its size is theirs: first the
// independent floor's 22 cases (independent-check.ts, run on product.ts), then one case per behaviour product.ts adds,
// each taken from what the client's tests pin. Same harness (check-harness.ts): in-memory fetch, fake clock.
// Run from bench/: `npx tsx floor/product-check.ts`; `--cuts` also runs every case on each variant with one marker
// region cut out and fails unless each variant fails some case.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  track,
} from './check-harness.js';
import { cut, regions } from './measure.js';

const here = new URL('.', import.meta.url).pathname;
const corePath = process.env.FLOOR_CORE ?? join(here, 'product.ts');
const tmp = mkdtempSync(join(tmpdir(), 'floor-check-'));

if (process.argv.includes('--cuts')) {
  // Each region cut alone must make a case fail: product-check's own cases, and for the regions independent.ts
  // already had, independent-check's too.
  const source = readFileSync(corePath, 'utf8');
  let bad = 0;
  for (const name of regions(source)) {
    const file = join(tmp, `cut-${name}.ts`);
    writeFileSync(file, cut(source, name, name === 'escape' ? 's' : name === 'manual' ? "'follow'" : ''));
    const env = { ...process.env, FLOOR_CORE: file, FLOOR_TEXT_BODY: name === 'clip' ? '' : 'collapsed' };
    const own = spawnSync('npx', ['tsx', join(here, 'product-check.ts')], { env, encoding: 'utf8' });
    const inherited = spawnSync('npx', ['tsx', join(here, 'independent-check.ts')], {
      env,
      encoding: 'utf8',
    });
    const failing = (out: string) => [...out.matchAll(/^FAIL (.*)$/gm)].map((m) => m[1]);
    const fails = [...failing(own.stdout), ...failing(inherited.stdout)];
    if (!fails.length) bad++;
    console.log(
      `${fails.length ? 'ok  ' : 'MISS'} cut ${name}: ${fails.length} failing${fails.length ? ` (${fails[0]})` : ''}`,
    );
  }
  process.exit(bad ? 1 : 0);
}

const inherited = spawnSync('npx', ['tsx', join(here, 'independent-check.ts')], {
  env: { ...process.env, FLOOR_CORE: corePath, FLOOR_TEXT_BODY: 'collapsed' },
  encoding: 'utf8',
});
console.log(`independent-check on this core: ${inherited.stdout.trim().split('\n').at(-1)}`);

const floor: typeof import('./product.js') = await import(corePath);
const {
  createCore,
  getBrc20Token,
  NotFoundError,
  ApiError,
  BlockindexError,
  ServerError,
  TimeoutError,
  AbortError,
} = floor;
const loose = (o: object) => o as never;

test('ApiPromise: withResponse() gives the body and the Response; either alone reports no unhandled rejection', async () => {
  const s = served(() => json(TOKEN, { headers: { etag: '"v1"' } }));
  const { data, response } = await getBrc20Token(createCore({ fetch: s.fetch }), 'ordi').withResponse();
  assert.deepEqual(data, TOKEN);
  assert.equal(response.headers.get('etag'), '"v1"');
  const unhandled: unknown[] = [];
  const on = (e: unknown) => unhandled.push(e);
  process.on('unhandledRejection', on);
  try {
    const f = served(() => json({ error: 'Not found' }, { status: 404 }));
    const core = createCore({ fetch: f.fetch });
    ok((await failure(getBrc20Token(core, 'zzzz').withResponse())) instanceof NotFoundError);
    ok((await failure(getBrc20Token(core, 'zzzz'))) instanceof NotFoundError);
    await new Promise((go) => setImmediate(go));
    await flush();
  } finally {
    process.off('unhandledRejection', on);
  }
  assert.deepEqual(unhandled, []);
});

test('hook points: guards (header, around, body, retryAfter, timer) and a pacer are called on the default path', async () => {
  const seen: string[] = [];
  const guard = {
    header: (name: string, _v: unknown, what: string) => void seen.push(`header ${name} ${what}`),
    around: (send: any, schemaPath: string) => (r: Request) => (seen.push(`around ${schemaPath}`), send(r)),
    body: (text: string) => (seen.push('body'), text.length > 1000 ? 'too big' : undefined),
    retryAfter: (h: Headers) => (seen.push('retryAfter'), Number(h.get('x-pause')) || undefined),
    timer: (run: () => void, ms: number) => {
      seen.push(`timer ${ms}`);
      const id = setTimeout(run, ms);
      return () => clearTimeout(id);
    },
  };
  const pacer = {
    take: async () => void seen.push('take'),
    seen: (_h: Headers, status: number) => void seen.push(`seen ${status}`),
  };
  const s = served((_r, n) =>
    n === 1 ? json({}, { status: 503, headers: { 'x-pause': '700' } }) : json(TOKEN),
  );
  const core = createCore({ fetch: s.fetch, headers: { 'x-app': '1' }, guards: [guard], rateLimit: pacer });
  const call = track(getBrc20Token(core, 'ordi'));
  await advance(700);
  assert.deepEqual(call.value, TOKEN);
  for (const want of [
    'header x-app',
    'around /ordinals/v1/brc-20/tokens/{ticker}',
    'body',
    'retryAfter',
    'timer 700',
    'take',
    'seen 503',
    'seen 200',
  ])
    ok(
      seen.some((x) => x.startsWith(want)),
      `${want} not called: ${seen.join(', ')}`,
    );
  const big = served(() => json({ pad: 'x'.repeat(2000) }));
  assert.match(
    (await failure(getBrc20Token(createCore({ fetch: big.fetch, guards: [guard] }), 'ordi'))).message,
    /too big/,
  );
  // An error middleware throws reaches the caller unchanged, not retried; fetch's own still becomes a ConnectionError.
  const broke = new SyntaxError('my middleware broke');
  const m = served(() => json(TOKEN));
  const throwing = { around: () => async () => Promise.reject(broke) };
  assert.equal(
    await failure(getBrc20Token(createCore({ fetch: m.fetch, guards: [throwing] }), 'ordi')),
    broke,
  );
  const refused = async () => Promise.reject(new TypeError('fetch failed'));
  const passing = { around: (send: any) => send };
  const c = track(getBrc20Token(createCore({ fetch: refused, guards: [passing], retry: false }), 'ordi'));
  await flush();
  ok(c.error instanceof floor.ConnectionError, String(c.error));
  assert.match(
    thrown(() => createCore(loose({ rateLimit: true }))).message,
    /rateLimit must be a pacer from createPacer/,
  );
  ok(thrown(() => createCore(loose({ guards: 5 }))) instanceof TypeError);
});

test('error classes are constructible from their fields, the message made from them', () => {
  const headers = new Headers();
  const e = new (NotFoundError as any)({
    status: 404,
    method: 'GET',
    url: 'https://api.hiro.so/ordinals/v1/brc-20/tokens/zzzz?x=1',
    body: { error: 'Not found' },
    headers,
  });
  ok(e instanceof NotFoundError && e instanceof ApiError && e instanceof BlockindexError);
  assert.equal(e.message, '404 GET /ordinals/v1/brc-20/tokens/zzzz?x=1: Not found');
  assert.equal(e.status, 404);
  assert.equal(e.headers, headers);
  const s = new (ServerError as any)({
    status: 502,
    method: 'GET',
    url: 'https://api.hiro.so/a',
    body: undefined,
  });
  assert.equal(s.message, '502 GET /a: Server error (empty body)');
  const b = new (BlockindexError as any)('plain', { cause: 1 });
  assert.equal(b.message, 'plain');
  // Server text is escaped in errors built by hand too, from a reason or a message (errors.test.ts).
  const hostile = 'bad id\n2026 INFO ok\r\x1b[2K\u009b\u2028\u202ereversed';
  const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
  const parse = new (floor.ResponseParseError as any)({
    status: 200,
    headers,
    method: 'GET',
    url: 'https://api.hiro.so/a',
    reason: hostile,
  });
  const connection = new (floor.ConnectionError as any)(`GET https://api.hiro.so/a: ${hostile}`, {
    cause: new Error(hostile),
  });
  for (const x of [parse, connection]) {
    assert.doesNotMatch(x.message, UNSAFE);
    ok(x.message.includes('bad id\\n2026 INFO'), x.message);
  }
  assert.equal(parse.status, 200);
});

test('brands hold across two copies of the package: errors by instanceof, cores by the operations', async () => {
  const copy = join(tmp, 'second-copy.ts');
  writeFileSync(copy, readFileSync(corePath, 'utf8'));
  const other: typeof floor = await import(copy);
  ok(other.NotFoundError !== NotFoundError);
  const s = served(() => json({ error: 'Not found' }, { status: 404 }));
  const e = await failure(other.getBrc20Token(other.createCore({ fetch: s.fetch }), 'zzzz'));
  ok(
    e instanceof NotFoundError && e instanceof ApiError && e instanceof BlockindexError,
    'error of the other copy',
  );
  ok(!(e instanceof ServerError) && !(e instanceof TimeoutError));
  ok(!({} instanceof BlockindexError) && !(new Error('x') instanceof BlockindexError));
  const t = served(() => json(TOKEN));
  assert.deepEqual(await getBrc20Token(other.createCore({ fetch: t.fetch }), 'ordi'), TOKEN);
});

test('a caller signal passed to 40 retrying calls is listened to once, and let go after', async () => {
  const controller = new AbortController();
  const signal = controller.signal;
  let live = 0;
  let most = 0;
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  signal.addEventListener = ((type: string, f: any, o?: any) => {
    most = Math.max(most, ++live);
    add(type, f, o);
  }) as never;
  signal.removeEventListener = ((type: string, f: any, o?: any) => {
    live--;
    remove(type, f, o);
  }) as never;
  const failed = new Set<string>();
  const s = served((r) => (failed.has(r.url) ? json(TOKEN) : (failed.add(r.url), json({}, { status: 503 }))));
  const core = createCore({ fetch: s.fetch, signal, retry: { initialDelayMs: 1 } });
  const calls = Array.from({ length: 40 }, (_, i) => track(getBrc20Token(core, `t${i}`, { signal })));
  await advance(10);
  ok(
    calls.every((c) => c.settled && !c.error),
    'every call answered',
  );
  assert.equal(s.requests.length, 80);
  assert.equal(most, 1, `at most one listener at a time on the signal (saw ${most})`);
  assert.equal(live, 0);
});

test('abort reasons: a time limit aborts fetch with a TimeoutError, the caller with its own reason', async () => {
  const h = hanging();
  const call = track(getBrc20Token(createCore({ fetch: h.fetch, timeoutMs: 1000, retry: false }), 'ordi'));
  await advance(1000);
  assert.equal(h.requests[0]!.signal.reason?.name, 'TimeoutError');
  ok(call.error instanceof TimeoutError);
  const g = hanging();
  const controller = new AbortController();
  const c2 = track(getBrc20Token(createCore({ fetch: g.fetch, signal: controller.signal }), 'ordi'));
  await advance(10);
  controller.abort(new Error('stop'));
  await flush();
  assert.equal(g.requests[0]!.signal.reason?.message, 'stop');
  ok(c2.error instanceof AbortError);
});

test('base URLs: each refusal says why (tests: base-urls.test.ts)', () => {
  const msg = (baseUrl: string) => thrown(() => createCore({ baseUrl })).message as string;
  for (const [input, want] of [
    ['', /empty value/],
    ['   ', /empty value/],
    ['/extended', /absolute http\(s\) URL.*"\/extended"/],
    ['api.hiro.so', /absolute http\(s\) URL/],
    ['localhost:3999', /http or https/],
    ['ftp://api.hiro.so', /http or https/],
    ['https://api.hiro.so?x=1', /query string/],
    ['https://user:hunter2@api.hiro.so', /credentials/],
  ] as const)
    assert.match(msg(input), want, input);
  ok(!msg('https://user:hunter2@api.hiro.so').includes('hunter2'));
  assert.equal(createCore({ baseUrl: 'HTTPS://API.HIRO.SO/' }).baseUrl, 'https://api.hiro.so');
  assert.equal(createCore({ baseUrl: 'https://proxy.example/hiro/' }).baseUrl, 'https://proxy.example/hiro');
});

test('option details the tests pin: integer maxRetries, maxResponseBytes at least 1, header and key texts', () => {
  const r = thrown(() => createCore({ retry: { maxRetries: 1.5 } }));
  ok(r instanceof RangeError);
  assert.match(r.message, /retry\.maxRetries must be an integer; got 1\.5/);
  const b = thrown(() => createCore({ maxResponseBytes: 0 }));
  ok(b instanceof RangeError);
  assert.match(b.message, /maxResponseBytes must be at least 1; got 0/);
  assert.match(
    thrown(() => createCore(loose({ apiKey: 12345 }))).message,
    /apiKey must be a string; got number/,
  );
  const KEY = 'sk-do-not-show';
  const h = thrown(() =>
    createCore({ headers: { authorization: `Bearer ${KEY}\r\nX-Injected: 1` } }),
  ).message;
  ok(h.includes('headers: "authorization" is not a valid header name or value (the value is not shown)'), h);
  ok(!h.includes(KEY));
  const k = thrown(() => createCore({ apiKey: KEY, apiKeyHeader: 'x api key' })).message;
  ok(k.includes('apiKey: "x api key" is not a valid header name or value (the value is not shown)'), k);
});

test('error hook points: body redaction, status phrase, HTML named, details, API key hint', async () => {
  const guard = {
    redactBody: (body: any) => (typeof body == 'object' ? { ...body, deep: '[deep]' } : body),
    phrase: (status: number) => (status == 502 ? 'Bad Gateway' : undefined),
    html: (text: string) => text.startsWith('<'),
    details: (e: any) => void (e.requestId = e.headers.get('x-request-id')),
    hint: (status: number, sent: boolean) => (status == 401 && !sent ? 'no API key was sent' : undefined),
  };
  const make = (r: () => Response) =>
    failure(getBrc20Token(createCore({ fetch: served(r).fetch, guards: [guard], retry: false }), 'ordi'));
  const empty = await make(() => new Response('', { status: 502, headers: { 'x-request-id': 'r1' } }));
  assert.equal(empty.message, '502 GET /ordinals/v1/brc-20/tokens/ordi: Bad Gateway (empty body)');
  assert.equal(empty.requestId, 'r1');
  const page = await make(() => new Response('<html>down</html>', { status: 502 }));
  assert.equal(page.message, '502 GET /ordinals/v1/brc-20/tokens/ordi: Bad Gateway (HTML body)');
  const deep = await make(() => json({ error: 'Unauthorized' }, { status: 401 }));
  assert.equal(deep.message, '401 GET /ordinals/v1/brc-20/tokens/ordi: Unauthorized (no API key was sent)');
  assert.equal(deep.body.deep, '[deep]');
});

test('messages stay short: a long path cut, a text body on one line and cut at 200 characters', async () => {
  const long = 'x'.repeat(1500);
  const s = served(() => json({ error: 'x' }, { status: 400 }));
  const e = await failure(getBrc20Token(createCore({ fetch: s.fetch }), long));
  ok(e.message.length < 230, e.message);
  ok(e.url.length > 1000);
  const t = served(() => new Response('upstream\nreset', { status: 404 }));
  assert.equal(
    (await failure(getBrc20Token(createCore({ fetch: t.fetch }), 'ordi'))).message,
    '404 GET /ordinals/v1/brc-20/tokens/ordi: upstream reset',
  );
  const u = served(() => new Response('y'.repeat(400), { status: 404 }));
  const m = (await failure(getBrc20Token(createCore({ fetch: u.fetch }), 'ordi'))).message;
  ok(m.endsWith('y'.repeat(200) + '…'), m);
  const made = new (NotFoundError as any)({
    status: 404,
    method: 'GET',
    url: `https://a.b/${long}`,
    body: 'x',
  });
  ok(made.message.length < 230, made.message);
});

test('a core that is not one, and response headers named after a credential', async () => {
  assert.match(
    (await failure(getBrc20Token(loose({ baseUrl: 'x', ordinalsBaseUrl: 'x' }), 'ordi'))).message,
    /core must come from createCore\(\) or createClient\(\)/,
  );
  const KEY = 'sk-do-not-show';
  const s = served(() =>
    json(
      { error: 'Not found' },
      { status: 404, headers: { 'x-echo': `key=${KEY}`, [`x-${KEY}`]: '1', etag: '"a"' } },
    ),
  );
  const e = await failure(getBrc20Token(createCore({ fetch: s.fetch, apiKey: KEY }), 'zzzz'));
  assert.deepEqual(
    [...e.headers].filter(([k]: string[]) => k != 'content-type' && k != 'content-length'),
    [
      ['etag', '"a"'],
      ['x-echo', 'key=[redacted]'],
    ],
  );
});

test('a key echoed in a JSON error body as JSON spells it is redacted before the body is parsed (body-redaction.test.ts)', async () => {
  const KEY = 'sk-"quoted"\\key-0123';
  const spelled = JSON.stringify(KEY).slice(1, -1);
  const s = served(
    () => new Response(`{"message":"bad key ${spelled}","deep":{"${spelled}":true}}`, { status: 403 }),
  );
  const e = await failure(getBrc20Token(createCore({ fetch: s.fetch, apiKey: KEY }), 'ordi'));
  assert.deepEqual(e.body, { message: 'bad key [redacted]', deep: { '[redacted]': true } });
  assert.equal(e.message, '403 GET /ordinals/v1/brc-20/tokens/ordi: bad key [redacted]');
});

test('an error body nested 100,000 deep gets its ApiError (no stack overflow describing it)', async () => {
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  const s = served(() => new Response(deep, { status: 400 }));
  const e = await failure(getBrc20Token(createCore({ fetch: s.fetch, maxResponseBytes: 1 << 25 }), 'ordi'));
  assert.equal(e.message, '400 GET /ordinals/v1/brc-20/tokens/ordi: Request failed (unrecognized body)');
});

await runCases();
if (inherited.status !== 0) process.exitCode = 1;
