// Size budgets of the client (issues 23 and 31): the fixture apps of bench/fixtures/bundle, bundled as a browser app
// ships them (esbuild, esm, minified) from the built client, must stay under their ceilings gzipped, and each bundle,
// run against the mock, must give the right answer. Needs `pnpm build` first (the root test script runs it).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BUDGETED_APPS, bundleApp, createFetchHandler } from '../../bench/src/bundles.js';

/**
 * The most each app may weigh, min + gzip, in bytes. The targets (5,000 / 6,500 / 5,500 / 12,000, in
 * `BUDGETED_APPS`) are not all met yet (the one-query app's is); these ceilings are today's sizes with a little room, so no change can make an app
 * heavier unnoticed. Lower them as the client gets smaller; never raise one without saying why in the commit.
 */
const CEILINGS: Record<(typeof BUDGETED_APPS)[number]['entry'], number> = {
  // Raised by the option checks of issue 31 (every option checked by name, with the closest one suggested; signal,
  // fetch and credentialHeaders checked at creation): about 475 B on one call, 545 B on a page, 630 B on the full app.
  // Lowered after the transport's shrinks (the bounded read's Blob join, the attempt's error mapping), after the
  // request path became one attempt in one closure, after the strict header checks became the opt-in headerChecks(),
  // after the error text helpers were written compactly, and after deep body redaction became the opt-in
  // deepRedaction(): measured 7,067 / 9,849 B. The hardened fixture turns every opt-in guard on, deepRedaction() now
  // included, so its ceiling moves with what it carries. Lowered with the request path and option checks written
  // compactly (issue 31), and with four long messages said shorter: measured 6,953 / 9,720 B. Lowered when the
  // attempt's errors came from one mapping: measured 6,920 / 9,875 B (the hardened one now with every guard on).
  // Lowered when request ids and codes, API-key hints, HTML detection, retry-after-ms / ratelimit-reset and long timers
  // left the default core for the opt-in errorDetails(), rateLimitHeaders() and longTimers() (issue 31, item 3), and
  // option checks became rules: 6,700 B. Lowered with a shorter bounded read, redirect test, control-character escape,
  // parse-error position and pacer check (a rule of the option checks): 6,639 B; with `request` an async function: 6,624 B; with
  // the number checks' type error through the shared one and a shorter did-you-mean loop: 6,606 B.
  // Lowered when the request path became one attempt in one retry/deadline loop and list option names moved into
  // defineList: measured 6,542 B.
  // Lowered when a call linked its caller signals once (not per attempt and per wait): measured 6,524 B.
  // Lowered when the query string writer moved to the operations that take a query: measured 6,447 B.
  // Lowered when retry settings were checked by the one options check: measured 6,431 B.
  // Lowered when the messages of errors about a response were written in one place: measured 6,410 B.
  // Lowered when the attempt threw each typed error where it arose (no mapping of whatever it threw): 6,325 B.
  // Lowered when a call's own headers were set on a copy of the core's (secrets read once from both): 6,294 B.
  // Lowered when the attempt followed redirects and read the bounded body itself (no helper objects): 6,270 B.
  // Lowered when path parameters were checked once, by the operation's row, not again by the path writer: 6,153 B.
  // Lowered when header names in messages used the one value describer, a lost attempt's message was redacted once and
  // ApiPromise's species became a value: 6,132 B.
  // Lowered when the retry loop took the server's pause from the API error (every status's `retryAfterMs`) and one
  // rule for the pause, not the public helper's header fallback: 6,089 B.
  // Lowered when the request path kept its retry settings and messages in its one closure (no policy object, one
  // error maker per attempt): measured 6,007 B.
  // Lowered when ApiPromise marked itself handled with its own catch and a 2xx body that is not JSON stopped
  // quoting the parser's position: measured 5,944 B.
  'core-one-call.ts': 6_000,
  // Raised when statusPhrases() went back to the spec's STATUS_TEXT (one table for the client and the mock, every
  // status Node names) instead of a short copy of its own: +312 B; the guards' own shrink gave some back: 9,913 B.
  // Lowered when the JSON structure count of jsonStructureLimit() was written in fewer bytes: measured 9,714 B.
  // Raised when the three new guards (errorDetails(), rateLimitHeaders(), longTimers()) took behaviours out of the
  // default core: the hardened fixture turns them on, as hooks and setters on top of what it carried inline: 9,868 B.
  // Lowered with the one call's shrinks: 9,776 B.
  // Lowered when the request path became one attempt in one retry/deadline loop and list option names moved into
  // defineList: measured 9,732 B.
  // Lowered with the call's signals linked once: measured 9,702 B.
  // Lowered when the query string writer moved to the operations that take a query: measured 9,624 B.
  // Lowered when retry settings were checked by the one options check: measured 9,603 B.
  // Lowered when the messages of errors about a response were written in one place: measured 9,588 B.
  // Lowered when the attempt threw each typed error where it arose (middleware needs no mark on its own): 9,481 B.
  // Lowered when a call's own headers were set on a copy of the core's: 9,456 B.
  // Lowered when the attempt followed redirects and read the bounded body itself: 9,438 B.
  // Lowered when path parameters were checked once, by the operation's row: 9,325 B.
  // Lowered with the one call's small shrinks (one value describer, one redaction of a lost attempt's message): 9,302 B.
  // Lowered with the retry loop's pause taken from the API error: 9,245 B.
  // Lowered when the status phrases were packed into one string, the header checks became one function and middleware
  // one hook loop: measured 9,119 B.
  // Lowered when the request path kept its retry settings and messages in its one closure (no policy object, one
  // error maker per attempt): measured 9,081 B.
  // Lowered when headerChecks() left the type checks the core makes before it (it gets strings): measured 9,009 B.
  // Lowered when ApiPromise marked itself handled with its own catch and a 2xx body that is not JSON stopped
  // quoting the parser's position: measured 8,994 B.
  'core-hardened-call.ts': 9_050,
  // Raised for issue 32 (the pager's recovery across several re-orgs, its bound on recoveries, the position-cursor
  // strategy of the successor lists, all in the pager that getNextPage ships): one page 11,471 -> 12,077 B, full app
  // 16,639 -> 17,264 B; lowered with the core's shrinks since: measured 11,631 B. Since each list spec holds its
  // strategy (issue 33), a cursor list ships neither the offset aim nor the position strategy, only the cursor
  // strategy's own paging for a server that sends no cursor: measured 11,637 B (11,600 B with the one error mapping).
  // Lowered when getNextPage and page params took a rule of their own (read after the page's last row, else search
  // down from the head, else ListReorgedError) and left the iteration pager to iteration: measured 9,753 B. Lowered
  // with the one call's opt-in moves: measured 9,545 B; and with its shrinks: 9,476 B.
  // Raised when iteration became a loop over that rule (issue 32: one rule for getNextPage, page params and for
  // await): the rule now also checks that each answer of a search from the head starts from the row the one before
  // ended with (a list that shrank under a search skipped rows), ranks the rows it met, and asks the list's strategy
  // how a rank is requested: +200 B here, -892 B on the full app. Measured 9,676 B; with the
  // core's smaller number checks: 9,655 B.
  // Lowered when the request path became one attempt in one retry/deadline loop and list option names moved into
  // defineList: measured 9,641 B.
  // Lowered with the call's signals linked once: measured 9,616 B.
  // Measured 9,631 B when the query writer moved to the list's operation (+15 B).
  // Lowered when retry settings were checked by the one options check: measured 9,615 B.
  // Lowered when the messages of errors about a response were written in one place: measured 9,582 B.
  // Lowered when pagination became one pager with a strategy per list kind (issue 32): a position is the row read
  // last, the page param conversions and the strategies' reads are shorter: measured 9,290 B (with the attempt's
  // errors thrown in place). Lowered with the core's redirect and bounded read in the attempt: measured 9,239 B (the
  // list call's cheaper checks and page check, +1 B). Lowered with the path parameters checked once: measured 9,133 B.
  // Lowered when the pagination files shed duplicated checks and strategy flags (-8 B), with the one call's shrinks:
  // measured 9,101 B.
  // Lowered when the request path kept its retry settings and messages in its one closure (no policy object, one
  // error maker per attempt): measured 8,960 B.
  // Lowered when ApiPromise marked itself handled with its own catch and a 2xx body that is not JSON stopped
  // quoting the parser's position: measured 8,967 B.
  // Measured 9,008 B when getNextPage's search from the head read each answer in one place (ceiling kept).
  // Lowered when the list call's iteration options became rules of its one options check and the awaited page's
  // promise took the page as it is (no first-page object beside it): measured 8,930 B.
  'core-one-page.ts': 8_990,
  // Raised again when the client took the three successor operations as methods (issue 33; 17,264 -> 17,656 B): the
  // full app ships every method. Lowered with the core's shrinks since; createClient carries deepRedaction() as a guard
  // of its own (+70 B): measured 17,633 B.
  // Raised when the three successors became iterable lists of createClient (issue 33): measured 17,768 B; lowered
  // with the core's shrinks: measured 17,652 B. Lowered when the guards, pacer, contract status and operation table
  // were written compactly (the spec's status phrases, +318 B, included): measured 17,570 B.
  // Raised when the strategies left the pager for objects each list spec holds (issues 31, 33: an app ships only the
  // strategies of the lists it calls); the full app ships all three, as objects whose
  // method and frame names do not minify: measured 17,889 B.
  // Raised when getNextPage and page params took a rule of their own (internal/page-after.ts), which the one-page app
  // ships instead of the iteration pager (-1,850 B there); the full app iterates too, so it ships both:
  // 17,841 -> 18,391 B. Lowered with the smaller structure count and the option checks as rules (createClient
  // turns the three new opt-in guards on): measured 18,322 B; with the one call's shrinks: 18,280 B.
  // Lowered when iteration became a loop over the page rule (issue 32), which left the iteration pager's own
  // overlap and head recovery: measured 17,388 B; with the pager taking a chunk in one place: 17,335 B; with the
  // core's smaller number checks: 17,312 B.
  // Measured 17,216 B with the call's signals linked once (+25 B: the pacer still ships the shared sleep).
  // Measured 17,191 B when the query writer moved to the operations that take a query.
  // Lowered when retry settings were checked by the one options check: measured 17,176 B.
  // Lowered when the messages of errors about a response were written in one place: measured 17,128 B.
  // Lowered when pagination became one pager with a strategy per list kind (issue 32): measured 16,929 B (with the
  // attempt's errors thrown in place). Lowered with the core's redirect and bounded read in the attempt: measured
  // 16,793 B (+19 B of it for the client's list methods made from the list rows as PagePromises, not re-prototyped).
  // Lowered when the pager took the call's onReorg and options as they are: measured 16,767 B; with the path
  // parameters checked once: 16,678 B. Lowered when the pagination files shed duplicated checks
  // (-85 B), with the one call's shrinks: measured 16,571 B. Lowered when the pager's join dropped the reads it
  // passes itself (-26 B): measured 16,531 B; with the retry loop's pause taken from the API error: 16,477 B.
  // Lowered with the guards' packed status phrases, one header check and one middleware hook loop: measured 16,342 B.
  // Lowered when the request path kept its retry settings and messages in its one closure (no policy object, one
  // error maker per attempt): measured 16,300 B.
  // Lowered when headerChecks() left the type checks the core makes before it: measured 16,219 B.
  // Lowered when ApiPromise marked itself handled with its own catch and a 2xx body that is not JSON stopped
  // quoting the parser's position: measured 16,262 B.
  // Measured 16,260 B with that search and the pager's first chunk told by its request count (ceiling kept).
  // Lowered when each list operation's row became its one description (the list spec made from it): 16,193 B.
  // Lowered when the list call's iteration options became rules of its one options check and items were iterated by
  // the pages' own loop: measured 16,091 B.
  // Lowered when the pager keyed the requests it sends ahead in its one fetch and counted the items left from the rows
  // delivered (issue 32): measured 16,041 B. Lowered when its end read the re-read count for what its `final` and
  // `reorged` flags said: measured 15,978 B.
  'full-app.ts': 16_040,
  // Issue 31's target is 6,500 B; today the core alone is over it (see core-one-call), so this is the measured size
  // (7,306 B) with a little room, to be lowered with the core's. Lowered when the query builders shed their helpers
  // (retry and sharing options written in place, shorter argument checks): measured 7,238 B. Lowered with the core's
  // opt-in moves: 7,012 B; and with its shrinks: 6,919 B.
  // Lowered when the request path became one attempt in one retry/deadline loop and list option names moved into
  // defineList: measured 6,865 B.
  // Lowered with the call's signals linked once: measured 6,852 B.
  // Lowered when the query string writer moved to the operations that take a query: measured 6,779 B.
  // Lowered when retry settings were checked by the one options check: measured 6,763 B.
  // Lowered when the messages of errors about a response were written in one place: measured 6,743 B.
  // Lowered when the attempt threw each typed error where it arose: measured 6,650 B.
  // Lowered when a call's own headers were set on a copy of the core's: 6,622 B.
  // Lowered when the attempt followed redirects and read the bounded body itself: 6,597 B.
  // Issue 31's target met when path parameters were checked once, by the operation's row: measured 6,487 B; the
  // ceiling is now the target itself.
  // Lowered when ApiPromise marked itself handled with its own catch and a 2xx body that is not JSON stopped
  // quoting the parser's position: measured 6,403 B.
  'query-one-call.ts': 6_460,
};

