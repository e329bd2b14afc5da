import { beforeAll, describe, expect, it } from 'vitest';
import { generateChain } from '../../src/world/genesis';
import type { ChainIndex } from '../../src/world/indexes';
import type { TxRecord } from '../../src/world/model';
import { listAddressTransactions, listTransactionsWithTransfers } from '../../src/world/queries';

/** Swaps a principal's list for a proxy that counts element reads (`list[i]`), the unit of work of a page. */
function instrument(index: ChainIndex, principal: string): { reads: () => number; reset: () => void } {
  const list = index.principalTxs.get(principal);
  if (!list) throw new Error('no such principal');
  let reads = 0;
  const proxy = new Proxy(list, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
      return Reflect.get(target, key, receiver);
    },
  });
  index.principalTxs.set(principal, proxy as TxRecord[]);
  return { reads: () => reads, reset: () => (reads = 0) };
}

describe('page cost', () => {
  let index: ChainIndex;
  let busy: string;
  let n: number;
  let counter: ReturnType<typeof instrument>;

  beforeAll(() => {
    const generated = generateChain(5, { blocks: 400, transactionsPerBlock: 12, addresses: 40 });
    index = generated.chain.index;
    busy = generated.chain.state.accounts.busy[0];
    n = index.principalTxs.get(busy)?.length ?? 0;
    counter = instrument(index, busy);
  });

  const logBound = () => 2 * Math.ceil(Math.log2(n + 1)) + 2;

  it.each([0, 100, 1_000, 1_500])('reads only the page (limit 20) at offset %i, plus cursors', (offset) => {
    expect(n).toBeGreaterThan(1_500);
    counter.reset();
    listAddressTransactions(index, busy, { limit: 20, offset });
    expect(counter.reads()).toBeLessThanOrEqual(20 + 3);
  });

  it('reads the same amount of entries whatever the offset', () => {
    const costs = [300, 800, 1_400].map((offset) => {
      counter.reset();
      listAddressTransactions(index, busy, { limit: 50, offset });
      return counter.reads();
    });
    expect(new Set(costs).size).toBe(1);
  });

  it('finds a cursor by binary search, not by scanning', () => {
    const list = index.principalTxs.get(busy) as TxRecord[];
    const deep = list[100] as TxRecord;
    const cursor = `${deep.block.indexBlockHash}:2147483647:${deep.txIndex}`;
    counter.reset();
    const page = listAddressTransactions(index, busy, { limit: 10, offset: 5, cursor });
    expect('results' in page && page.results.length).toBe(10);
    expect(counter.reads()).toBeLessThanOrEqual(10 + 3 + logBound());
  });

  it('filters transactions_with_transfers by height with binary searches', () => {
    const list = index.principalTxs.get(busy) as TxRecord[];
    const height = (list[700] as TxRecord).block.height;
    counter.reset();
    listTransactionsWithTransfers(index, busy, { limit: 20, offset: 0, unanchored: false, height });
    expect(counter.reads()).toBeLessThanOrEqual(20 + 2 * logBound());
    counter.reset();
    listTransactionsWithTransfers(index, busy, {
      limit: 20,
      offset: 900,
      unanchored: false,
      untilBlockHeight: height,
    });
    expect(counter.reads()).toBeLessThanOrEqual(20 + logBound());
  });
});
