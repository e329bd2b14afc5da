// Differential test: the client's one request path (`request` through a core) against real openapi-fetch 0.17 on the
// same inputs. Both run with a recording fetch; the URL, headers, hook order and outcome must be the same, except where
// a difference is deliberate (listed at the end, each asserted as it is). openapi-fetch's outcome is read as the client
// reports it: `{ data }` is the resolved body, `{ error }` an ApiError with that body ('' meaning none), a thrown
// SyntaxError on a 2xx a ResponseParseError, a failed fetch nobody recovers a ConnectionError.
import createClient, { type Middleware } from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { createCore, request } from '../../src/core.js';
import { ApiError, ConnectionError, ResponseParseError } from '../../src/errors.js';
import { middleware } from '../../src/guards.js';
import { serializeQuery } from '../../src/internal/http.js';
import { getBrc20Token } from '../../src/operations.js';
import type { Middleware as ClientMiddleware } from '../../src/options.js';

const BASE = 'https://api.example.test';

interface Seen {
  url: string;
  method: string;
  headers: [string, string][];
}

type Responder = (request: Request) => Response | Promise<Response>;

interface Input {
  path: string;
  params: { path?: Record<string, unknown>; query?: Record<string, unknown> };
  fixed?: Record<string, string>;
  headers?: Headers | Record<string, string | undefined>;
  middleware?: (log: string[]) => Middleware[];
  respond?: Responder;
  /** Ours through `getBrc20Token(core, params.path.ticker)` (the operation's row checks it) rather than raw `request`. */
  operation?: boolean;
}

interface Outcome {
  seen: Seen[];
  log: string[];
  result?: { data?: unknown; error?: unknown; status: number; body?: 'used' | 'unused' };
  thrown?: unknown;
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
  });

function recorder(respond: Responder, seen: Seen[]) {
  return async (request: Request) => {
    seen.push({ url: request.url, method: request.method, headers: [...request.headers] });
    return respond(request);
  };
}

async function run(
  input: Input,
  call: (fetch: (request: Request) => Promise<Response>, middleware: Middleware[]) => Promise<unknown>,
): Promise<Outcome> {
  const seen: Seen[] = [];
  const log: string[] = [];
  const fetch = recorder(input.respond ?? (() => json({ ok: true })), seen);
  try {
    const raw = (await call(fetch, input.middleware?.(log) ?? [])) as {
      data?: unknown;
      error?: unknown;
      response: Response;
    };
    if ('error' in raw) {
      // What the client makes of it: an ApiError carrying the body (none when openapi-fetch read '').
      return {
        seen,
        log,
        result: { error: raw.error === '' ? undefined : raw.error, status: raw.response.status },
      };
    }
    const result: NonNullable<Outcome['result']> = {
      status: raw.response.status,
      body: raw.response.bodyUsed ? 'used' : 'unused',
    };
    if ('data' in raw) result.data = raw.data;
    return { seen, log, result };
  } catch (thrown) {
    if (thrown instanceof ApiError) {
      return { seen, log, result: { error: thrown.body, status: thrown.status } };
    }
    return { seen, log, thrown };
  }
}

/** A parse failure as the comparison sees it: its class and what kind of body caused it. */
const parseFailure = (empty: boolean) =>
  new ResponseParseError({
    status: 200,
    headers: new Headers(),
    method: 'GET',
    url: BASE,
    reason: empty ? 'expected a JSON body, got an empty one' : 'the body is not valid JSON',
  });

