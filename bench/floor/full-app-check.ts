// biome-ignore-all lint: measurement code, not product code.
// Checks that the full-app floor (full-app.ts) keeps what the client's README and tests pin for what createClient adds,
// so its size is theirs: the full-app fixture bundled on the floor answers as the product does (measure-app.ts);
// pacing (pacer.test.ts: perSecond, a 429's pause, the option checks), batching (client.test.ts, batching.test.ts:
// short URLs, each id once, `concurrency` in flight, a left-out id refused), list calls (awaited lazily, iterated,
// `.pages()` with `maxItems`, prefetch in flight, `withResponse()`), the three successor operations, the client's
// option checks and `use`; and the pager's own check against the client's re-org oracle (pager/check.ts).
// Same harness as hardened-check.ts (in-memory fetch or the mock's fetch handler, fake clock).
// Run from bench/: `npx tsx floor/full-app-check.ts`; `--cuts` runs every case on each variant with one addition's
// region cut out and fails unless each variant fails some case.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFetchHandler } from '../src/bundles.js';
import {
  advance,
  failure,
  flush,
  json,
  ok,
  runCases,
  served,
  TOKEN,
  test,
  thrown,
  track,
} from './check-harness.js';
import { checkCuts, measureApp, product } from './measure-app.js';

const here = new URL('.', import.meta.url).pathname;
const corePath = process.env.FLOOR_CORE ?? join(here, 'full-app.ts');

if (process.argv.includes('--cuts')) checkCuts('full-app-check.ts', corePath, { SKIP_PAGER: '1' });

const floor: typeof import('./full-app.js') = await import(corePath);
const { createClient, RateLimitError, ResponseParseError } = floor;
const world = () => createFetchHandler({ seed: 1 });
const { address, txId, burnBlockHeight } = world().world.fixtures;
/** The mock's fetch handler, counting requests and the most in flight at once. */
const counted = () => {
  const h = world();
  const seen = { requests: 0, inFlight: 0, most: 0 };
  const fetch = async (r: Request) => {
    seen.requests++;
    seen.most = Math.max(seen.most, ++seen.inFlight);
    try {
      // A turn of delay, so requests sent together are in flight together.
      await new Promise((go) => setImmediate(go));
      return await h(r);
    } finally {
      seen.inFlight--;
    }
  };
  return { fetch, seen };
};

test('the full-app fixture bundled on the floor answers as the product does, run against the mock', async () => {
  const inputs = [world().world.fixtures as never as string];
  const ours = await product('full-app.ts', inputs);
  await measureApp('full-app.ts', 'full-app floor', readFileSync(corePath, 'utf8'), inputs, ours.said);
});

test('rateLimit { perSecond }: no second sees more starts than it allows', async () => {
  const { fetch, requests } = served(() => json(TOKEN));
  const client = createClient({ fetch, rateLimit: { perSecond: 2 } });
  const calls = Array.from({ length: 5 }, () => track(client.getBrc20Token('ordi')));
  await advance(0);
  assert.equal(requests.length, 2);
  await advance(999);
  assert.equal(requests.length, 2);
  await advance(1);
  assert.equal(requests.length, 4);
  await advance(1000);
  assert.equal(requests.length, 5);
  ok(calls.every((c) => c.settled && !c.error));
});

test('rateLimit: true keeps to 50 a minute without a key: the 51st waits a minute and a second', async () => {
  const { fetch, requests } = served(() => json(TOKEN));
  // No deadline and no attempt timer: a turn a minute away (README: `deadlineMs: 0` for jobs that may queue).
  const client = createClient({ fetch, rateLimit: true, deadlineMs: 0, timeoutMs: 0 });
  for (let i = 0; i < 51; i++) track(client.getBrc20Token('ordi'));
  await advance(60_000);
  assert.equal(requests.length, 50);
  await advance(1000);
  assert.equal(requests.length, 51);
});

test("a 429's Retry-After holds every request of the client, capped at retry.maxRetryAfterMs", async () => {
  const { fetch, requests } = served((_r, n) =>
    n == 1 ? json({ error: 'slow down' }, { status: 429, headers: { 'retry-after': '3' } }) : json(TOKEN),
  );
  const client = createClient({ fetch, rateLimit: true, retry: false });
  const first = await failure(client.getBrc20Token('ordi'));
  ok(first instanceof RateLimitError, String(first));
  const next = track(client.getBrc20Token('ordi'));
  await advance(2999);
  assert.equal(requests.length, 1);
  await advance(1);
  assert.equal(requests.length, 2);
  await flush();
  ok(next.settled && !next.error);
  // The same pause capped at 1 s.
  const capped = served((_r, n) =>
    n == 1 ? json({}, { status: 429, headers: { 'retry-after': '30' } }) : json(TOKEN),
  );
  const c2 = createClient({
    fetch: capped.fetch,
    rateLimit: true,
    retry: { maxRetries: 0, maxRetryAfterMs: 1000 },
  });
  await failure(c2.getBrc20Token('ordi'));
  track(c2.getBrc20Token('ordi'));
  await advance(1000);
  assert.equal(capped.requests.length, 2);
});

