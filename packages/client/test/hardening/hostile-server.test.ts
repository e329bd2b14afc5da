import { inspect } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  type ApiWarning,
  ConnectionError,
  createClient,
  DEPRECATIONS,
  ForbiddenError,
  GoneError,
  ListInconsistentError,
  RateLimitError,
  RedirectError,
  ResponseParseError,
  ResponseTooLargeError,
  TimeoutError,
  UnauthorizedError,
} from '../../src/index.js';
import { advance, flushIo, track, until, useFakeClock } from './helpers/clock';
import { type HostileServer, sendJson, startHostileServer, txPage } from './helpers/hostile-server';

// One case per way a server (or what stands between it and us) can misbehave, each over real sockets on
// 127.0.0.1. Every case ends in a typed, bounded outcome; none waits on the wall clock.

const ADDRESS = 'SP2ZP4GJDZJ1FDHTQ963F0292PE9J9752TZJ68F21';
const KEY = 'sk-hostile-test-key-1234';
const TOKEN = { token: { ticker: 'ordi' }, supply: { max_supply: '1' } };
const servers: HostileServer[] = [];

async function serve(handler: Parameters<typeof startHostileServer>[0]) {
  const server = await startHostileServer(handler);
  servers.push(server);
  return server;
}

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('redirects keep credentials at their origin', () => {
  it('drops the API key, authorization and marked headers on a redirect to another port, and follows it', async () => {
    const other = await serve((_req, res) => sendJson(res, 200, TOKEN));
    for (const status of [301, 302, 303, 307, 308]) {
      const origin = await serve((_req, res) => {
        res.writeHead(status, { location: `${other.url}/ordinals/v1/brc-20/tokens/ordi` });
        res.end();
      });
      const client = createClient({
        baseUrl: origin.url,
        apiKey: KEY,
        headers: { authorization: `Bearer ${KEY}`, 'x-session': 'secret-session', 'x-trace': 'keep-me' },
        credentialHeaders: ['x-session'],
      });
      await expect(client.getBrc20Token('ordi')).resolves.toEqual(TOKEN);
      expect(origin.requests[0]?.headers['x-api-key']).toBe(KEY);
      const forwarded = other.requests.at(-1)?.headers ?? {};
      expect(forwarded['x-api-key']).toBeUndefined();
      expect(forwarded.authorization).toBeUndefined();
      expect(forwarded['x-session']).toBeUndefined();
      expect(forwarded['x-trace']).toBe('keep-me');
    }
    expect(other.requests).toHaveLength(5);
  });

  it('keeps the API key on a same-origin redirect (the burn-hash 302)', async () => {
    const server = await serve((req, res) => {
      if (req.url?.includes('by_burn_block_hash/abc')) {
        res.writeHead(302, { location: '/extended/v1/block/by_burn_block_hash/0xabc' });
        res.end();
        return;
      }
      sendJson(res, 200, { hash: '0x01' });
    });
    const client = createClient({ baseUrl: server.url, apiKey: KEY });
    const call = client.getBlockByBurnBlockHash('0xabc');
    await expect(call).resolves.toEqual({ hash: '0x01' });
    expect(server.requests.every((r) => r.headers['x-api-key'] === KEY)).toBe(true);
  });

  // Retries on, with no backoff to speak of: a refused redirect must still cost one attempt, not three.
  const retrying = { maxRetries: 2, initialDelayMs: 1, maxDelayMs: 1 };

  it('ends a redirect loop in a RedirectError after one attempt (21 requests), not retried', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(302, { location: '/ordinals/v1/brc-20/tokens/ordi' });
      res.end();
    });
    const error = await createClient({ baseUrl: server.url, retry: retrying })
      .getBrc20Token('ordi')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(/redirect loop: more than 20 redirects/);
    expect(server.requests).toHaveLength(21);
  });

  it.each([
    ['an ftp: URL', 'ftp://127.0.0.1/x', /redirected to a ftp: URL/],
    ['a URL that does not parse', 'http://[::1', /redirected to an invalid URL/],
  ])('refuses a redirect to %s in one request, not retried', async (_name, location, message) => {
    const server = await serve((_req, res) => {
      res.writeHead(302, { location });
      res.end();
    });
    const error = await createClient({ baseUrl: server.url, retry: retrying })
      .getBrc20Token('ordi')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect((error as Error).message).toMatch(message);
    expect(server.requests).toHaveLength(1);
  });
});

