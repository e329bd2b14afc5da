// Issue 32: an infinite list fetched several pages at once (`pages: 3`, a prefetch, a refetch) recovers from a re-org
// that orphans the row a page follows, like "load more" does: never left in `error`, no row twice, none skipped.
import { describe, expect, it } from 'vitest';
import { busyAtTheTip } from '../../client/test/helpers/busy-at-the-tip';
import { createQueryOptions } from '../src/index.js';
import { countingClient, mock, newQueryClient } from './helpers/mock.js';

type Data = { pages: { results: { tx: { tx_id: string } }[] }[] };

function truth(address: string): string[] {
  const page = mock.world.listAddressTransactions(address, { limit: 1_000_000, offset: 0 });
  if ('error' in page) throw new Error(page.error);
  return page.results.map((row) => row.tx.tx_id);
}

const rows = (data: Data | undefined) =>
  (data?.pages ?? []).flatMap((page) => page.results.map((row) => row.tx.tx_id));

/** A re-org deep enough to orphan the row the first page ends with (the row the second page follows). */
function orphaningTheFirstPage(address: string) {
  const fifth = truth(address)[4] as string;
  const height = mock.world.getTransaction(fifth)?.block_height ?? 0;
  return { depth: mock.world.tip.height - height + 1 };
}

function setup() {
  const address = busyAtTheTip(mock.world, 40);
  const options = createQueryOptions(countingClient().client).getAddressTransactionsInfinite(
    address,
    {},
    { pageSize: 5 },
  );
  return { address, options, queryClient: newQueryClient() };
}

/**
 * The pages together, as the list stands at the end: no row twice, and the rows still in the list are a run of it in
 * its order, with only rows newer than the start above them (what a re-org put at the head) and none skipped.
 */
function expectPages(address: string, start: string[], data: Data | undefined) {
  const got = rows(data);
  expect(got.length).toBe(15);
  expect(new Set(got).size).toBe(got.length);
  const end = truth(address);
  const still = got.filter((id) => end.includes(id));
  const from = end.indexOf(still[0] as string);
  expect(still).toEqual(end.slice(from, from + still.length));
  for (const id of end.slice(0, from)) expect(start.includes(id) && !got.includes(id)).toBe(false);
}

describe('infinite list: a re-org during a fetch of several pages', () => {
  it('fetchInfiniteQuery({ pages: 3 }) resolves with the list as it is, not ListReorgedError (issue 32)', async () => {
    const { address, options, queryClient } = setup();
    const start = truth(address);
    mock.scenarios.reorgAfter(1, orphaningTheFirstPage(address));
    const data = await queryClient.fetchInfiniteQuery({ ...options, pages: 3 });
    expectPages(address, start, data as Data);
    const query = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true });
    expect(query?.state.status).toBe('success');
    expect(query?.state.error).toBeNull();
  });

  it('prefetchInfiniteQuery({ pages: 3 }) leaves the query in success', async () => {
    const { address, options, queryClient } = setup();
    const start = truth(address);
    mock.scenarios.reorgAfter(1, orphaningTheFirstPage(address));
    await queryClient.prefetchInfiniteQuery({ ...options, pages: 3 });
    const query = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true });
    expect(query?.state.status).toBe('success');
    expectPages(address, start, queryClient.getQueryData(options.queryKey) as Data);
  });

  it('a refetch of three pages straddling a re-org recovers', async () => {
    const { address, options, queryClient } = setup();
    await queryClient.fetchInfiniteQuery({ ...options, pages: 3 });
    const start = truth(address);
    mock.scenarios.reorgAfter(1, orphaningTheFirstPage(address));
    await queryClient.refetchQueries({ queryKey: options.queryKey, exact: true });
    const query = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true });
    expect(query?.state.status).toBe('success');
    expectPages(address, start, queryClient.getQueryData(options.queryKey) as Data);
  });
});
