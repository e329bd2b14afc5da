import { createCore, getAddressTransactions } from '@blockindex/client';
import { describe, expect, it } from 'vitest';
import {
  getBlocksByBurnBlockOptions,
  getBlocksByBurnBlockQueryKey,
  getPrincipalTransactionBalanceChangesOptions,
  getPrincipalTransactionsOptions,
  getPrincipalTransactionsQueryKey,
} from '../src/index.js';
import { mock, newQueryClient } from './helpers/mock.js';

describe('query options of the successor operations', () => {
  it('fetch one page each under their key, and agree with the deprecated list', async () => {
    const { address, txId, burnBlockHeight } = mock.world.fixtures;
    const core = createCore();
    const queryClient = newQueryClient();
    const options = getPrincipalTransactionsOptions(core, address, { limit: 5 });
    expect(options.queryKey).toEqual(getPrincipalTransactionsQueryKey(core, address, { limit: 5 }));
    const page = await queryClient.fetchQuery(options);
    const old = await getAddressTransactions(core, address, { limit: 5 });
    expect(page.results.map((row) => row.transaction.tx_id)).toEqual(old.results.map((row) => row.tx.tx_id));
    const next = await queryClient.fetchQuery(
      getPrincipalTransactionsOptions(core, address, { limit: 5, cursor: page.cursor.next ?? '' }),
    );
    expect(next.cursor.current).toBe(page.cursor.next);
    const changes = await queryClient.fetchQuery(
      getPrincipalTransactionBalanceChangesOptions(core, address, txId),
    );
    expect(changes.total).toBeGreaterThan(0);
    const blocks = await queryClient.fetchQuery(
      getBlocksByBurnBlockOptions(core, burnBlockHeight, { limit: 1 }),
    );
    expect(blocks.results[0]?.index_block_hash).toBe(
      mock.world.getBlockByBurnBlockHeight(burnBlockHeight)?.index_block_hash,
    );
    // A hash is keyed as the client sends it.
    expect(getBlocksByBurnBlockQueryKey(core, 'AB'.repeat(32))).toEqual(
      getBlocksByBurnBlockQueryKey(core, `0x${'ab'.repeat(32)}`),
    );
  });
});