describe('response size is bounded while streaming', () => {
  it('stops reading an endless body at maxResponseBytes with ResponseTooLargeError, not retried', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"token":"');
      const chunk = 'x'.repeat(64 * 1024);
      const pump = () => {
        while (!res.destroyed && res.write(chunk)) {}
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    const client = createClient({ baseUrl: server.url, maxResponseBytes: 1024 * 1024 });
    const error = await client.getBrc20Token('ordi').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({
      maxBytes: 1024 * 1024,
      status: 200,
      url: `${server.url}/ordinals/v1/brc-20/tokens/ordi`,
    });
    expect(server.requests).toHaveLength(1);
    await until(() => server.stats.closedSockets >= 1, 'the client to hang up');
  });

  it('bounds the decoded size of a gzip body (a small download that inflates past the bound)', async () => {
    const bomb = gzipSync(Buffer.from(`{"pad":"${'0'.repeat(8 * 1024 * 1024)}"}`));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const server = await serve((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'content-length': bomb.length,
      });
      res.end(bomb);
    });
    const error = await createClient({ baseUrl: server.url, maxResponseBytes: 512 * 1024 })
      .getBrc20Token('ordi')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
  });

  it('refuses a Content-Length above the bound before reading, error bodies included', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain', 'content-length': 4096 });
      res.end('e'.repeat(4096));
    });
    const error = await createClient({ baseUrl: server.url, maxResponseBytes: 1000 })
      .getBrc20Token('ordi')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(server.requests).toHaveLength(1);
  });
});

describe('iteration always ends', () => {
  it('stops with ListInconsistentError when a server repeats the same page with a large total', async () => {
    const ids = Array.from({ length: 10 }, (_, i) => `0x${String(i).padStart(64, '0')}`);
    const server = await serve((_req, res) => sendJson(res, 200, txPage(ids, 1_000_000, 0, 10)));
    const client = createClient({ baseUrl: server.url });
    const seen: string[] = [];
    const run = (async () => {
      for await (const item of client.getAccountTransactionsWithTransfers(ADDRESS, {}, { pageSize: 10 })) {
        seen.push(item.tx.tx_id);
      }
    })();
    await expect(run).rejects.toBeInstanceOf(ListInconsistentError);
    expect(seen).toEqual(ids);
    // The page after the first contradicts it; the list is read again from its head (a re-org looks the same) a
    // few times in a row, then the iteration stops.
    expect(server.requests.length).toBeLessThanOrEqual(10);
  });

  it('goes on exactly when the newest rows leave the list (a re-org), and reports those it delivered', async () => {
    // 25 rows, newest first; after the first page the 5 newest leave the list (a re-org).
    let rows = Array.from({ length: 25 }, (_, i) => `0x${String(24 - i).padStart(64, '0')}`);
    const start = [...rows];
    const server = await serve((req, res, n) => {
      if (n === 1) rows = rows.slice(5);
      const url = new URL(req.url ?? '/', 'http://x');
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      sendJson(res, 200, txPage(rows.slice(offset, offset + limit), rows.length, offset, limit));
    });
    const got: string[] = [];
    const orphaned: string[] = [];
    for await (const item of createClient({ baseUrl: server.url }).getAccountTransactionsWithTransfers(
      ADDRESS,
      {},
      {
        pageSize: 10,
        onReorg: (event) =>
          orphaned.push(...event.orphaned.map((row) => (row as { tx: { tx_id: string } }).tx.tx_id)),
      },
    )) {
      got.push(item.tx.tx_id);
    }
    // Every row once, in order: the 5 gone ones were delivered before they left, and are reported.
    expect(got).toEqual(start);
    expect(orphaned).toEqual(start.slice(0, 5));
  });

  it('throws ListInconsistentError rather than end early when the list loses its tail', async () => {
    let rows = Array.from({ length: 25 }, (_, i) => `0x${String(24 - i).padStart(64, '0')}`);
    const server = await serve((req, res, n) => {
      if (n === 1) rows = rows.slice(0, 12);
      const url = new URL(req.url ?? '/', 'http://x');
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      const slice = rows.slice(offset, offset + limit);
      sendJson(res, 200, txPage(slice, slice.length === 0 ? 0 : rows.length, offset, limit));
    });
    const got: string[] = [];
    const run = (async () => {
      for await (const item of createClient({ baseUrl: server.url }).getAccountTransactionsWithTransfers(
        ADDRESS,
        {},
        { pageSize: 10 },
      )) {
        got.push(item.tx.tx_id);
      }
    })();
    await expect(run).rejects.toBeInstanceOf(ListInconsistentError);
    expect(got.length).toBeLessThan(25);
  });

  it('iterates `limit: 0` (the server default) in pages of 50, not one request per item', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => `0x${String(i).padStart(64, '0')}`);
    const server = await serve((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit')) || 20;
      sendJson(res, 200, txPage(rows.slice(offset, offset + limit), rows.length, offset, limit));
    });
    let count = 0;
    for await (const _ of createClient({ baseUrl: server.url }).getAccountTransactionsWithTransfers(ADDRESS, {
      limit: 0,
    }))
      count++;
    expect(count).toBe(120);
    expect(server.requests).toHaveLength(3);
  });
});

