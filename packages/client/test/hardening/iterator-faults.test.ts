import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AbortError,
  type BlockindexClient,
  ConnectionError,
  createClient,
  type ListOptions,
  ServerError,
} from '../../src/index.js';
import { flushIo, track, until, useFakeClock } from './helpers/clock';
import {
  faultyFetch,
  IN_MEMORY_FAULTS,
  type InMemoryFault,
  smallWorld,
  worldFetch,
} from './helpers/faulty-fetch';
import { addressTxIds, busiestTransaction, eventIndexes, transferTxIds } from './helpers/ground-truth';

// Iteration over the mock (in memory) with pages failing in every way the transport knows: each retried page
// must resume exactly where the list was, nothing lost or repeated, with and without prefetch.
const RUNS = 12;

const world = smallWorld();
const { address } = world.fixtures;
const { txId: busyTx } = busiestTransaction(world, address);
const truth = {
  transactions: addressTxIds(world, address),
  transfers: transferTxIds(world, address),
  events: eventIndexes(world, address, busyTx),
};
type List = keyof typeof truth;

beforeEach(() => {
  useFakeClock();
  vi.spyOn(Math, 'random').mockReturnValue(0);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The ids a list yields, in order. */
function iterate(client: BlockindexClient, list: List, options: ListOptions): AsyncIterable<string | number> {
  const map = async function* <T>(items: AsyncIterable<T>, id: (item: T) => string | number) {
    for await (const item of items) yield id(item);
  };
  if (list === 'transactions')
    return map(client.getAddressTransactions(address, {}, options), (r) => r.tx.tx_id);
  if (list === 'transfers') {
    return map(client.getAccountTransactionsWithTransfers(address, {}, options), (r) => r.tx.tx_id);
  }
  return map(client.getAddressTransactionEvents(address, busyTx, {}, options), (e) => e.event_index);
}

/** Runs an iteration to its end, moving the fake clock whenever the client waits for a retry. */
async function collect(items: AsyncIterable<string | number>) {
  const out: (string | number)[] = [];
  const run = track(
    (async () => {
      for await (const item of items) out.push(item);
    })(),
  );
  for (let turn = 0; !run.settled; turn++) {
    if (turn > 10_000) throw new Error('the iteration never ended');
    await vi.advanceTimersToNextTimerAsync();
    await flushIo(1);
  }
  return { items: out, error: run.error };
}

/** Numbers each distinct URL in the order the client first asks for it (its page number, for a static list). */
function ordinals() {
  const seen = new Map<string, number>();
  return (url: string) => {
    if (!seen.has(url)) seen.set(url, seen.size);
    return seen.get(url) as number;
  };
}

describe('iteration through failing pages', () => {
  it('resumes after each retried page: same items, in order, each once, after the documented waits', async () => {
    const pageOf = ordinals();
    // page 1: a 503; page 3: a reset in the middle of the body; page 5: a 429 (Retry-After 1) then a network error.
    const plan: Record<number, InMemoryFault[]> = {
      1: ['503'],
      3: ['reset-mid-body'],
      5: ['429', 'network-error'],
    };
    const faulty = faultyFetch(worldFetch(world), (url, attempt) => plan[pageOf(url)]?.[attempt - 1]);
    const client = createClient({ fetch: faulty.fetch, timeoutMs: 0 });
    const start = Date.now();
    const { items, error } = await collect(iterate(client, 'transactions', { pageSize: 20 }));
    expect(error).toBeUndefined();
    expect(items).toEqual(truth.transactions);
    expect(faulty.stats.faults).toBe(4);
    expect(faulty.stats.requests).toBe(Math.ceil(truth.transactions.length / 20) + 4);
    // 503: 500 ms; reset: 500 ms; 429: Retry-After 1 s; then the network error, second retry: 1000 ms.
    expect(Date.now() - start).toBe(500 + 500 + 1000 + 1000);
  });

  it('yields exactly the ground truth of every list whatever pages fail (up to the retry limit), with prefetch', async () => {
    const plans = fc.array(fc.array(fc.constantFrom(...IN_MEMORY_FAULTS), { maxLength: 2 }), {
      minLength: 1,
      maxLength: 12,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<List>('transactions', 'transfers', 'events'),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 4 }),
        plans,
        async (list, size, concurrency, plan) => {
          const pageSize = list === 'events' ? 1 + (size % 3) : Math.max(5, size);
          const pageOf = ordinals();
          const faulty = faultyFetch(
            worldFetch(world),
            (url, attempt) => plan[pageOf(url) % plan.length]?.[attempt - 1],
          );
          const client = createClient({ fetch: faulty.fetch, timeoutMs: 0 });
          const { items, error } = await collect(iterate(client, list, { pageSize, concurrency }));
          expect(error).toBeUndefined();
          expect(items).toEqual(truth[list]);
        },
      ),
      { numRuns: RUNS },
    );
    // A property over many runs: the limit is for a machine shared with other jobs, not a speed claim.
  }, 60_000);

  it.each([
    ['503', ServerError],
    ['reset-mid-body', ConnectionError],
    ['network-error', ConnectionError],
  ] as const)(
    'stops with the typed error when a page fails (%s) more often than it is retried, after a clean prefix',
    async (fault, type) => {
      const pageOf = ordinals();
      const faulty = faultyFetch(worldFetch(world), (url) => (pageOf(url) === 2 ? fault : undefined));
      const client = createClient({ fetch: faulty.fetch, timeoutMs: 0 });
      const { items, error } = await collect(iterate(client, 'transfers', { pageSize: 25 }));
      expect(error).toBeInstanceOf(type);
      expect(items).toEqual(truth.transfers.slice(0, 50));
      expect(faulty.stats.faults).toBe(3);
    },
  );

  it('rejects at once with AbortError when aborted while a page waits for its retry', async () => {
    const pageOf = ordinals();
    const faulty = faultyFetch(worldFetch(world), (url) => (pageOf(url) === 1 ? '503' : undefined));
    const client = createClient({ fetch: faulty.fetch, timeoutMs: 0 });
    const controller = new AbortController();
    const seen: (string | number)[] = [];
    const run = track(
      (async () => {
        for await (const id of iterate(client, 'transactions', { pageSize: 20, signal: controller.signal }))
          seen.push(id);
      })(),
    );
    await until(() => faulty.stats.faults === 1, 'the failing page');
    await flushIo();
    const start = Date.now();
    controller.abort();
    await flushIo();
    expect(run.settled).toBe(true);
    expect(run.error).toBeInstanceOf(AbortError);
    expect(Date.now()).toBe(start);
    expect(seen).toEqual(truth.transactions.slice(0, 20));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(faulty.stats.requests).toBe(2);
  });
});