test('rateLimit is checked: unknown keys named with the closest, counts positive, other kinds refused', () => {
  assert.match(
    thrown(() => createClient({ rateLimit: { perMinut: 5 } as never })).message,
    /did you mean perMinute/,
  );
  ok(thrown(() => createClient({ rateLimit: { perMinute: -1 } })) instanceof RangeError);
  ok(thrown(() => createClient({ rateLimit: 'yes' as never })) instanceof TypeError);
});

test('getSmartContractsStatus: 1,500 ids (and duplicates) in URLs under 7,000 characters, each id once, 2 in flight', async () => {
  const ids = Array.from({ length: 1500 }, (_, i) => `SP000000000000000000002Q6VF78.contract-${i}`);
  let inFlight = 0;
  let most = 0;
  const { fetch, requests } = served(async (r) => {
    most = Math.max(most, ++inFlight);
    await new Promise((go) => setTimeout(go, 10));
    inFlight--;
    const asked = new URL(r.url).searchParams.getAll('contract_id');
    return json(Object.fromEntries(asked.map((id) => [id, { found: true }])));
  });
  const result = track(
    createClient({ fetch }).getSmartContractsStatus([...ids, ...ids.slice(0, 99)], { concurrency: 2 }),
  );
  for (let i = 0; i < 50 && !result.settled; i++) await advance(10);
  ok(result.settled && !result.error, String(result.error));
  ok(requests.length > 1, `${requests.length} requests`);
  ok(requests.every((r) => r.url.length < 7000));
  const sent = requests.flatMap((r) => new URL(r.url).searchParams.getAll('contract_id'));
  assert.deepEqual(sent.sort(), [...ids].sort());
  assert.equal(most, 2);
  assert.equal(Object.keys(result.value as object).length, 1500);
  assert.equal(Object.getPrototypeOf(result.value), null);
});

test('getSmartContractsStatus refuses an answer that leaves out an id; no ids, no request', async () => {
  const { fetch, requests } = served(() => json({ a: { found: false } }));
  const error = await failure(createClient({ fetch }).getSmartContractsStatus(['a', 'b']));
  ok(error instanceof ResponseParseError, String(error));
  const { data } = await createClient({ fetch }).getSmartContractsStatus([]).withResponse();
  assert.deepEqual(Object.keys(data), []);
  assert.equal(requests.length, 1);
});

test('a list call sends nothing until awaited; awaited, the first page with its response', async () => {
  const { fetch, seen } = counted();
  const call = createClient({ fetch }).getAddressTransactions(address, { limit: 5 });
  await flush();
  assert.equal(seen.requests, 0);
  const { data, response } = await call.withResponse();
  assert.equal(data.results.length, 5);
  assert.equal(response.status, 200);
  assert.equal(seen.requests, 1);
});

test('iterating a list gives every row once, as many as its total', async () => {
  const { fetch } = counted();
  const client = createClient({ fetch });
  const page = await client.getAccountTransactionsWithTransfers(address);
  const ids = new Set<string>();
  for await (const row of client.getAccountTransactionsWithTransfers(address) as AsyncIterable<any>)
    ids.add(row.tx.tx_id);
  assert.equal(ids.size, page.total);
});

test('iteration with concurrency 4 keeps requests in flight together (prefetch); without, one at a time', async () => {
  for (const [concurrency, many] of [
    [4, true],
    [undefined, false],
  ] as const) {
    const { fetch, seen } = counted();
    const list = createClient({ fetch }).getAccountTransactionsWithTransfers(address, {}, { concurrency });
    for await (const _ of list as AsyncIterable<unknown>);
    assert.equal(seen.most > 1, many, `concurrency ${concurrency}: ${seen.most} in flight`);
  }
});

test('.pages() gives every page, honouring pageSize and maxItems', async () => {
  const { fetch } = counted();
  const sizes: number[] = [];
  const list = createClient({ fetch }).getAccountTransactionsWithTransfers(
    address,
    {},
    { pageSize: 50, maxItems: 70 },
  );
  for await (const p of list.pages()) sizes.push(p.results.length);
  assert.deepEqual(sizes, [50, 20]);
});

test('the three successor operations are methods of the client', async () => {
  const { fetch } = counted();
  const client = createClient({ fetch });
  const principal = await client.getPrincipalTransactions(address, { limit: 3 });
  assert.equal(principal.results.length, 3);
  const blocks = await client.getBlocksByBurnBlock(burnBlockHeight);
  ok(blocks.results.length > 0);
  const changes = await client.getPrincipalTransactionBalanceChanges(address, txId);
  ok(Array.isArray(changes.results));
});

test("createClient's options: unknown keys named with the closest; `use` middleware sees every request", async () => {
  assert.match(thrown(() => createClient({ baseURL: 'x' } as never)).message, /did you mean baseUrl\?/);
  ok(thrown(() => createClient({ use: 5 } as never)) instanceof TypeError);
  const paths: string[] = [];
  const { fetch } = served(() => json(TOKEN));
  await createClient({
    fetch,
    use: [{ onRequest: ({ schemaPath }) => void paths.push(schemaPath) }],
  }).getBrc20Token('ordi');
  assert.deepEqual(paths, ['/ordinals/v1/brc-20/tokens/{ticker}']);
});

if (!process.env.SKIP_PAGER)
  test("the pager (imported unchanged) against the client's re-org oracle: pager/check.ts", () => {
    const run = spawnSync('npx', ['tsx', join(here, 'pager', 'check.ts')], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stdout + run.stderr);
  });

await runCases();