describe('items are checked', () => {
  it.each([
    [
      'a null item',
      { limit: 2, offset: 0, total: 2, results: [{ tx: { tx_id: '0x1' } }, null] },
      'getAccountTransactionsWithTransfers',
      /results\[1\] must be an object; got null/,
    ],
    [
      'an item without tx.tx_id',
      { limit: 1, offset: 0, total: 1, results: [{ tx: {} }] },
      'getAccountTransactionsWithTransfers',
      /results\[0\]\.tx\.tx_id must be a string; got undefined/,
    ],
    [
      'events without event_index',
      { limit: 50, offset: 0, total: 50, results: Array.from({ length: 50 }, () => ({ type: 'stx' })) },
      'getAddressTransactionEvents',
      /results\[0\]\.event_index must be a number; got undefined/,
    ],
    [
      'repeated event_index',
      { limit: 2, offset: 0, total: 2, results: [{ event_index: 3 }, { event_index: 3 }] },
      'getAddressTransactionEvents',
      /results\[1\]\.event_index repeats results\[0\]\.event_index \(3\)/,
    ],
    [
      'a v3 row without transaction.tx_id',
      {
        limit: 1,
        total: 1,
        cursor: { next: null, previous: null, current: null },
        results: [{ transaction: {} }],
      },
      'getPrincipalTransactions',
      /results\[0\]\.transaction\.tx_id must be a string; got undefined/,
    ],
    [
      'a repeated asset among balance changes',
      {
        limit: 2,
        total: 2,
        cursor: { next: null, previous: null, current: null },
        results: [{ asset: { type: 'stx' } }, { asset: { type: 'stx' } }],
      },
      'getPrincipalTransactionBalanceChanges',
      /results\[1\]\.asset repeats results\[0\]\.asset/,
    ],
    [
      'a block without hash',
      { limit: 1, offset: 0, total: 1, results: [{ height: 1 }] },
      'getBlocksByBurnBlock',
      /results\[0\]\.hash must be a string; got undefined/,
    ],
    [
      'a v3 page whose total is not a count',
      { limit: 1, total: -1, cursor: { next: null, previous: null, current: null }, results: [] },
      'getPrincipalTransactions',
      /`total` is a non-negative integer; got -1/,
    ],
  ] as const)(
    'turns %s into a ResponseParseError naming the field',
    async (_name, body, operation, message) => {
      const server = await serve((_req, res) => sendJson(res, 200, body));
      const client = createClient({ baseUrl: server.url, retry: false });
      const calls: Record<string, () => PromiseLike<unknown>> = {
        getAddressTransactionEvents: () => client.getAddressTransactionEvents(ADDRESS, '0x01'),
        getAccountTransactionsWithTransfers: () => client.getAccountTransactionsWithTransfers(ADDRESS),
        getPrincipalTransactions: () => client.getPrincipalTransactions(ADDRESS),
        getPrincipalTransactionBalanceChanges: () =>
          client.getPrincipalTransactionBalanceChanges(ADDRESS, '0x01'),
        getBlocksByBurnBlock: () => client.getBlocksByBurnBlock('latest'),
      };
      const call = Promise.resolve(calls[operation]?.());
      const error = await call.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ResponseParseError);
      expect((error as Error).message).toMatch(message);
    },
  );
});

