import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { smallWorld, worldFetch } from './helpers/faulty-fetch';
import { growingFetch, snapshot } from './helpers/growing-chain';

// Chain growth as a real server shows it to prefetching clients: the requests in flight are all answered from
// the state they arrive in, then two blocks (at most 6 new items: 3 transactions each) are mined as each
// answer lands. That stays under the page size of 10, within what the pager documents as exact ("while the
// list grows by less than a page per request"). Deterministic: in memory, answers handed back a turn later.
describe.each([1, 4])(
  'iterating while each answer lands before the chain grows (concurrency %i)',
  (concurrency) => {
    it.each(['getAddressTransactions', 'getAccountTransactionsWithTransfers'] as const)(
      '%s yields exactly the items that existed at the start',
      async (operation) => {
        const world = smallWorld(5, 60);
        const { address, txId } = world.fixtures;
        const before = snapshot(world, address, txId);
        const growing = growingFetch(
          () => world,
          address,
          { blocks: () => 2, transactions: 3 },
          { inner: worldFetch(world), deliverNextTurn: true },
        );
        const client = createClient({ fetch: growing.fetch });
        const options = { pageSize: 10, concurrency };
        const expected = operation === 'getAddressTransactions' ? before.transactions : before.transfers;
        const items =
          operation === 'getAddressTransactions'
            ? client.getAddressTransactions(address, {}, options)
            : client.getAccountTransactionsWithTransfers(address, {}, options);
        const yielded: unknown[] = [];
        for await (const item of items) yielded.push(item);
        expect(expected.length).toBeGreaterThan(200);
        expect(yielded).toEqual(expected);
        expect(growing.stats.blocksMined).toBeGreaterThanOrEqual(2 * Math.ceil(expected.length / 10));
      },
    );
  },
);
