import { setupMockServer } from '@blockindex/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/index.js';
import { smallWorld } from './helpers/faulty-fetch';
import { busiestTransaction } from './helpers/ground-truth';
import { growingFetch, snapshot } from './helpers/growing-chain';

// While the client iterates a busy address's lists, the mock mines a block touching that address after every
// list response. The iteration must yield the lists as they were when it started: every item once, in order.
const mock = setupMockServer({ world: smallWorld(11, 40) });
const { address } = mock.world.fixtures;
const { txId: busyTx } = busiestTransaction(mock.world, address);

beforeAll(() => mock.listen());
afterAll(() => {
  mock.close();
});

describe.each([1, 4])('iterating while the chain grows (concurrency %i)', (concurrency) => {
  it.each([
    ['getAddressTransactions', 40],
    ['getAccountTransactionsWithTransfers', 40],
    ['getAddressTransactionEvents', 2],
  ] as const)('%s yields exactly the items that existed at the start', async (operation, pageSize) => {
    const before = snapshot(mock.world, address, busyTx);
    const growing = growingFetch(() => mock.world, address);
    const client = createClient({ fetch: growing.fetch });
    const options = { pageSize, concurrency };
    const yielded: unknown[] = [];
    let expected: unknown[];
    if (operation === 'getAddressTransactions') {
      expected = before.transactions;
      for await (const item of client.getAddressTransactions(address, {}, options)) yielded.push(item);
    } else if (operation === 'getAccountTransactionsWithTransfers') {
      expected = before.transfers;
      for await (const item of client.getAccountTransactionsWithTransfers(address, {}, options))
        yielded.push(item);
    } else {
      expected = before.events;
      for await (const item of client.getAddressTransactionEvents(address, busyTx, {}, options))
        yielded.push(item);
    }
    const pages = Math.ceil(expected.length / pageSize);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(yielded).toEqual(expected);
    // The chain did grow under the iteration, after every page.
    expect(growing.stats.listResponses).toBeGreaterThanOrEqual(pages);
    expect(growing.stats.blocksMined).toBeGreaterThanOrEqual(pages);
    const after = snapshot(mock.world, address, busyTx);
    if (operation !== 'getAddressTransactionEvents') {
      expect(after.transactions.length).toBeGreaterThan(before.transactions.length);
    }
  });
});
