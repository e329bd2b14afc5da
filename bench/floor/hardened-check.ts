// biome-ignore-all lint: measurement code, not product code.
// Checks that the hardened floor (hardened.ts) keeps what the client's tests pin for each opt-in guard, so its size is
// theirs: one or more cases per guard, taken from opt-in-guards.test.ts, guards-per-core.test.ts, header-checks,
// request (middleware against openapi-fetch), errors, hostile-server and the README's guarantees table; each also
// checks a core without the guard keeps the default. Same harness as product-check.ts (in-memory fetch, fake clock).
// The client's own guard tests that fit the floor run on it too: `hardened.vitest.config.ts`.
// Run from bench/: `npx tsx floor/hardened-check.ts`; `--cuts` also runs every case on each variant with one guard's
// region cut out and fails unless each variant fails some case.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { advance, failure, json, ok, runCases, served, TOKEN, test, thrown, track } from './check-harness.js';
import { checkCuts } from './measure-app.js';

const here = new URL('.', import.meta.url).pathname;
const corePath = process.env.FLOOR_CORE ?? join(here, 'hardened.ts');

if (process.argv.includes('--cuts')) checkCuts('hardened-check.ts', corePath);

const floor: typeof import('./hardened.js') = await import(corePath);
const { createCore, getBrc20Token, ApiError, ResponseTooLargeError, TimeoutError } = floor;
const KEY = 'sk-live-0123456789abcdef';
const text = (body: string, init: ResponseInit = {}, type = 'text/plain') =>
  new Response(body, { ...init, headers: { 'content-type': type, ...(init.headers as object) } });
/** The error of one call on a core made with `options` (retries off). */
const error = (options: object): Promise<any> =>
  failure(getBrc20Token(createCore({ retry: false, ...options } as never), 'ordi'));
const URL_PATH = '/ordinals/v1/brc-20/tokens/ordi';

test('jsonStructureLimit(): a body whose parse would take more than 1.5 × maxResponseBytes is refused; a plain one passes', async () => {
  // [{},{},...]: about 160 B per 3 text bytes once parsed (README: 8 MiB of it takes some 250 MB).
  const body = `[${Array(3000).fill('{}').join(',')}]`;
  const options = { fetch: served(() => text(body, {}, 'application/json')).fetch, maxResponseBytes: 20_000 };
  const refused = await error({ ...options, guards: [floor.jsonStructureLimit()] });
  ok(refused instanceof ResponseTooLargeError, String(refused));
  assert.match(
    refused.message,
    /^200 GET \/ordinals\/v1\/brc-20\/tokens\/ordi: .*1\.5 × maxResponseBytes \(20000 B\)/,
  );
  // Without the guard the byte bound is the only bound: the same body reaches the parser (and is not an object).
  assert.match((await error(options)).message, /expected a JSON object/);
  const guarded = createCore({
    fetch: served(() => json(TOKEN)).fetch,
    guards: [floor.jsonStructureLimit()],
  });
  assert.deepEqual(await getBrc20Token(guarded, 'ordi'), TOKEN);
  assert.equal(floor.PARSED_BUDGET_FACTOR, 1.5);
});

test('headerChecks(): says why a key or header is refused, never showing it; refuses outer whitespace in a key', () => {
  const refused = (options: object) => {
    const e = thrown(() => createCore({ guards: [floor.headerChecks()], ...options }));
    ok(e instanceof TypeError);
    const shown = `${String(e)} ${JSON.stringify(e)} ${e.stack}`;
    ok(!shown.includes(KEY), shown);
    return e.message;
  };
  assert.match(refused({ apiKey: `${KEY}\r` }), /line break/);
  assert.match(refused({ apiKey: `${KEY}\u0000` }), /NUL/);
  assert.match(refused({ apiKey: `${KEY}\tx` }), /control character/);
  assert.match(refused({ apiKey: `${KEY}\u007f` }), /control character/);
  assert.match(refused({ apiKey: `${KEY}€` }), /above U\+00FF/);
  assert.match(refused({ apiKey: ` ${KEY}` }), /whitespace/);
  assert.match(refused({ apiKey: KEY, apiKeyHeader: 'x api key' }), /apiKeyHeader must be a header name/);
  assert.match(
    refused({ headers: { authorization: `Bearer ${KEY}\r\nX-Injected: 1` } }),
    /headers: the value of "authorization" contains a line break/,
  );
  for (const key of [KEY, 'a', 'key with inner spaces', 'latin-1 ÿ é'])
    createCore({ apiKey: key, guards: [floor.headerChecks()] });
  // Without the guard a key with a stray space goes as fetch sends it (trimmed).
  createCore({ apiKey: ` ${KEY}` });
});

