// biome-ignore-all lint: measurement check, not product code.
// Runs the floor core (core.ts) as it is and with its messages shortened (messages.ts) through the cases the client
// tests pin, with the assertions those tests make (copied: file:line beside each). A case marked `post` is pinned
// only by a test written after issue 31 was filed, so the pre-issue variant need not pass it. Exits 1 on a miss.
// Run from bench/: `npx tsx floor/check-messages.ts`. Lines a floor core cannot reach in the one-call app
// (path parameter checks behind the ticker check, long-URL clipping) are not covered here.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { worded } from './messages.js';

const here = new URL('.', import.meta.url).pathname;
const source = readFileSync(join(here, 'core.ts'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'floor-check-'));
const variants = {
  today: source,
  pinned: worded(source, (m) => m.pinned),
  preIssue: worded(source, (m) => m.preIssue),
};

type Want = RegExp | string | ((message: string) => boolean);
interface Case {
  name: string;
  post?: boolean;
  want: Want;
  run: (core: any) => unknown;
}
const URL_ = 'https://api.hiro.so';
const TOKEN_PATH = '/ordinals/v1/brc-20/tokens/ordi';
const reply =
  (...responses: (() => Response)[]) =>
  async () =>
    (responses.length > 1 ? responses.shift()! : responses[0]!)();
// Nothing here may reach the network: a case that gives no fetch gets one that refuses.
const offline = async () => {
  throw new Error('this case must not fetch');
};
const call = (c: any, options: any, ...ticker: any[]) =>
  c.getBrc20Token(
    c.createCore({ retry: false, fetch: offline, ...options }),
    ticker.length ? ticker[0] : 'ordi',
  );
const hang = async (request: Request) =>
  new Promise<Response>((_, no) => request.signal.addEventListener('abort', () => no(request.signal.reason)));