describe('waits and deadlines', () => {
  beforeEach(() => {
    useFakeClock();
    vi.spyOn(Math, 'random').mockReturnValue(0);
  });

  it('fails at once with RateLimitError.retryAfterMs when the server asks for a wait past the deadline', async () => {
    const server = await serve((_req, res) =>
      sendJson(res, 429, { error: 'slow down' }, { 'retry-after': '60' }),
    );
    const error = await createClient({ baseUrl: server.url })
      .getBrc20Token('ordi')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(60_000);
    expect(server.requests).toHaveLength(1);
  });

  it('ends a call against a server that never answers at its deadline', async () => {
    const server = await serve(() => {});
    const call = track(
      createClient({ baseUrl: server.url, timeoutMs: 0, deadlineMs: 5000 }).getBrc20Token('ordi'),
    );
    await until(() => server.requests.length === 1, 'the request');
    await advance(4999);
    expect(call.settled).toBe(false);
    await advance(1);
    await call.settledPromise;
    expect(call.error).toBeInstanceOf(TimeoutError);
    expect((call.error as Error).message).toMatch(/deadline of 5000 ms passed/);
  });

  it('waits the backoff, not the rate-limit window, after a 503 that carries ratelimit-reset', async () => {
    const server = await serve((_req, res, n) =>
      n === 0
        ? sendJson(res, 503, { error: 'down' }, { 'ratelimit-reset': '50', 'ratelimit-remaining': '10' })
        : sendJson(res, 200, TOKEN),
    );
    const call = track(createClient({ baseUrl: server.url }).getBrc20Token('ordi'));
    await until(() => server.requests.length === 1, 'the first request');
    await flushIo();
    await advance(499);
    expect(server.requests).toHaveLength(1);
    await advance(1);
    await until(() => call.settled, 'the retry');
    expect(call.value).toEqual(TOKEN);
  });

  it('treats Retry-After: -5 as no usable wait and backs off instead', async () => {
    const server = await serve((_req, res, n) =>
      n === 0 ? sendJson(res, 503, { error: 'down' }, { 'retry-after': '-5' }) : sendJson(res, 200, TOKEN),
    );
    const call = track(createClient({ baseUrl: server.url }).getBrc20Token('ordi'));
    await until(() => server.requests.length === 1, 'the first request');
    await flushIo();
    await advance(499);
    expect(server.requests).toHaveLength(1);
    await advance(1);
    await until(() => call.settled, 'the retry');
    expect(call.value).toEqual(TOKEN);
  });

  it('rejects a call aborted during its backoff with AbortError naming the request', async () => {
    const server = await serve((_req, res) => sendJson(res, 503, { error: 'down' }));
    const controller = new AbortController();
    const call = track(
      createClient({ baseUrl: server.url }).getBrc20Token('ordi', { signal: controller.signal }),
    );
    await until(() => server.requests.length === 1, 'the first request');
    await flushIo();
    controller.abort();
    await call.settledPromise;
    expect(call.error).toBeInstanceOf(AbortError);
    expect(server.requests).toHaveLength(1);
  });
});