test('deepRedaction(): a key echoed with a \\u escape is blanked out of the parsed body; without it, it stays', async () => {
  const options = () => ({
    apiKey: 'k-secret-1',
    fetch: served(() => text('{"message":"no","echo":"\\u006b-secret-1"}', { status: 400 })).fetch,
  });
  assert.equal((await error({ ...options(), guards: [floor.deepRedaction()] })).body.echo, '[redacted]');
  assert.equal((await error(options())).body.echo, 'k-secret-1');
});

/** Middleware logging each hook under `name`, optionally answering as `replace` says. */
const logging = (name: string, log: string[], replace: any = {}) => ({
  onRequest: async (p: any) => (
    log.push(`${name}.onRequest ${p.schemaPath} ${p.request.url}`), replace.onRequest?.(p)
  ),
  onResponse: async (p: any) => (
    log.push(`${name}.onResponse ${p.response.status}`), replace.onResponse?.(p)
  ),
  onError: async (p: any) => (log.push(`${name}.onError ${p.error.message}`), replace.onError?.(p)),
});
const URL_FULL = `https://api.hiro.so${URL_PATH}`;
/** What `logging` writes for onRequest: openapi-fetch's `schemaPath`, then the URL. */
const LOGGED = `/ordinals/v1/brc-20/tokens/{ticker} ${URL_FULL}`;

test('middleware(): onRequest first to last, onResponse last to first; a Request replaces, a Response answers', async () => {
  const log: string[] = [];
  const s = served(() => json(TOKEN));
  const core = createCore({
    fetch: s.fetch,
    guards: [floor.middleware(logging('a', log), logging('b', log))],
  });
  assert.deepEqual(await getBrc20Token(core, 'ordi'), TOKEN);
  assert.deepEqual(log, [
    `a.onRequest ${LOGGED}`,
    `b.onRequest ${LOGGED}`,
    'b.onResponse 200',
    'a.onResponse 200',
  ]);
  log.length = 0;
  const replacing = floor.middleware(
    logging('a', log, {
      onRequest: ({ request }: any) => {
        const headers = new Headers(request.headers);
        headers.set('x-added', '1');
        return new Request(`${request.url}?via=a`, { headers });
      },
    }),
    logging('b', log, { onResponse: () => json({ replaced: true }) }),
  );
  const r = served(() => json(TOKEN));
  assert.deepEqual(await getBrc20Token(createCore({ fetch: r.fetch, guards: [replacing] }), 'ordi'), {
    replaced: true,
  });
  assert.equal(r.requests[0]!.headers.get('x-added'), '1');
  assert.equal(r.requests[0]!.url, `${URL_FULL}?via=a`);
  log.length = 0;
  const cached = floor.middleware(
    logging('a', log),
    logging('b', log, { onRequest: () => json({ cached: true }) }),
    logging('c', log),
  );
  const c = served(() => json(TOKEN));
  assert.deepEqual(await getBrc20Token(createCore({ fetch: c.fetch, guards: [cached] }), 'ordi'), {
    cached: true,
  });
  assert.equal(c.requests.length, 0);
  assert.deepEqual(log, [`a.onRequest ${LOGGED}`, `b.onRequest ${LOGGED}`]);
});

test('middleware(): a failed fetch runs onError last to first (an Error replaces, a Response recovers); other returns refused', async () => {
  const log: string[] = [];
  const down = () =>
    served(() => {
      throw new TypeError('fetch failed');
    }).fetch;
  const recovering = floor.middleware(
    logging('a', log, { onError: () => json({ recovered: true }) }),
    logging('b', log, { onError: () => new Error('replaced') }),
  );
  const core = createCore({ fetch: down(), retry: false, guards: [recovering] });
  assert.deepEqual(await getBrc20Token(core, 'ordi'), { recovered: true });
  assert.deepEqual(log, [
    `a.onRequest ${LOGGED}`,
    `b.onRequest ${LOGGED}`,
    'b.onError fetch failed',
    'a.onError replaced',
    'b.onResponse 200',
    'a.onResponse 200',
  ]);
  const replaced = floor.middleware(
    logging('a', [], { onError: () => new Error('replaced') }),
    logging('b', []),
  );
  assert.equal(String(await error({ fetch: down(), guards: [replaced] })), 'Error: replaced');
  const wrong = floor.middleware(logging('a', [], { onResponse: () => 'nope' }));
  assert.equal(
    String(await error({ fetch: served(() => json(TOKEN)).fetch, guards: [wrong] })),
    'Error: onResponse: must return new Response() when modifying the response',
  );
});