// TanStack's QueryClient, the app's own in the query fixture: resolved from the bench package, which depends on it.
const { QueryClient } = createRequire(new URL('../../bench/package.json', import.meta.url))(
  '@tanstack/query-core',
) as { QueryClient: new (config: object) => unknown };

const scratch = mkdtempSync(join(tmpdir(), 'blockindex-bundles-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Writes a bundle where Node can import it, and returns its exports. */
async function load(
  entry: string,
  code: Uint8Array,
): Promise<{ run: (...args: unknown[]) => Promise<string> }> {
  const file = join(scratch, entry.replace(/\.ts$/, '.mjs'));
  writeFileSync(file, code);
  return import(pathToFileURL(file).href);
}

describe('bundle size budgets', () => {
  it.each(BUDGETED_APPS.map((app) => [app.entry, app] as const))(
    '%s stays under its ceiling',
    async (entry) => {
      const { gzip } = await bundleApp(entry);
      expect(gzip).toBeLessThanOrEqual(CEILINGS[entry]);
    },
  );

  it('one call: the bundle answers with the token, and NotFoundError for an unknown one', async () => {
    const handler = createFetchHandler({ seed: 1 });
    const { ticker } = handler.world.fixtures;
    const { run } = await load('core-one-call.ts', (await bundleApp('core-one-call.ts')).code);
    const truth = handler.world.getBrc20Token(ticker);
    if (truth === undefined) throw new Error('the seeded world has no token for its fixture ticker');
    expect(await run(handler, ticker)).toBe(`${truth.token.ticker} ${truth.token.max_supply}`);
    expect(await run(handler, 'zzzz')).toBe('no such token');
  });

  it('hardened one call: the bundle answers as the plain one, through its middleware, with summarized errors', async () => {
    const handler = createFetchHandler({ seed: 1 });
    const { ticker } = handler.world.fixtures;
    const { run } = await load('core-hardened-call.ts', (await bundleApp('core-hardened-call.ts')).code);
    const truth = handler.world.getBrc20Token(ticker);
    if (truth === undefined) throw new Error('the seeded world has no token for its fixture ticker');
    expect(await run(handler, ticker)).toBe(`${truth.token.ticker} ${truth.token.max_supply} 1`);
    expect(await run(handler, 'zzzz')).toBe('no such token: true 1');
  });

  it('one query: the bundle fetches the token through a QueryClient, and rejects an unknown one', async () => {
    const handler = createFetchHandler({ seed: 1 });
    const { ticker } = handler.world.fixtures;
    const { run } = await load('query-one-call.ts', (await bundleApp('query-one-call.ts')).code);
    const truth = handler.world.getBrc20Token(ticker);
    if (truth === undefined) throw new Error('the seeded world has no token for its fixture ticker');
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    expect(await run(handler, ticker, queryClient)).toBe(`${truth.token.ticker} ${truth.token.max_supply}`);
    await expect(run(handler, 'zzzz', queryClient)).rejects.toMatchObject({
      name: 'NotFoundError',
      status: 404,
    });
  });

  it('one page: the bundle answers with the page and the one after it', async () => {
    const handler = createFetchHandler({ seed: 1 });
    const { address } = handler.world.fixtures;
    const { run } = await load('core-one-page.ts', (await bundleApp('core-one-page.ts')).code);
    const truth = handler.world.listAddressTransactions(address, { limit: 40, offset: 0 });
    if ('error' in truth) throw new Error(truth.error);
    const want = `${truth.total} ${truth.results[0]?.tx.tx_id} ${truth.results[20]?.tx.tx_id}`;
    expect(await run(handler, address)).toBe(want);
  });

  it('one page: ships only the strategy of the list it calls (no offset aim, no position cursor)', async () => {
    const text = (entry: string) => bundleApp(entry).then(({ code }) => new TextDecoder().decode(code));
    // The offset strategy (the object `{ query, read }`, without the cursor strategy's `anchor`) and the position
    // strategy's end (`cursor.next: null`): the page rule asks the list's strategy, so it names neither.
    const offsetAim = /\{query:[\w$]+,read:[\w$]+\}/;
    const positionEnd = /\?\.next===null/;
    const full = await text('full-app.ts');
    // The full app calls lists of all three kinds: both markers are there, so their absence below means something.
    expect(full).toMatch(offsetAim);
    expect(full).toMatch(positionEnd);
    const page = await text('core-one-page.ts');
    expect(page).not.toMatch(offsetAim);
    expect(page).not.toMatch(positionEnd);
  });

  it('full app: the bundle runs every feature against the mock', async () => {
    const handler = createFetchHandler({ seed: 1 });
    const { address, ticker, txId, burnBlockHeight } = handler.world.fixtures;
    const { run } = await load('full-app.ts', (await bundleApp('full-app.ts')).code);
    const world = handler.world;
    const token = world.getBrc20Token(ticker);
    const block = world.getBlockByBurnBlockHeight(burnBlockHeight);
    const txs = world.listAddressTransactions(address, { limit: 0, offset: 0 });
    if (token === undefined || block === undefined || 'error' in txs) throw new Error('fixtures missing');
    // A page with a row: as upstream, an empty page (limit 0, or past the end) says `total: 0`.
    const transfers = world.listTransactionsWithTransfers(address, {
      limit: 1,
      offset: 0,
      unanchored: false,
    });
    const events = world.listAddressTransactionEvents(address, txId, { limit: 10, offset: 0 });
    const want = [
      `${token.token.ticker} 200`,
      '2',
      block.hash,
      // The next page starts one row early to check the row before it (re-orgs), so 49 of a limit of 50 are new.
      String(Math.min(49, txs.total - 50)),
      String(txs.total),
      String(transfers.total),
      String(events.total),
    ];
    expect((await run(handler, { address, ticker, txId, burnBlockHeight })).split('\n')).toEqual(want);
  });
});