describe('errors are easy to log and to read', () => {
  it('serializes an error with a 100 000-deep body to a bounded summary, and inspects safely', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const server = await serve((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json', 'content-length': deep.length });
      res.end(deep);
    });
    // 100 000 nested arrays take about 10 MB once parsed: past what the default bound lets a 200 kB body build.
    const error = await createClient({ baseUrl: server.url, apiKey: KEY, maxResponseBytes: 32 * 1024 * 1024 })
      .getBrc20Token('ordi')
      .catch((e: unknown) => e);
    const json = JSON.stringify(error);
    expect(json.length).toBeLessThan(3000);
    expect(JSON.parse(json)).toMatchObject({
      name: 'BadRequestError',
      status: 400,
      url: `${server.url}/ordinals/v1/brc-20/tokens/ordi`,
    });
    const shown = inspect(error);
    expect(shown.length).toBeLessThan(6000);
    expect(shown).not.toContain(KEY);
  });

  it('names the concrete request in a ConnectionError and carries its url', async () => {
    const server = await serve(() => {});
    const { url } = server;
    await server.close();
    servers.pop();
    const error = await createClient({ baseUrl: url, retry: false })
      .getBrc20Token('ordi')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(
      new RegExp(`^GET ${url}/ordinals/v1/brc-20/tokens/ordi: .*ECONNREFUSED`),
    );
    expect((error as ConnectionError).url).toBe(`${url}/ordinals/v1/brc-20/tokens/ordi`);
  });

  it.each([
    [401, UnauthorizedError, undefined, /no API key was sent: pass one with the apiKey option/],
    [401, UnauthorizedError, KEY, /the API key was rejected: check the apiKey option/],
    [403, ForbiddenError, KEY, /the API key was rejected: check the apiKey option/],
  ] as const)('gives %i its own class with an apiKey hint', async (status, type, apiKey, hint) => {
    const server = await serve((_req, res) => sendJson(res, status, { error: 'nope' }));
    const error = await createClient({ baseUrl: server.url, ...(apiKey && { apiKey }) })
      .getBrc20Token('ordi')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    expect((error as Error).message).toMatch(hint);
    expect(server.requests).toHaveLength(1);
  });

  it('raises no MaxListenersExceededWarning with 40 concurrent retrying calls on one signal', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      // The first request for each ticker fails, so every call retries once.
      const failed = new Set<string>();
      const server = await serve((req, res) => {
        if (failed.has(req.url ?? '')) return sendJson(res, 200, TOKEN);
        failed.add(req.url ?? '');
        sendJson(res, 503, {});
      });
      const controller = new AbortController();
      const client = createClient({
        baseUrl: server.url,
        signal: controller.signal,
        retry: { initialDelayMs: 1 },
      });
      const calls = Array.from({ length: 40 }, (_, i) =>
        client.getBrc20Token(`t${i}`, { signal: controller.signal }),
      );
      await expect(Promise.all(calls)).resolves.toHaveLength(40);
      expect(server.requests).toHaveLength(80);
      await new Promise<void>((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  });
});