test('errorSummaries(): toJSON and inspect of an error with a 100,000-deep body are bounded, escaped, without the key', async () => {
  const before = await error({
    fetch: served(() => json({ message: 'x'.repeat(5000) }, { status: 400 })).fetch,
  });
  floor.errorSummaries();
  const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
  const e = await error({
    apiKey: KEY,
    maxResponseBytes: 32 * 1024 * 1024,
    fetch: served(() => text(deep, { status: 400 }, 'application/json')).fetch,
  });
  const out = JSON.stringify(e);
  ok(out.length < 3000, `${out.length}`);
  assert.deepEqual(
    { ...JSON.parse(out), body: undefined, message: undefined },
    {
      name: 'BadRequestError',
      status: 400,
      method: 'GET',
      url: URL_FULL,
      body: undefined,
      message: undefined,
    },
  );
  const shown = inspect(e);
  ok(shown.length < 6000 && !shown.includes(KEY), shown.slice(0, 200));
  // Errors made before the call are summarised too (the guard patches every error), server text escaped.
  ok(JSON.stringify(before).length < 3000);
  const hostile = 'bad id\n2026 INFO ok\r\x1b[2K\u009b\u2028\u202e';
  const connection = new floor.ConnectionError(`GET ${URL_FULL}: ${hostile}`, { cause: new Error(hostile) });
  const unsafe = /[\u0000-\u001f\u007f-\u009f\u2028\u202e]/;
  ok(!unsafe.test(JSON.stringify((connection as any).toJSON())));
  ok(JSON.parse(JSON.stringify(connection)).cause.includes('\\u001b[2K'));
});

test('statusPhrases(): a 502 with an empty body reads Bad Gateway; without it, Server error', async () => {
  const options = () => ({ fetch: served(() => new Response(null, { status: 502 })).fetch });
  assert.equal(
    (await error({ ...options(), guards: [floor.statusPhrases()] })).message,
    `502 GET ${URL_PATH}: Bad Gateway (empty body)`,
  );
  assert.equal((await error(options())).message, `502 GET ${URL_PATH}: Server error (empty body)`);
});

test('errorDetails(): requestId, code, the key hint, an HTML page named; without it none of them', async () => {
  const unauthorized = () =>
    served(() =>
      json({ message: 'bad key', code: 'E_KEY' }, { status: 401, headers: { 'x-request-id': 'req-1' } }),
    ).fetch;
  const e = await error({ fetch: unauthorized(), guards: [floor.errorDetails()] });
  assert.deepEqual(
    [e.requestId, e.code, e.message],
    ['req-1', 'E_KEY', `401 GET ${URL_PATH}: bad key (no API key was sent: pass one with the apiKey option)`],
  );
  const sent = await error({ fetch: unauthorized(), apiKey: KEY, guards: [floor.errorDetails()] });
  assert.equal(
    sent.message,
    `401 GET ${URL_PATH}: bad key (the API key was rejected: check the apiKey option)`,
  );
  const plain = await error({ fetch: unauthorized() });
  assert.deepEqual(
    [plain.requestId, plain.code, plain.message],
    [undefined, undefined, `401 GET ${URL_PATH}: bad key`],
  );
  const page = () =>
    served(() => text('<html><body>Bad Gateway</body></html>', { status: 502 }, 'text/html')).fetch;
  assert.equal(
    (await error({ fetch: page(), guards: [floor.errorDetails()] })).message,
    `502 GET ${URL_PATH}: Server error (HTML body)`,
  );
  assert.equal(
    (await error({ fetch: page() })).message,
    `502 GET ${URL_PATH}: <html><body>Bad Gateway</body></html>`,
  );
});

test('rateLimitHeaders(): waits what retry-after-ms, then (on a 429) ratelimit-reset names; without it, backs off', async () => {
  const run = async (guards: object[]) => {
    const s = served((_r, n) =>
      n === 1
        ? json({}, { status: 429, headers: { 'retry-after-ms': '5000' } })
        : n === 2
          ? json({}, { status: 429, headers: { 'ratelimit-reset': '7' } })
          : json(TOKEN),
    );
    const core = createCore({
      fetch: s.fetch,
      guards,
      retry: { initialDelayMs: 100, maxDelayMs: 100 },
    } as never);
    const call = track(getBrc20Token(core, 'ordi'));
    const at: number[] = [];
    for (let t = 0; t < 13_000 && !call.settled; t += 100) {
      await advance(100);
      if (s.requests.length > at.length + 1) at.push(t + 100);
    }
    return at;
  };
  assert.deepEqual(await run([floor.rateLimitHeaders()]), [5000, 12_000]);
  assert.deepEqual(await run([]), [100, 200]);
});

test('longTimers(): a time limit past 2^31 - 1 ms fires when it says; without it, at 2^31 - 1 ms', async () => {
  const run = async (guards: object[]) => {
    const s = served(
      (request) =>
        new Promise<Response>((_go, fail) =>
          request.signal.addEventListener('abort', () => fail(request.signal.reason)),
        ),
    );
    const core = createCore({ fetch: s.fetch, retry: false, timeoutMs: 3e9, deadlineMs: 0, guards } as never);
    const call = track(getBrc20Token(core, 'ordi'));
    await advance(2 ** 31 - 1);
    const early = call.settled;
    await advance(3e9);
    ok(call.error instanceof TimeoutError, String(call.error));
    return early;
  };
  assert.equal(await run([floor.longTimers()]), false);
  assert.equal(await run([]), true);
});

await runCases();
void ApiError;
