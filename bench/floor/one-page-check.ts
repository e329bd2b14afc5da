// biome-ignore-all lint: measurement code, not product code.
// Checks that the one-page floor (one-page.ts) keeps what the one-page app's calls guarantee by default, so its size is
// theirs: pages turned by getNextPage() and by a param through JSON while blocks are mined give exactly the list at
// the start; after re-orgs getNextPage() gives the rows after the row delivered last when that row kept its block, and
// ListReorgedError when it did not (the mock's worlds, every depth it allows); checked pages, query and params (fake
// fetch). Run from bench/ after `pnpm build`: `npx tsx floor/one-page-check.ts`; `--cuts` also runs every case on
// each variant with one marker region cut out and fails unless each variant fails some case.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createFetchHandler, createWorld } from '@blockindex/mock';
import { truth } from '../../packages/client/test/helpers/reorg-oracle.js';
import { failure, json, ok, runCases, served, test } from './check-harness.js';
import { checkCuts } from './measure-app.js';

const here = new URL('.', import.meta.url).pathname;
const corePath = process.env.FLOOR_CORE ?? join(here, 'one-page.ts');

if (process.argv.includes('--cuts')) checkCuts('one-page-check.ts', corePath);

const floor: typeof import('./one-page.js') = await import(corePath);
const { createCore, getAddressTransactions, ListReorgedError, ListInconsistentError, ResponseParseError } =
  floor;
(globalThis as any).process.env.NODE_ENV = 'test'; // no deprecation warning on the console

/** A mock world with its fetch handler, a core on it and the fixture address. */
const world = (seed: number, blocks = 30) => {
  const handler = createFetchHandler({ world: createWorld({ seed, blocks }) });
  const core = createCore({ fetch: (r: Request) => handler(r), retry: false });
  const { address } = handler.world.fixtures;
  const now = () => truth(handler.world, 'cursor', { address, txId: '', burn: 0 });
  return { handler, core, address, now };
};
const ids = (rows: any[]) => rows.map((r) => r.tx.tx_id);

test('getNextPage() and a param through JSON, 2 transactions mined between pages: exactly the list at the start', async () => {
  for (const viaJson of [false, true]) {
    const { handler, core, address, now } = world(11);
    const start = now().map((r) => r.id);
    let page = await getAddressTransactions(core, address, { limit: 7 });
    const got = ids(page.results);
    while (page.hasNextPage()) {
      handler.world.mineBlock({ address, transactions: 2 });
      page = viaJson
        ? await getAddressTransactions(
            core,
            address,
            { limit: 7 },
            JSON.parse(JSON.stringify({ pageParam: page.nextPageParam })),
          )
        : await page.getNextPage();
      got.push(...ids(page.results));
    }
    assert.deepEqual(got, start);
    const last = JSON.parse(JSON.stringify(page));
    assert.deepEqual(Object.keys(last), ['results', 'total', 'limit', 'offset', 'nextPageParam']);
    assert.equal(last.nextPageParam, null);
  }
});

test('after a re-org, getNextPage() gives the rows after the row delivered last in its block, else ListReorgedError', async () => {
  let followed = 0;
  let orphaned = 0;
  for (const seed of [3, 11, 12]) {
    for (const replaceWith of [0, 1, 2]) {
      for (let depth = 1; depth <= 6; depth++) {
        const { handler, core, address, now } = world(seed, 40);
        const first = await getAddressTransactions(core, address, { limit: 5 });
        const page = first.hasNextPage() ? first : await first.getNextPage();
        const mark = `${page.results.at(-1)!.tx.tx_id}@${page.results.at(-1)!.tx.block_hash}`;
        try {
          handler.world.reorg({ depth, replaceWith });
        } catch {
          continue; // deeper than this world allows
        }
        const after = now();
        const at = after.findIndex((r) => r.key == mark);
        const next = await page.getNextPage().catch((e) => e);
        if (at < 0) {
          ok(next instanceof ListReorgedError, `seed ${seed} depth ${depth}: ${next}`);
          orphaned++;
        } else {
          assert.deepEqual(
            ids(next.results),
            after.slice(at + 1, at + 6).map((r) => r.id),
            `seed ${seed} depth ${depth}`,
          );
          followed++;
        }
      }
    }
  }
  ok(followed > 5 && orphaned > 5, `followed ${followed}, orphaned ${orphaned}`);
});

const row = (id: string) => ({ tx: { tx_id: id, block_hash: '0xb' } });
const pageOf = (body: object) =>
  served(() => json({ limit: 2, offset: 0, total: 2, cursor: 'c:0:0', prev_cursor: null, ...body }));
const on = (s: { fetch: any }) =>
  getAddressTransactions(createCore({ fetch: s.fetch, retry: false }), 'SP1', { limit: 2 });

test('checked pages: a count that is no non-negative integer, a row without its id or twice, a total contradicting its rows', async () => {
  for (const [body, field] of [
    [{ total: 1.5, results: [] }, /total must be a non-negative integer/],
    [{ limit: -1, results: [] }, /limit must be a non-negative integer/],
    [{ results: [{ tx: {} }] }, /tx\.tx_id/],
    [{ results: [row('a'), row('a')] }, /twice/],
  ] as const) {
    const e = await failure(on(pageOf(body)));
    ok(e instanceof ResponseParseError, String(e));
    assert.match(e.message, field);
  }
  ok(
    (await failure(on(pageOf({ total: 1, results: [row('a'), row('b')] })))) instanceof ListInconsistentError,
  );
  // A next page with nothing after the row it follows, before the end of the list.
  const s = served((_r, n) =>
    json({
      limit: 2,
      offset: 0,
      total: 5,
      cursor: 'c:0:0',
      prev_cursor: 'c:0:2',
      results: n == 1 ? [row('a'), row('b')] : [row('b')],
    }),
  );
  ok((await failure((await on(s)).getNextPage())) instanceof ListInconsistentError);
});

test('the query and a param are checked before anything is sent', async () => {
  const s = pageOf({ results: [] });
  const core = createCore({ fetch: s.fetch });
  assert.match(
    (await failure(getAddressTransactions(core, 'SP1', { limt: 5 } as never))).message,
    /did you mean limit/,
  );
  ok((await failure(getAddressTransactions(core, 'SP1', { limit: -1 }))) instanceof RangeError);
  ok((await failure(getAddressTransactions(core, 'SP1', { limit: 1.5 }))) instanceof RangeError);
  const e = await failure(
    getAddressTransactions(core, 'SP1', {}, { pageParam: { cursor: 'c', offset: 1, last: [1] } as never }),
  );
  ok(e instanceof TypeError && /pageParam\.last\[0\]/.test(e.message), String(e));
  assert.equal(s.requests.length, 0);
});

await runCases();