/** The same input through openapi-fetch and through ours. */
async function both(input: Input): Promise<{ theirs: Outcome; ours: Outcome }> {
  const theirs = await run(input, async (fetch, middleware) => {
    const client = createClient<Record<string, never>>({ baseUrl: BASE, headers: input.fixed ?? {}, fetch });
    client.use(...middleware);
    const init = { params: input.params, redirect: 'manual' as const, headers: input.headers ?? {} };
    let raw: { data?: unknown; response: Response };
    try {
      raw = await (client.GET as (path: string, init: unknown) => Promise<typeof raw>)(input.path, init);
    } catch (error) {
      // The client's name for the same failure.
      if (error instanceof SyntaxError) throw parseFailure(false);
      if (error instanceof TypeError && error.message === 'fetch failed') {
        throw new ConnectionError(`GET ${BASE}: fetch failed`);
      }
      throw error;
    }
    if ('data' in raw && raw.data === undefined) throw parseFailure(true);
    return raw;
  });
  const ours = await run(input, async (fetch, list) => {
    const guards = list.length > 0 ? [middleware(...(list as ClientMiddleware[]))] : [];
    const core = createCore({ baseUrl: BASE, headers: input.fixed ?? {}, fetch, guards, retry: false });
    const options = input.headers === undefined ? {} : { headers: input.headers };
    // A list's operation: it writes its query string (a single resource's takes none).
    const op = { id: 'test', path: input.path, shape: () => undefined, search: serializeQuery };
    try {
      if (input.operation) {
        const ticker = (input.params.path as { ticker: never }).ticker;
        return { data: await getBrc20Token(core, ticker, options), response: new Response() };
      }
      return await request(core, op, () => input.params.path ?? {}, input.params.query, options);
    } catch (error) {
      // Same class and kind of message: the client's also names the request.
      if (error instanceof ResponseParseError) throw parseFailure(error.message.includes('empty one'));
      if (error instanceof ConnectionError && /fetch failed$/.test(error.message)) {
        throw new ConnectionError(`GET ${BASE}: fetch failed`);
      }
      throw error;
    }
  });
  return { theirs, ours };
}

/** Middleware that logs each hook under `name`, optionally replacing what it is given. */
function logging(name: string, log: string[], replace: Partial<Middleware> = {}): Middleware {
  return {
    onRequest: async (params) => {
      log.push(`${name}.onRequest ${params.schemaPath} ${params.request.url}`);
      return replace.onRequest?.(params as never);
    },
    onResponse: async (params) => {
      log.push(`${name}.onResponse ${params.response.status}`);
      return replace.onResponse?.(params as never);
    },
    onError: async (params) => {
      log.push(`${name}.onError ${(params.error as Error).message}`);
      return replace.onError?.(params as never);
    },
  };
}

const TOKEN = '/ordinals/v1/brc-20/tokens/{ticker}';
const LIST = '/extended/v2/addresses/{address}/transactions';

