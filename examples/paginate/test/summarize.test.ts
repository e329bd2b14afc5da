import { createWorld } from '@blockindex/mock';
import { describe, expect, it } from 'vitest';
import { emptySummary, FAMILIES, formatStx, KINDS, summarize } from '../src/summarize.js';

describe('formatStx', () => {
  it.each([
    [0n, '0.000000 STX'],
    [1n, '0.000001 STX'],
    [1_500_000n, '1.500000 STX'],
    [1_234_567_890_123n, '1,234,567.890123 STX'],
    // Beyond 2^53: BigInt keeps every digit.
    [123_456_789_012_345_678_901n, '123,456,789,012,345.678901 STX'],
    [-2_000_001n, '-2.000001 STX'],
  ])('formats %s µSTX as %s', (microStx, want) => {
    expect(formatStx(microStx)).toBe(want);
  });
});

describe('summarize', () => {
  it('returns an empty summary for no transactions', () => {
    expect(summarize([])).toEqual(emptySummary());
  });

  // Ground truth: the mock's seeded world. The summary is built from the v2 transactions list (what the
  // script iterates) and checked against two other endpoints of the same world.
  const world = createWorld();
  const { address } = world.fixtures;
  const all = readAll((offset) => world.listAddressTransactions(address, { limit: 50, offset }));
  const summary = summarize(all.results);

  it('counts every transaction of the address', () => {
    expect(all.results).toHaveLength(all.total);
    expect(summary.count).toBe(all.total);
    expect(summary.count).toBeGreaterThan(100); // a busy address: several pages of 50
  });

  it('adds STX sent and received as the transfers endpoint reports them', () => {
    const withTransfers = readAll((offset) =>
      world.listTransactionsWithTransfers(address, { limit: 50, offset, unanchored: false }),
    );
    const sum = (values: string[]) => values.reduce((total, value) => total + BigInt(value), 0n);
    expect(summary.stxSent).toBe(sum(withTransfers.results.map((r) => r.stx_sent)));
    expect(summary.stxReceived).toBe(sum(withTransfers.results.map((r) => r.stx_received)));
  });

  it('counts events by family as the events endpoint lists them', () => {
    const want = emptySummary().events;
    for (const { tx } of all.results) {
      const events = readAll((offset) =>
        world.listAddressTransactionEvents(address, tx.tx_id, { limit: 50, offset }),
      );
      for (const event of events.results) want[event.type][event.data.type] += 1;
    }
    expect(summary.events).toEqual(want);
    // The seeded world exercises every family, so a mix-up between two of them cannot go unnoticed.
    for (const family of FAMILIES) expect(KINDS.some((kind) => summary.events[family][kind] > 0)).toBe(true);
  });
});

/** Reads a whole offset-paginated list from the world, 50 rows at a time. */
function readAll<T>(read: (offset: number) => { total: number; results: T[] } | { error: string }): {
  total: number;
  results: T[];
} {
  const results: T[] = [];
  let total = Number.POSITIVE_INFINITY;
  while (results.length < total) {
    const page = read(results.length);
    if ('error' in page) throw new Error(page.error);
    total = page.total;
    if (page.results.length === 0) break;
    results.push(...page.results);
  }
  return { total, results };
}
