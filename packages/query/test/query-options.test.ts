import { NotFoundError } from '@blockindex/client';
import { describe, expect, it } from 'vitest';
import { createQueryOptions } from '../src/index.js';
import { countingClient, mock, newQueryClient } from './helpers/mock.js';

/** What the wire would carry: the world hands out the objects the handlers serialize. */
const json = (value: unknown) => JSON.parse(JSON.stringify(value));

describe('createQueryOptions', () => {
  it('fetches a BRC-20 token and caches it under its key', async () => {
    const { client } = countingClient();
    const queries = createQueryOptions(client);
    const queryClient = newQueryClient();
    const { ticker } = mock.world.fixtures;

    const token = await queryClient.fetchQuery(queries.getBrc20Token(ticker.toUpperCase()));
    expect(token).toEqual(json(mock.world.getBrc20Token(ticker)));
    expect(queryClient.getQueryData(queries.getBrc20Token(ticker).queryKey)).toEqual(token);
  });

  it('fetches contract statuses, blocks and one page of each list', async () => {
    const { client } = countingClient();
    const queries = createQueryOptions(client);
    const queryClient = newQueryClient();
    const { world } = mock;
    const { address, contractIds, burnBlockHeight, burnBlockHash, txId } = world.fixtures;

    const statuses = await queryClient.fetchQuery(queries.getSmartContractsStatus(contractIds));
    expect(Object.keys(statuses).sort()).toEqual([...contractIds].sort());
    const byHeight = await queryClient.fetchQuery(queries.getBlockByBurnBlockHeight(burnBlockHeight));
    expect(byHeight).toEqual(json(world.getBlockByBurnBlockHeight(burnBlockHeight)));
    const byHash = await queryClient.fetchQuery(queries.getBlockByBurnBlockHash(burnBlockHash));
    expect(byHash.hash).toBe(byHeight.hash);

    const txs = await queryClient.fetchQuery(queries.getAddressTransactions(address, { limit: 5 }));
    const truth = world.listAddressTransactions(address, { limit: 5, offset: 0 });
    if ('error' in truth) throw new Error(truth.error);
    expect(txs.results.map((r) => r.tx.tx_id)).toEqual(truth.results.map((r) => r.tx.tx_id));
    expect(txs).toMatchObject({ total: truth.total, limit: 5, offset: 0 });
    expect(txs.nextPageParam).not.toBeNull();

    const transfers = await queryClient.fetchQuery(
      queries.getAccountTransactionsWithTransfers(address, { limit: 3 }),
    );
    expect(transfers.results).toHaveLength(3);
    const events = await queryClient.fetchQuery(queries.getAddressTransactionEvents(address, txId));
    expect(events.results.length).toBe(
      world.listAddressTransactionEvents(address, txId, { limit: 20, offset: 0 }).total,
    );
  });

  it('caches plain JSON: what survives JSON.stringify is all there is', async () => {
    const { client } = countingClient();
    const queries = createQueryOptions(client);
    const queryClient = newQueryClient();
    const options = queries.getAddressTransactions(mock.world.fixtures.address, { limit: 3 });
    const page = await queryClient.fetchQuery(options);
    expect(Object.getPrototypeOf(page)).toBe(Object.prototype);
    expect(json(page)).toStrictEqual(page);
  });

  it('invalidates everything about an address with one prefix, and nothing else', async () => {
    const { client, requests } = countingClient();
    const queries = createQueryOptions(client);
    const queryClient = newQueryClient();
    const { address, ticker, txId } = mock.world.fixtures;
    const txs = queries.getAddressTransactions(address, { limit: 2 });
    const transfers = queries.getAccountTransactionsWithTransfers(address, { limit: 2 });
    const events = queries.getAddressTransactionEvents(address, txId);
    await queryClient.fetchQuery(txs);
    await queryClient.fetchQuery(transfers);
    await queryClient.fetchQuery(events);
    const about = [txs, transfers, events];
    await queryClient.fetchQuery(queries.getBrc20Token(ticker));

    await queryClient.invalidateQueries({ queryKey: queries.keys.address(address) });
    const invalid = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey);
    expect(invalid).toEqual(about.map((options) => options.queryKey));

    await queryClient.invalidateQueries({ queryKey: queries.keys.all() });
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .every((query) => query.state.isInvalidated),
    ).toBe(true);
    expect(requests).toHaveLength(4); // invalidation without observers marks, it does not refetch
  });

  it('fails a missing token with NotFoundError after one request', async () => {
    const { client, requests } = countingClient();
    const queryClient = newQueryClient();
    await expect(
      queryClient.fetchQuery(createQueryOptions(client).getBrc20Token('nope')),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(requests).toHaveLength(1);
  });
});
