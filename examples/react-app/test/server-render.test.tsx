// Server rendering: prefetch against the mock, render to HTML, send the cache as JSON, hydrate it in a fresh
// QueryClient (the browser's), render the same HTML, then "load more" continues exactly, blocks mined meanwhile.
import { createClient } from '@blockindex/client';
import { setupMockServer } from '@blockindex/mock/node';
import { type BlockindexQueryOptionsFactory, createQueryOptions } from '@blockindex/query';
import {
  type DehydratedState,
  dehydrate,
  HydrationBoundary,
  InfiniteQueryObserver,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../src/address-transactions.js';
import { App } from '../src/app.js';
import { QueriesProvider } from '../src/queries-context.js';
import type { Settings } from '../src/settings.js';

const mock = setupMockServer({ seed: 1 });
beforeAll(() => mock.listen());
afterAll(() => mock.close());

function render(
  queryClient: QueryClient,
  queries: BlockindexQueryOptionsFactory,
  settings: Settings,
  state?: DehydratedState,
) {
  return renderToString(
    <QueryClientProvider client={queryClient}>
      <QueriesProvider value={queries}>
        <HydrationBoundary state={state}>
          <App settings={settings} />
        </HydrationBoundary>
      </QueriesProvider>
    </QueryClientProvider>,
  );
}

const txIdsIn = (html: string) => [...html.matchAll(/data-tx-id="([^"]+)"/g)].map((match) => match[1]);

describe('server render', () => {
  it('prefetches, renders, hydrates, and loads more exactly', async () => {
    const { world } = mock;
    const { address, ticker, contractIds } = world.fixtures;
    const settings: Settings = { address, ticker, contractIds: [...contractIds] };
    const truth = world.listAddressTransactions(address, { limit: 2 * PAGE_SIZE, offset: 0 });
    if ('error' in truth) throw new Error(truth.error);
    const truthIds = truth.results.map((row) => row.tx.tx_id);

    // On the server.
    const serverQueries = createQueryOptions(createClient());
    const server = new QueryClient();
    await Promise.all([
      server.prefetchQuery(serverQueries.getBrc20Token(ticker)),
      server.prefetchQuery(serverQueries.getSmartContractsStatus(settings.contractIds)),
      server.prefetchInfiniteQuery(
        serverQueries.getAddressTransactionsInfinite(address, {}, { pageSize: PAGE_SIZE }),
      ),
    ]);
    const serverHtml = render(server, serverQueries, settings);
    expect(txIdsIn(serverHtml)).toEqual(truthIds.slice(0, PAGE_SIZE));
    expect(serverHtml).toContain(world.getBrc20Token(ticker)?.supply.holders.toLocaleString('en-US'));
    expect(serverHtml).not.toContain('Loading…');
    const wire = JSON.stringify(dehydrate(server));

    // The chain moves on before the browser loads more.
    world.mineBlock({ address });
    world.mineBlock({ address });

    // In the browser: its own client and QueryClient, the cache from the wire.
    const requests: string[] = [];
    const queries = createQueryOptions(
      createClient({
        fetch: (request) => {
          requests.push(request.url);
          return globalThis.fetch(request);
        },
      }),
    );
    const browser = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    const browserHtml = render(browser, queries, settings, JSON.parse(wire));
    expect(browserHtml).toBe(serverHtml); // what hydrateRoot would find: no mismatch
    expect(requests).toEqual([]);

    const list = queries.getAddressTransactionsInfinite(address, {}, { pageSize: PAGE_SIZE });
    const observer = new InfiniteQueryObserver(browser, list);
    const unsubscribe = observer.subscribe(() => {});
    await observer.fetchNextPage();
    unsubscribe();
    expect(requests).toHaveLength(1);
    expect(txIdsIn(render(browser, queries, settings))).toEqual(truthIds);
  });
});