const SAME: [string, Input][] = [
  ['a plain path parameter', { path: TOKEN, params: { path: { ticker: 'ordi' } } }],
  [
    'path characters that must be escaped',
    { path: TOKEN, params: { path: { ticker: 'a b/c?d#e%f&g=h+i' } } },
  ],
  ['non-ASCII path characters', { path: TOKEN, params: { path: { ticker: 'sats€😀ü' } } }],
  [
    'a numeric path parameter',
    { path: '/extended/v1/block/by_burn_block_height/{h}', params: { path: { h: 0 } } },
  ],
  [
    'query scalars, exploded arrays, skipped undefined and null',
    {
      path: LIST,
      params: {
        path: { address: 'SP1' },
        query: {
          limit: 20,
          offset: 0,
          unanchored: true,
          type: ['a', 'b c', 'd&e'],
          empty: [],
          none: undefined,
          nil: null,
        },
      },
    },
  ],
  [
    'fixed headers merged with per-call headers (a record, later wins, undefined skipped)',
    {
      path: TOKEN,
      params: { path: { ticker: 'ordi' } },
      fixed: { 'x-api-key': 'k1', accept: 'application/json' },
      headers: { 'X-API-Key': 'k2', 'x-extra': 'yes', 'x-skipped': undefined },
    },
  ],
  [
    'fixed headers alone',
    {
      path: TOKEN,
      params: { path: { ticker: 'ordi' } },
      fixed: { 'x-api-key': 'k1', authorization: 'Bearer a' },
    },
  ],
  [
    'per-call headers as a Headers object',
    {
      path: TOKEN,
      params: { path: { ticker: 'ordi' } },
      fixed: { authorization: 'Bearer a' },
      headers: new Headers({ authorization: 'Bearer b', 'x-trace': '1' }),
    },
  ],
  [
    'a JSON 200',
    { path: TOKEN, params: { path: { ticker: 'ordi' } }, respond: () => json({ token: { ticker: 'ordi' } }) },
  ],
  [
    'a JSON 200 without Content-Length (streamed)',
    {
      path: TOKEN,
      params: { path: { ticker: 'ordi' } },
      respond: () => new Response(new Blob(['{"a":[1,2]}']).stream(), { status: 200 }),
    },
  ],
  [
    'an empty 200 without Content-Length',
    {
      path: TOKEN,
      params: { path: { ticker: 'ordi' } },
      respond: () => new Response(new Blob([]).stream(), { status: 200 }),
    },
  ],
  [
    'a 204',
    { path: TOKEN, params: { path: { ticker: 'ordi' } }, respond: () => new Response(null, { status: 204 }) },
  ],
  [
    'a 200 with Content-Length 0',
    {
      path: TOKEN,
      params: { path: { ticker: 'ordi' } },
      respond: () => new Response('', { status: 200, headers: { 'content-length': '0' } }),
    },
  ],
  [
    'a 404 with Content-Length 0',
    {
      path: TOKEN,
      params: { path: { ticker: 'ordi' } },
      respond: () => new Response('', { status: 404, headers: { 'content-length': '0' } }),
    },
  ],
  [
    'a JSON error body',
    {
      path: TOKEN,
      params: { path: { ticker: 'ordi' } },
      respond: () => json({ error: 'Not found', message: 'no token' }, { status: 404 }),
    },
  ],
  [
    'a non-JSON error body',
    {
      path: TOKEN,
      params: { path: { ticker: 'ordi' } },
      respond: () => new Response('<html>Bad gateway</html>', { status: 502 }),
    },
  ],
  [
    'an empty error body',
    { path: TOKEN, params: { path: { ticker: 'ordi' } }, respond: () => new Response(null, { status: 500 }) },
  ],
  [
    'a 2xx body that is not JSON (the parser error propagates)',
    {
      path: TOKEN,
      params: { path: { ticker: 'ordi' } },
      respond: () => new Response('not json', { status: 200 }),
    },
  ],
  [
    'middleware hooks in order: onRequest first to last, onResponse last to first',
    {
      path: TOKEN,
      params: { path: { ticker: 'ordi' } },
      middleware: (log) => [logging('a', log), logging('b', log)],
    },
  ],
  [
    'onRequest replacing the request, onResponse replacing the response',
    {
      path: TOKEN,
      params: { path: { ticker: 'ordi' } },
      middleware: (log) => [
        logging('a', log, {
          onRequest: ({ request }) => {
            const headers = new Headers(request.headers);
            headers.set('x-added', '1');
            return new Request(`${request.url}?via=a`, { headers });
          },
        }),
        logging('b', log, { onResponse: () => json({ replaced: true }) }),
      ],
    },
  ],
  [
    'onRequest answering with a Response: nothing is fetched, and no onResponse runs',
    {
      path: TOKEN,
      params: { path: { ticker: 'ordi' } },
      middleware: (log) => [
        logging('a', log),
        logging('b', log, { onRequest: () => json({ cached: true }) }),
        logging('c', log),
      ],
    },
  ],
  [
    'a failed fetch: onError last to first, an Error replaced, then a Response recovering',
    {
      path: TOKEN,
      params: { path: { ticker: 'ordi' } },
      respond: () => {
        throw new TypeError('fetch failed');
      },
      middleware: (log) => [
        logging('a', log, { onError: () => json({ recovered: true }) }),
        logging('b', log, { onError: () => new Error('replaced') }),
      ],
    },
  ],
  [
    'a failed fetch no middleware recovers: the last error is thrown',
    {
      path: TOKEN,
      params: { path: { ticker: 'ordi' } },
      respond: () => {
        throw new TypeError('fetch failed');
      },
      middleware: (log) => [logging('a', log, { onError: () => new Error('replaced') }), logging('b', log)],
    },
  ],
  [
    'a hook returning something else is refused with openapi-fetch’s message',
    {
      path: TOKEN,
      params: { path: { ticker: 'ordi' } },
      middleware: (log) => [logging('a', log, { onResponse: () => 'nope' as never })],
    },
  ],
];

