import { createWorld, type World } from '@blockindex/mock';
import { type MockServer, startMockServer } from '@blockindex/mock/server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStressFigures } from '../../../../test/support/stress-figures';
import { createClient } from '../../src/index.js';
import { busiestTransaction } from '../hardening/helpers/ground-truth';
import { growingFetch, snapshot } from '../hardening/helpers/growing-chain';
import { bySize, STRESS_MODE } from './helpers/stress-mode';

// Chain growth at length, over real HTTP (the standalone mock): every list of several busy addresses,
// small pages so each iteration sees a hundred growth steps or more, one or two blocks mined after every
// list response, with and without prefetch.
const world: World = bySize({
  short: () => createWorld({ seed: 5, blocks: 60 }),
  full: () => createWorld({ seed: 1 }),
})();
const ADDRESSES = bySize({ short: 1, full: 3 });
const PAGE_SIZE = 10;

let server: MockServer;
const figures = { iterations: 0, items: 0, requests: 0, blocksMined: 0 };

beforeAll(async () => {
  server = await startMockServer({ port: 0, world });
});

afterAll(async () => {
  await server.close();
  recordStressFigures('client chain growth', STRESS_MODE, [
    `client chain growth (stress, ${STRESS_MODE}): ${figures.iterations} iterations over ${ADDRESSES} address(es), ` +
      `${figures.items} items checked, ${figures.requests} list requests, ${figures.blocksMined} blocks mined meanwhile`,
  ]);
});

/** The busiest addresses of the world: the fixture one first. */
function busyAddresses(count: number): string[] {
  const sizes = world
    .principals()
    .filter((p) => !p.includes('.'))
    .map((p) => ({
      p,
      total: world.listTransactionsWithTransfers(p, { limit: 1, offset: 0, unanchored: false }).total,
    }))
    .sort((a, b) => b.total - a.total)
    .map(({ p }) => p);
  const { address } = world.fixtures;
  return [address, ...sizes.filter((p) => p !== address)].slice(0, count);
}

const addresses = busyAddresses(ADDRESSES);

describe.each(addresses.map((address, i) => [i, address] as const))('address #%i (%s)', (_i, address) => {
  const { txId } = busiestTransaction(world, address);

  describe.each([1, 4])('concurrency %i', (concurrency) => {
    it.each(['transactions', 'transfers', 'events'] as const)(
      '%s: exactly the items that existed at the start',
      async (list) => {
        const before = snapshot(world, address, txId);
        // One or two blocks per list response, drawn from a seeded stream so a failure replays.
        const blocks = fc.sample(fc.integer({ min: 1, max: 2 }), {
          numRuns: 10_000,
          seed: figures.iterations,
        });
        let draw = 0;
        const growing = growingFetch(() => world, address, {
          blocks: () => blocks[draw++ % blocks.length] ?? 1,
          transactions: 3,
        });
        const client = createClient({ baseUrl: server.url, fetch: growing.fetch });
        const pageSize = list === 'events' ? 1 : PAGE_SIZE;
        const options = { pageSize, concurrency };
        const yielded: unknown[] = [];
        if (list === 'transactions') {
          for await (const item of client.getAddressTransactions(address, {}, options)) yielded.push(item);
        } else if (list === 'transfers') {
          for await (const item of client.getAccountTransactionsWithTransfers(address, {}, options))
            yielded.push(item);
        } else {
          for await (const item of client.getAddressTransactionEvents(address, txId, {}, options))
            yielded.push(item);
        }
        expect(yielded).toEqual(before[list]);
        expect(growing.stats.blocksMined).toBeGreaterThanOrEqual(Math.ceil(before[list].length / pageSize));
        figures.iterations += 1;
        figures.items += yielded.length;
        figures.requests += growing.stats.listResponses;
        figures.blocksMined += growing.stats.blocksMined;
      },
    );
  });
});
