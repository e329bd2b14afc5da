// The API is mocked at the network level: the application code and the real client run unchanged, and
// MSW answers their `fetch` calls from the mock's seeded world. The same world is our ground truth.
import {
  type ClientOptions,
  ConnectionError,
  createClient,
  GoneError,
  RateLimitError,
  TimeoutError,
} from '@blockindex/client';
import { DEFAULT_BASE_URL } from '@blockindex/mock';
import { setupMockServer } from '@blockindex/mock/node';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadActivityFeed } from '../src/activity-feed.js';

const mock = setupMockServer();
const { scenarios } = mock;
// `reset()` rebuilds the world from the same seed, so these fixtures stay valid in every test.
const { address, ticker } = mock.world.fixtures;

// Fail loudly if the code under test calls anything the mock does not know.
beforeAll(() => mock.listen({ onUnhandledRequest: 'error' }));
// Scenarios, `use` overrides and listeners set by one test must not leak into the next.
afterEach(() => {
  mock.reset();
  mock.server.events.removeAllListeners();
});
afterAll(() => mock.close());

/** A client against the mock's base URL; retries keep their count but do not wait. */
function testClient(options: Partial<ClientOptions> = {}) {
  return createClient({ baseUrl: DEFAULT_BASE_URL, retry: { initialDelayMs: 0, maxDelayMs: 0 }, ...options });
}

/** Records the status of every response MSW sends, to prove what the client actually went through. */
function recordStatuses(): number[] {
  const statuses: number[] = [];
  mock.server.events.on('response:mocked', ({ response }) => void statuses.push(response.status));
  return statuses;
}