describe('request against openapi-fetch 0.17', () => {
  it.each(SAME)('gives the same URL, headers, hook order and result: %s', async (_name, input) => {
    const { theirs, ours } = await both(input);
    expect(theirs.thrown === undefined || theirs.thrown instanceof Error).toBe(true);
    expect(ours.seen).toStrictEqual(theirs.seen);
    expect(ours.log).toStrictEqual(theirs.log);
    expect(ours.result).toStrictEqual(theirs.result);
    expect(String(ours.thrown)).toBe(String(theirs.thrown));
    if (theirs.thrown !== undefined) expect(ours.thrown).toBeInstanceOf((theirs.thrown as Error).constructor);
  });

  it('sends every case at most once, and at least one case per kind of outcome', async () => {
    const outcomes = await Promise.all(SAME.map(([, input]) => both(input)));
    for (const { ours } of outcomes) expect(ours.seen.length).toBeLessThanOrEqual(1);
    const kinds = new Set(
      outcomes.map(({ ours }) => (ours.thrown ? 'thrown' : 'data' in (ours.result ?? {}) ? 'data' : 'error')),
    );
    expect(kinds).toStrictEqual(new Set(['thrown', 'data', 'error']));
  });
});

describe('request: deliberate differences from openapi-fetch', () => {
  it.each([
    ['.', '%252E'],
    ['..', '%252E%252E'],
  ])(
    'keeps the dot segment %s in its route as %s, where openapi-fetch sends it raw and the URL resolves it away',
    async (dot, escaped) => {
      const { theirs, ours } = await both({ path: TOKEN, params: { path: { ticker: dot } } });
      // The URL parser resolves `.`, `..` and their `%2E` spellings alike: only a doubly escaped dot stays a segment.
      expect(ours.seen[0]?.url).toBe(`${BASE}/ordinals/v1/brc-20/tokens/${escaped}`);
      // openapi-fetch's URL names another route: `tokens/.` is `tokens/`, `tokens/..` is `brc-20/`.
      expect(theirs.seen[0]?.url).toBe(
        dot === '.' ? `${BASE}/ordinals/v1/brc-20/tokens/` : `${BASE}/ordinals/v1/brc-20/`,
      );
    },
  );

  // Path parameters are checked by the operation's row (`params`), before `request` builds the URL: ours goes through
  // getBrc20Token, whose row checks the ticker, where openapi-fetch takes the same path parameters raw.
  it('refuses a lone surrogate with a TypeError naming the parameter, where openapi-fetch throws a URIError', async () => {
    const { theirs, ours } = await both({
      path: TOKEN,
      params: { path: { ticker: 'a\uD800' } },
      operation: true,
    });
    expect(theirs.thrown).toBeInstanceOf(URIError);
    expect(ours.thrown).toBeInstanceOf(TypeError);
    expect(String(ours.thrown)).toContain('ticker is not well-formed Unicode');
    expect(ours.seen).toStrictEqual([]);
  });

  it.each([
    ['missing', {}, 'ticker must be a non-empty string; got undefined'],
    ['empty', { ticker: '' }, 'ticker must be a non-empty string; got ""'],
    ['an object', { ticker: { a: 1 } }, 'ticker must be a non-empty string; got an object'],
  ])('refuses a path parameter that is %s, which openapi-fetch would send', async (_what, path, message) => {
    const { theirs, ours } = await both({ path: TOKEN, params: { path }, operation: true });
    expect(theirs.seen).toHaveLength(1);
    expect(ours.thrown).toBeInstanceOf(TypeError);
    expect((ours.thrown as Error).message).toBe(message);
    expect(ours.seen).toStrictEqual([]);
  });

  it('refuses an object query value, which openapi-fetch sends as a deepObject', async () => {
    const { theirs, ours } = await both({
      path: LIST,
      params: { path: { address: 'SP1' }, query: { o: { a: 1 } } },
    });
    expect(theirs.seen[0]?.url).toBe(`${BASE}/extended/v2/addresses/SP1/transactions?o[a]=1`);
    expect(ours.thrown).toBeInstanceOf(TypeError);
    expect(ours.seen).toStrictEqual([]);
  });
});