describe('a moving upstream', () => {
  it.each(Object.entries(DEPRECATIONS))(
    'turns a 410 from %s into a GoneError naming %s',
    async (operation, replacement) => {
      const server = await serve((_req, res) => sendJson(res, 410, { error: 'Gone', message: 'disabled' }));
      const client = createClient({ baseUrl: server.url });
      const calls: Record<string, () => PromiseLike<unknown>> = {
        getAddressTransactions: () => client.getAddressTransactions(ADDRESS),
        getAccountTransactionsWithTransfers: () => client.getAccountTransactionsWithTransfers(ADDRESS),
        getAddressTransactionEvents: () => client.getAddressTransactionEvents(ADDRESS, '0x01'),
        getBlockByBurnBlockHeight: () => client.getBlockByBurnBlockHeight(1),
        getBlockByBurnBlockHash: () => client.getBlockByBurnBlockHash('0x01'),
      };
      const error = await Promise.resolve(calls[operation]?.()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GoneError);
      expect((error as GoneError).replacement).toBe(replacement);
      expect((error as Error).message).toContain(
        `the operation was disabled upstream; use ${replacement} instead`,
      );
      expect(server.requests).toHaveLength(1);
    },
  );

  it('reports a Warning header through onWarning once per operation', async () => {
    const warning = '299 - "Deprecated: See https://docs.hiro.so/stacks/api for more information"';
    const server = await serve((_req, res) => sendJson(res, 200, { hash: '0x01' }, { warning }));
    const seen: ApiWarning[] = [];
    const client = createClient({ baseUrl: server.url, onWarning: (w) => seen.push(w) });
    for (let i = 0; i < 3; i++) await client.getBlockByBurnBlockHeight(i);
    await client.getBlockByBurnBlockHash('0x01');
    expect(seen).toEqual([
      {
        operation: 'getBlockByBurnBlockHeight',
        warning,
        replacement: DEPRECATIONS.getBlockByBurnBlockHeight,
        url: `${server.url}/extended/v1/block/by_burn_block_height/0`,
      },
      {
        operation: 'getBlockByBurnBlockHash',
        warning,
        replacement: DEPRECATIONS.getBlockByBurnBlockHash,
        url: `${server.url}/extended/v1/block/by_burn_block_hash/0x01`,
      },
    ]);
  });

  it('warns on the console by default, once per operation per process, and not under a test runner', async () => {
    const server = await serve((_req, res) =>
      sendJson(res, 200, { hash: '0x01' }, { warning: '299 - "Deprecated"' }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await createClient({ baseUrl: server.url }).getBlockByBurnBlockHeight(1);
    expect(warn).not.toHaveBeenCalled();
    vi.stubEnv('NODE_ENV', 'production');
    try {
      for (let i = 0; i < 2; i++) await createClient({ baseUrl: server.url }).getBlockByBurnBlockHeight(i);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(warn.mock.calls).toEqual([
      [
        '[@blockindex/client] getBlockByBurnBlockHeight: the API sent Warning: 299 - "Deprecated"; use getBlocksByBurnBlock (GET /extended/v2/burn-blocks/{height_or_hash}/blocks) instead',
      ],
    ]);
  });

  it('escapes the control characters of a Warning header in the default console line', async () => {
    // Headers refuse CR, LF and NUL but carry ESC and C1 controls: enough to recolour or rewrite a terminal line.
    const warning = '299 - "Deprecated\x1b[2K\x1b[32mINFO all good\x1b[0m\u009b"';
    const fetch = async () => Response.json({ hash: '0x01' }, { headers: { warning } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubEnv('NODE_ENV', 'production');
    try {
      await createClient({ fetch }).getBlockByBurnBlockHash('0x01');
    } finally {
      vi.unstubAllEnvs();
    }
    expect(warn.mock.calls).toEqual([
      [
        '[@blockindex/client] getBlockByBurnBlockHash: the API sent Warning: 299 - "Deprecated\\u001b[2K\\u001b[32mINFO all good\\u001b[0m\\u009b"; use getBlocksByBurnBlock (GET /extended/v2/burn-blocks/{height_or_hash}/blocks) instead',
      ],
    ]);
  });

  it('sends getBrc20Token to ordinalsBaseUrl and the rest to baseUrl', async () => {
    const stacks = await serve((_req, res) => sendJson(res, 200, { hash: '0x01' }));
    const ordinals = await serve((_req, res) => sendJson(res, 200, TOKEN));
    const client = createClient({ baseUrl: stacks.url, ordinalsBaseUrl: `${ordinals.url}/` });
    await expect(client.getBrc20Token('ordi')).resolves.toEqual(TOKEN);
    await client.getBlockByBurnBlockHeight(1);
    expect(ordinals.requests.map((r) => r.url)).toEqual(['/ordinals/v1/brc-20/tokens/ordi']);
    expect(stacks.requests.map((r) => r.url)).toEqual(['/extended/v1/block/by_burn_block_height/1']);
  });
});

describe('option checks', () => {
  it.each([
    [
      'retry.maxRetries NaN',
      { retry: { maxRetries: Number.NaN } },
      TypeError,
      /retry\.maxRetries must be a number; got NaN/,
    ],
    [
      'retry.maxRetries 1.5',
      { retry: { maxRetries: 1.5 } },
      RangeError,
      /retry\.maxRetries must be an integer; got 1\.5/,
    ],
    ['timeoutMs -1', { timeoutMs: -1 }, RangeError, /timeoutMs must be at least 0; got -1/],
    ['deadlineMs "10"', { deadlineMs: '10' }, TypeError, /deadlineMs must be a number; got "10"/],
    ['maxResponseBytes 0', { maxResponseBytes: 0 }, RangeError, /maxResponseBytes must be at least 1; got 0/],
    [
      'rateLimit.perMinute 0',
      { rateLimit: { perMinute: 0 } },
      RangeError,
      /rateLimit\.perMinute must be at least 1; got 0/,
    ],
  ] as const)('createClient rejects %s, naming it', (_name, options, type, message) => {
    expect(() => createClient(options as never)).toThrow(type);
    expect(() => createClient(options as never)).toThrow(message);
  });

  it.each([
    ['maxItems NaN', { maxItems: Number.NaN }, TypeError, /options\.maxItems must be a number; got NaN/],
    ['maxItems 2.5', { maxItems: 2.5 }, RangeError, /options\.maxItems must be an integer; got 2\.5/],
    ['pageSize 0', { pageSize: 0 }, RangeError, /options\.pageSize must be at least 1; got 0/],
    ['concurrency 0', { concurrency: 0 }, RangeError, /options\.concurrency must be at least 1; got 0/],
    ['maxItems -1', { maxItems: -1 }, RangeError, /options\.maxItems must be at least 0; got -1/],
    ['onReorg 5', { onReorg: 5 }, TypeError, /options\.onReorg must be a function; got 5/],
    // The pager links the signal to its prefetches before the first request.
    [
      'a signal that is a string, with prefetch',
      { concurrency: 4, signal: 'x' },
      TypeError,
      /options\.signal must be an AbortSignal; got "x"/,
    ],
    [
      'a signal without addEventListener, with prefetch',
      { concurrency: 4, signal: { aborted: false } },
      TypeError,
      /options\.signal must be an AbortSignal; got an object/,
    ],
    [
      'retry.maxRetries NaN',
      { retry: { maxRetries: Number.NaN } },
      TypeError,
      /options\.retry\.maxRetries must be a number/,
    ],
  ] as const)(
    'a list call rejects %s, naming it, before any request',
    async (_name, options, type, message) => {
      const server = await serve((_req, res) => sendJson(res, 200, txPage([], 0, 0, 20)));
      const client = createClient({ baseUrl: server.url });
      const call = () => client.getAccountTransactionsWithTransfers(ADDRESS, {}, options as never);
      const iterate = async () => {
        for await (const _ of call()) {
        }
      };
      // Each way of using the call, first time: type and message of the one error it throws.
      for (const use of [iterate, () => call().pages().next(), call]) {
        const error = await use().then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(type);
        expect((error as Error).message).toMatch(message);
      }
      expect(server.requests).toHaveLength(0);
    },
  );
});