const cases: Case[] = [
  // base-urls.test.ts:17-24, :30
  { name: 'baseUrl empty', want: /empty value/, run: (c) => c.createCore({ baseUrl: '' }) },
  {
    name: 'baseUrl relative',
    want: /absolute http\(s\) URL.*"\/extended"/,
    run: (c) => c.createCore({ baseUrl: '/extended' }),
  },
  { name: 'baseUrl ftp', want: /http or https/, run: (c) => c.createCore({ baseUrl: 'ftp://api.hiro.so' }) },
  {
    name: 'baseUrl query',
    want: /query string/,
    run: (c) => c.createCore({ baseUrl: 'https://api.hiro.so?x=1' }),
  },
  {
    name: 'baseUrl credentials, not echoed',
    want: (m) => /credentials/.test(m) && !m.includes('hunter2'),
    run: (c) => c.createCore({ baseUrl: 'https://user:hunter2@api.hiro.so' }),
  },
  // core.test.ts:114, :124, :130; hostile-server.test.ts:608-612
  {
    name: 'rateLimit true',
    want: /rateLimit must be a pacer from createPacer/,
    run: (c) => c.createCore({ rateLimit: true }),
  },
  {
    name: 'onWarning 5',
    want: /^createCore options\.onWarning must be a function; got 5$/,
    run: (c) => c.createCore({ onWarning: 5 }),
  },
  {
    name: 'timeoutMs "10"',
    want: /^createCore options\.timeoutMs must be a number; got "10"$/,
    run: (c) => c.createCore({ timeoutMs: '10' }),
  },
  {
    name: 'retry.maxRetries 1.5',
    want: /retry\.maxRetries must be an integer; got 1\.5/,
    run: (c) => c.createCore({ retry: { maxRetries: 1.5 } }),
  },
  {
    name: 'timeoutMs -1',
    want: /timeoutMs must be at least 0; got -1/,
    run: (c) => c.createCore({ timeoutMs: -1 }),
  },
  {
    name: 'maxResponseBytes 0',
    want: /maxResponseBytes must be at least 1; got 0/,
    run: (c) => c.createCore({ maxResponseBytes: 0 }),
  },
  // user-input.test.ts:71-74, :90-94, :128-132 (issue 31, item 7)
  {
    name: 'unknown option timeout',
    post: true,
    want: 'createCore options has no option "timeout"; did you mean timeoutMs?',
    run: (c) => c.createCore({ timeout: 5000 }),
  },
  {
    name: 'unknown per-call option retries',
    post: true,
    want: 'options has no option "retries"; did you mean retry?',
    run: (c) => c.getBrc20Token(c.createCore({ fetch: offline }), 'ordi', { retries: 1 }),
  },
  {
    name: 'signal {}',
    post: true,
    want: 'createCore options.signal must be an AbortSignal; got an object',
    run: (c) => c.createCore({ signal: {} }),
  },
  {
    name: 'fetch {}',
    post: true,
    want: 'createCore options.fetch must be a function; got an object',
    run: (c) => c.createCore({ fetch: {} }),
  },
  {
    name: 'credentialHeaders string',
    post: true,
    want: 'createCore options.credentialHeaders must be an array of header names; got "x-session"',
    run: (c) => c.createCore({ credentialHeaders: 'x-session' }),
  },
  {
    name: 'credentialHeaders [1]',
    post: true,
    want: 'createCore options.credentialHeaders[0] must be a header name; got 1',
    run: (c) => c.createCore({ credentialHeaders: [1] }),
  },
  // internal/header-checks.test.ts:78-86 (issue 31, item 3), :92
  {
    name: 'header value with a line break',
    post: true,
    want: (m) =>
      m.includes('headers: "authorization" is not a valid header name or value (the value is not shown)') &&
      !m.includes('sk-secret'),
    run: (c) => c.createCore({ headers: { authorization: 'Bearer sk-secret\r\nX-Injected: 1' } }),
  },
  {
    name: 'apiKey a number',
    want: /apiKey must be a string; got number/,
    run: (c) => c.createCore({ apiKey: 12345 }),
  },
  // errors.test.ts:104-143 (the default core has no status phrases: its fallbacks are what 499 and 599 show)
  {
    name: '499, empty body',
    want: `499 GET ${TOKEN_PATH}: Request failed (empty body)`,
    run: (c) => call(c, { fetch: reply(() => new Response(null, { status: 499 })) }),
  },
  {
    name: '599, empty body',
    want: `599 GET ${TOKEN_PATH}: Server error (empty body)`,
    run: (c) => call(c, { fetch: reply(() => new Response(null, { status: 599 })) }),
  },
  {
    name: '500, JSON without message',
    want: /\(unrecognized body\)$/,
    run: (c) => call(c, { fetch: reply(() => Response.json({ statusCode: 500 }, { status: 500 })) }),
  },
  // errors.test.ts:191, transport.test.ts:360: the key never shows
  {
    name: '403 echoing the key',
    want: `403 GET ${TOKEN_PATH}: invalid API key [redacted]`,
    run: (c) =>
      call(c, {
        apiKey: 'sk-secret',
        fetch: reply(() => Response.json({ message: 'invalid API key sk-secret' }, { status: 403 })),
      }),
  },
  // transport.test.ts:38, :87, :206, :213-218; fault-injection.test.ts:182-203
  {
    name: 'connection refused',
    want: `GET ${URL_}${TOKEN_PATH}: fetch failed (ECONNREFUSED)`,
    run: (c) =>
      call(c, {
        fetch: async () => {
          throw new TypeError('fetch failed', {
            cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
          });
        },
      }),
  },
  {
    name: 'body breaks off',
    want: (m) => m.includes('could not be read'),
    run: (c) =>
      call(c, {
        fetch: reply(
          () =>
            new Response(
              new ReadableStream({
                start(controller) {
                  controller.error(new TypeError('terminated'));
                },
              }),
            ),
        ),
      }),
  },
  {
    name: 'malformed JSON',
    want: new RegExp(`^200 GET ${TOKEN_PATH.replaceAll('/', '\\/')}: the body is not valid JSON`),
    run: (c) => call(c, { fetch: reply(() => new Response('{"token":{"ticker":"ordi",')) }),
  },
  {
    name: 'empty 200',
    want: /expected a JSON body, got an empty one/,
    run: (c) => call(c, { fetch: reply(() => new Response(null, { headers: { 'content-length': '0' } })) }),
  },
  {
    name: 'JSON array',
    want: /expected a JSON object/,
    run: (c) => call(c, { fetch: reply(() => Response.json([1, 2])) }),
  },
  // hostile-server.test.ts:96-102; redirects.test.ts:55
  {
    name: 'redirect loop',
    want: /redirect loop: more than 20 redirects/,
    run: (c) =>
      call(c, { fetch: async () => new Response(null, { status: 302, headers: { location: TOKEN_PATH } }) }),
  },
  {
    name: 'redirect to ftp:',
    want: /redirected to a ftp: URL/,
    run: (c) =>
      call(c, {
        fetch: reply(() => new Response(null, { status: 302, headers: { location: 'ftp://127.0.0.1/x' } })),
      }),
  },
  {
    name: 'redirect to an invalid URL',
    want: /redirected to an invalid URL/,
    run: (c) =>
      call(c, {
        fetch: reply(() => new Response(null, { status: 302, headers: { location: 'http://[::1' } })),
      }),
  },
  // body-limit.test.ts:76-79
  {
    name: 'announced too large',
    want: /announced 5000 bytes/,
    run: (c) =>
      call(c, {
        maxResponseBytes: 1000,
        fetch: reply(() => new Response('{}', { headers: { 'content-length': '5000' } })),
      }),
  },
  {
    name: 'read too large',
    want: /passed maxResponseBytes/,
    run: (c) =>
      call(c, { maxResponseBytes: 1000, fetch: reply(() => new Response(`"${'a'.repeat(2000)}"`)) }),
  },
  // signals.test.ts:58, :69; transport.test.ts:240; hostile-server.test.ts:370 (the abort ends each: no waiting on time)
  {
    name: 'attempt timeout',
    want: `GET ${URL_}${TOKEN_PATH}: timed out after 10 ms`,
    run: (c) => call(c, { timeoutMs: 10, fetch: hang }),
  },
  {
    name: 'deadline',
    want: /deadline of 10 ms passed$/,
    run: (c) => call(c, { timeoutMs: 5000, deadlineMs: 10, fetch: hang }),
  },
  {
    name: "deadline, 'the call's'",
    post: true,
    want: /the call's deadline of 10 ms passed$/,
    run: (c) => call(c, { timeoutMs: 5000, deadlineMs: 10, fetch: hang }),
  },
  // hostile-server.test.ts:518
  {
    name: 'GoneError detail',
    want: (m) => m.includes('the operation was disabled upstream; use getX instead'),
    run: (c) => {
      throw new c.GoneError({
        status: 410,
        method: 'GET',
        url: `${URL_}${TOKEN_PATH}`,
        headers: new Headers(),
        body: { error: 'Gone' },
        replacement: 'getX',
      });
    },
  },
  // hostile-server.test.ts:562 (getBrc20Token has no replacement, so the line ends at the warning)
  {
    name: 'console Warning line',
    want: '[@blockindex/client] getBrc20Token: the API sent Warning: 299 - "Deprecated"',
    run: async (c) => {
      const { warn } = console;
      const env = process.env.NODE_ENV;
      let line = '';
      console.warn = (text: string) => {
        line = text;
      };
      process.env.NODE_ENV = 'production';
      try {
        await call(c, {
          fetch: reply(() => Response.json({ token: {} }, { headers: { warning: '299 - "Deprecated"' } })),
        });
      } finally {
        console.warn = warn;
        process.env.NODE_ENV = env;
      }
      throw new Error(line);
    },
  },
  // params.test.ts:74, :80, :140
  {
    name: 'ticker undefined',
    want: /^ticker must be a non-empty string; got undefined$/,
    run: (c) => call(c, {}, undefined),
  },
  {
    name: 'ticker lone surrogate',
    want: /^ticker is not well-formed Unicode/,
    run: (c) => call(c, {}, 'a\uD800'),
  },
  {
    name: 'not a core',
    want: /core must come from createCore\(\) or createClient\(\)/,
    run: (c) => c.getBrc20Token({ baseUrl: 'x', ordinalsBaseUrl: 'x' }, 'ordi'),
  },
];

let misses = 0;
for (const [variant, code] of Object.entries(variants)) {
  writeFileSync(join(dir, `${variant}.ts`), code);
  const core = await import(join(dir, `${variant}.ts`));
  let passed = 0;
  let skipped = 0;
  for (const c of cases) {
    if (c.post && variant === 'preIssue') {
      skipped++;
      continue;
    }
    let message = '(nothing thrown)';
    try {
      await c.run(core);
    } catch (error) {
      message = (error as Error).message;
    }
    const ok =
      typeof c.want === 'string'
        ? message === c.want
        : c.want instanceof RegExp
          ? c.want.test(message)
          : c.want(message);
    if (ok) passed++;
    else {
      misses++;
      console.log(`MISS ${variant}: ${c.name}: ${JSON.stringify(message)}`);
    }
  }
  console.log(`${variant.padEnd(9)} ${passed} passed, ${skipped} post-issue cases not required`);
}
process.exit(misses ? 1 : 0);
