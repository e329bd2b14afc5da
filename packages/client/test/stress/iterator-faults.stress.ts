import fc from 'fast-check';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordStressFigures } from '../../../../test/support/stress-figures';
import { type BlockindexClient, createClient, type ListOptions } from '../../src/index.js';
import { flushIo, track, useFakeClock } from '../hardening/helpers/clock';
import { faultyFetch, IN_MEMORY_FAULTS, smallWorld, worldFetch } from '../hardening/helpers/faulty-fetch';
import { busiestTransaction } from '../hardening/helpers/ground-truth';
import { growingFetch, snapshot } from '../hardening/helpers/growing-chain';
import { bySize, STRESS_MODE } from './helpers/stress-mode';

// Fault soak: hundreds of iterations over the three lists, each with its own random plan of failing pages
// (every fault the transport knows, up to the retry limit per page) while the chain grows by one block after
// every intact answer. Each iteration must yield exactly its list as it was at the start. The offset-paged
// list (transfers) is run apart with and without prefetch, where their behaviour differs.
const RUNS = bySize({ short: 40, full: 400 });
const figures = {
  iterations: 0,
  requests: 0,
  faults: 0,
  items: 0,
  blocksMined: 0,
  byFault: {} as Record<string, number>,
};

beforeEach(() => {
  useFakeClock();
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(() => {
  const kinds = Object.entries(figures.byFault)
    .map(([fault, count]) => `${fault}: ${count}`)
    .join(', ');
  recordStressFigures('client iterator faults', STRESS_MODE, [
    `client iterator faults (stress, ${STRESS_MODE}): ${figures.faults} faults survived over ${figures.iterations} ` +
      `iterations (${figures.requests} requests, ${figures.items} items checked, ${figures.blocksMined} blocks mined)`,
    `  faults by kind: ${kinds}`,
  ]);
});

type List = 'transactions' | 'transfers' | 'events';

function iterate(client: BlockindexClient, list: List, address: string, txId: string, options: ListOptions) {
  if (list === 'transactions') return client.getAddressTransactions(address, {}, options);
  if (list === 'transfers') return client.getAccountTransactionsWithTransfers(address, {}, options);
  return client.getAddressTransactionEvents(address, txId, {}, options);
}

async function collect(items: AsyncIterable<unknown>) {
  const out: unknown[] = [];
  const run = track(
    (async () => {
      for await (const item of items) out.push(item);
    })(),
  );
  for (let turn = 0; !run.settled; turn++) {
    if (turn > 100_000) throw new Error('the iteration never ended');
    await vi.advanceTimersToNextTimerAsync();
    await flushIo(1);
  }
  return { items: out, error: run.error };
}

/** One random fault plan over one list of a fresh world: the property both tests below check. */
const scenario = (lists: readonly List[], concurrencies: { min: number; max: number }) =>
  fc.asyncProperty(
    fc.integer({ min: 1, max: 1_000 }),
    fc.constantFrom(...lists),
    fc.integer({ min: 5, max: 50 }),
    fc.integer(concurrencies),
    fc.array(fc.array(fc.constantFrom(...IN_MEMORY_FAULTS), { maxLength: 2 }), {
      minLength: 1,
      maxLength: 16,
    }),
    async (seed, list, size, concurrency, plan) => {
      const world = smallWorld(seed, 40);
      const { address } = world.fixtures;
      const { txId } = busiestTransaction(world, address);
      const before = snapshot(world, address, txId)[list];
      // One block per intact answer (at most 3 new items) stays under the smallest page of 5.
      // Failed attempts leave the chain alone, so the list at the start is the one before the first request.
      const answer = worldFetch(world);
      const growing = growingFetch(
        () => world,
        address,
        { blocks: () => 1, transactions: 3 },
        { inner: answer },
      );
      const seen = new Map<string, number>();
      const pageOf = (url: string) => {
        if (!seen.has(url)) seen.set(url, seen.size);
        return seen.get(url) as number;
      };
      const faulty = faultyFetch(
        growing.fetch,
        (url, attempt) => plan[pageOf(url) % plan.length]?.[attempt - 1],
        answer,
      );
      const client = createClient({ fetch: faulty.fetch, timeoutMs: 0 });
      const pageSize = list === 'events' ? 1 + (size % 3) : size;
      const { items, error } = await collect(iterate(client, list, address, txId, { pageSize, concurrency }));
      expect(error).toBeUndefined();
      expect(items).toEqual(before);
      figures.iterations += 1;
      figures.requests += faulty.stats.requests;
      figures.faults += faulty.stats.faults;
      figures.items += items.length;
      figures.blocksMined += growing.stats.blocksMined;
      for (const [fault, count] of Object.entries(faulty.stats.byFault)) {
        figures.byFault[fault] = (figures.byFault[fault] ?? 0) + count;
      }
    },
  );

describe('iteration through failing pages while the chain grows (stress)', () => {
  it(`yields exactly the starting list in ${RUNS} random fault plans: cursor lists, prefetch or not`, async () => {
    await fc.assert(scenario(['transactions', 'events'], { min: 1, max: 4 }), { numRuns: RUNS });
  });

  it(`yields exactly the starting list in ${RUNS / 2} random fault plans: transfers (offset paging), one page at a time`, async () => {
    await fc.assert(scenario(['transfers'], { min: 1, max: 1 }), { numRuns: RUNS / 2 });
  });

  it(`yields exactly the starting list in ${RUNS / 2} random fault plans: transfers (offset paging) with prefetch`, async () => {
    await fc.assert(scenario(['transfers'], { min: 2, max: 4 }), { numRuns: RUNS / 2 });
  });
});