describe('loadActivityFeed', () => {
  it('shows the latest transactions with their transfers, newest first', async () => {
    const feed = await loadActivityFeed(testClient(), { address, ticker, limit: 5 });

    const truth = mock.world.listTransactionsWithTransfers(address, {
      limit: 5,
      offset: 0,
      unanchored: false,
    });
    expect(feed.transactions.state).toBe('ready');
    if (feed.transactions.state !== 'ready') return;
    expect(feed.transactions.data.map((item) => item.txId)).toEqual(truth.results.map((r) => r.tx.tx_id));
    feed.transactions.data.forEach((item, i) => {
      const expected = truth.results[i];
      const transferCount =
        (expected?.stx_transfers.length ?? 0) +
        (expected?.ft_transfers.length ?? 0) +
        (expected?.nft_transfers.length ?? 0);
      expect(item.transfers).toHaveLength(transferCount);
      expect(item.blockHeight).toBe(expected?.tx.block_height);
    });
  });

  it('formats STX amounts from micro-STX with six decimals', async () => {
    const feed = await loadActivityFeed(testClient(), { address, ticker, limit: 20 });

    const truth = mock.world.listTransactionsWithTransfers(address, {
      limit: 20,
      offset: 0,
      unanchored: false,
    });
    if (feed.transactions.state !== 'ready') throw new Error(feed.transactions.message);
    feed.transactions.data.forEach((item, i) => {
      const micro = (truth.results[i]?.stx_sent ?? '').padStart(7, '0');
      expect(item.stxSent).toBe(`${micro.slice(0, -6)}.${micro.slice(-6)} STX`);
    });
  });

  it('builds the token card from the supply figures', async () => {
    const feed = await loadActivityFeed(testClient(), { address, ticker });

    const truth = mock.world.getBrc20Token(ticker);
    expect(feed.token).toMatchObject({ state: 'ready', data: { ticker, holders: truth?.supply.holders } });
    if (feed.token.state !== 'ready' || !truth) throw new Error('token card not ready');
    const percent = (Number(truth.supply.minted_supply) / Number(truth.supply.max_supply)) * 100;
    expect(feed.token.data.supplyPercent).toBeCloseTo(percent, 1);
  });

  it('looks tickers up case-insensitively', async () => {
    const feed = await loadActivityFeed(testClient(), { address, ticker: ticker.toUpperCase() });

    expect(feed.token).toMatchObject({ state: 'ready', data: { ticker } });
  });

  it('shows "not found" for an unknown ticker and still shows the transactions', async () => {
    const feed = await loadActivityFeed(testClient(), { address, ticker: 'zzzz' });

    expect(feed.token).toMatchObject({ state: 'not-found', message: 'No BRC-20 token "zzzz".' });
    expect(feed.transactions.state).toBe('ready');
  });

  it('recovers from a 429 by retrying, without the user noticing', async () => {
    const statuses = recordStatuses();
    scenarios.failNext(1, { status: 429, retryAfterSeconds: 0 });

    const feed = await loadActivityFeed(testClient(), { address, ticker });

    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(feed.transactions.state).toBe('ready');
    expect(feed.token.state).toBe('ready');
  });

  it('asks the user to retry later when the rate limit persists', async () => {
    // Both requests are answered 429 and retries are off, so the 429s reach the application.
    scenarios.failNext(2, { status: 429, retryAfterSeconds: 30 });

    const feed = await loadActivityFeed(testClient({ retry: false }), { address, ticker });

    expect(feed.token).toMatchObject({
      state: 'rate-limited',
      retryAfterMs: 30_000,
      message: 'Too many requests. Retry in 30 s.',
    });
    if (feed.token.state !== 'rate-limited') return;
    expect(feed.token.cause).toBeInstanceOf(RateLimitError);
  });

  it('reports a slow server as a typed timeout', async () => {
    // The mock answers after 200 ms; the client gives up after 20 ms. Milliseconds, not seconds.
    scenarios.latency(200);

    const feed = await loadActivityFeed(testClient({ timeoutMs: 20, retry: false }), { address, ticker });

    expect(feed.transactions.state).toBe('offline');
    if (feed.transactions.state !== 'offline') return;
    expect(feed.transactions.cause).toBeInstanceOf(TimeoutError);
    expect(feed.transactions.message).toBe('The server is taking too long. Check your connection.');
  });

  it('reports a network failure as offline', async () => {
    scenarios.networkErrorNext(2);

    const feed = await loadActivityFeed(testClient({ retry: false }), { address, ticker });

    for (const section of [feed.transactions, feed.token]) {
      expect(section).toMatchObject({ state: 'offline', message: 'You seem to be offline.' });
      if (section.state === 'offline') expect(section.cause).toBeInstanceOf(ConnectionError);
    }
  });

  it('marks a fully minted token (a case the seeded world lacks, added with `use`)', async () => {
    const details = mock.world.getBrc20Token(ticker);
    if (!details) throw new Error(`fixture ticker ${ticker} missing`);
    const max = details.supply.max_supply;
    // This handler is prepended for this test only; `reset()` in afterEach removes it.
    mock.server.use(
      http.get(`${DEFAULT_BASE_URL}/ordinals/v1/brc-20/tokens/:ticker`, () =>
        HttpResponse.json({
          token: { ...details.token, minted_supply: max },
          supply: { ...details.supply, minted_supply: max },
        }),
      ),
    );

    const feed = await loadActivityFeed(testClient(), { address, ticker });

    expect(feed.token).toMatchObject({ state: 'ready', data: { supplyPercent: 100, fullyMinted: true } });
  });

  it('rehearses the sunset of a deprecated operation: the client raises a GoneError naming the replacement', async () => {
    scenarios.sunset(['getBlockByBurnBlockHeight']);
    const client = testClient();
    const error = await client
      .getBlockByBurnBlockHeight(mock.world.fixtures.burnBlockHeight)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GoneError);
    expect((error as GoneError).status).toBe(410);
    expect((error as GoneError).replacement).toBe(
      'getBlocksByBurnBlock (GET /extended/v2/burn-blocks/{height_or_hash}/blocks)',
    );
  });
});
