// The per-operation builders exported from the package root (`getBrc20TokenOptions(core, ticker)`, named as TanStack's
// plugin of hey-api names them): each fetches its operation's answer, its key helper gives its key, and a core of
// the client's CommonJS build serves them as well as one of its ESM build.
import { createRequire } from 'node:module';
import { createClient, createCore } from '@blockindex/client';
import { describe, expect, it } from 'vitest';
import {
  createQueryOptions,
  getAddressTransactionEventsInfiniteQueryKey,
  getAddressTransactionsInfiniteOptions,
  getAddressTransactionsInfiniteQueryKey,
  getAddressTransactionsOptions,
  getBlockByBurnBlockHashQueryKey,
  getBlockByBurnBlockHeightOptions,
  getBrc20TokenOptions,
  getBrc20TokenQueryKey,
  getSmartContractsStatusQueryKey,
} from '../src/index.js';
import { mock, newQueryClient } from './helpers/mock.js';

const BASE = 'https://api.hiro.so';

describe('per-operation query options', () => {
  it('fetch what the operation answers, under the key their helper gives', async () => {
    const { ticker, address, burnBlockHeight } = mock.world.fixtures;
    const core = createCore();
    const queryClient = newQueryClient();
    const token = getBrc20TokenOptions(core, ticker.toUpperCase());
    expect(token.queryKey).toEqual(getBrc20TokenQueryKey(core, ticker));
    expect(token.queryKey).toEqual(['blockindex', BASE, 'brc20-token', ticker.toLowerCase()]);
    expect(await queryClient.fetchQuery(token)).toEqual(mock.world.getBrc20Token(ticker));
    expect(queryClient.getQueryData(getBrc20TokenQueryKey(core, ticker))).toEqual(
      mock.world.getBrc20Token(ticker),
    );

    const block = await queryClient.fetchQuery(getBlockByBurnBlockHeightOptions(core, burnBlockHeight));
    expect(block.hash).toBe(mock.world.getBlockByBurnBlockHeight(burnBlockHeight)?.hash);

    const page = await queryClient.fetchQuery(getAddressTransactionsOptions(core, address, { limit: 3 }));
    const truth = mock.world.listAddressTransactions(address, { limit: 3, offset: 0 });
    if ('error' in truth) throw new Error(truth.error);
    expect(page.results.map((row) => row.tx.tx_id)).toEqual(truth.results.map((row) => row.tx.tx_id));

    const list = getAddressTransactionsInfiniteOptions(core, address, {}, { pageSize: 4 });
    expect(list.queryKey).toEqual(getAddressTransactionsInfiniteQueryKey(core, address, {}, { pageSize: 4 }));
    const data = await queryClient.fetchInfiniteQuery(list);
    expect(data.pages[0]?.results).toHaveLength(4);
  });

  it('build keys as the factory documents them, hashes and ids as the client sends them', () => {
    const core = createCore({ baseUrl: 'http://127.0.0.1:3999', ordinalsBaseUrl: 'http://127.0.0.1:4000' });
    const base = ['blockindex', 'http://127.0.0.1:3999'];
    expect(getBrc20TokenQueryKey(core, 'ORDI')).toEqual([
      ...base,
      'brc20-token',
      'ordi',
      'http://127.0.0.1:4000',
    ]);
    expect(getSmartContractsStatusQueryKey(core, ['b.c', 'a.b', 'b.c'])).toEqual([
      ...base,
      'smart-contracts-status',
      ['a.b', 'b.c'],
    ]);
    expect(getBlockByBurnBlockHashQueryKey(core, 'ABCD')).toEqual([
      ...base,
      'block',
      'by-burn-block-hash',
      '0xabcd',
    ]);
    expect(
      getAddressTransactionEventsInfiniteQueryKey(core, 'SP1', '0xAB', { limit: undefined } as never),
    ).toEqual([...base, 'address', 'SP1', 'transaction-events', '0xab', 'infinite', {}, {}]);
  });

  it('refuse what is not a core, and bad arguments, with a TypeError', () => {
    expect(() => getBrc20TokenOptions({} as never, 'ordi')).toThrow(TypeError);
    expect(() => getBrc20TokenOptions(createCore(), '')).toThrow(
      new TypeError('ticker must be a non-empty string; got ""'),
    );
  });

  it('serve a core and a client of the CommonJS build', async () => {
    const { ticker } = mock.world.fixtures;
    const cjs = createRequire(import.meta.url)('@blockindex/client') as typeof import('@blockindex/client');
    const queryClient = newQueryClient();
    for (const target of [cjs.createCore(), cjs.createClient()]) {
      expect(target).not.toBeInstanceOf(createClient().constructor);
      await expect(
        queryClient.fetchQuery({ ...getBrc20TokenOptions(target, ticker), staleTime: 0 }),
      ).resolves.toEqual(mock.world.getBrc20Token(ticker));
      const queries = createQueryOptions(target);
      await expect(
        queryClient.fetchQuery({ ...queries.getBrc20Token(ticker), staleTime: 0 }),
      ).resolves.toEqual(mock.world.getBrc20Token(ticker));
    }
  });
});
