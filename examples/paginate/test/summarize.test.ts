import { createWorld } from '@blockindex/mock';
import { describe, expect, it } from 'vitest';
import { emptySummary, FAMILIES, formatStx, summarize } from '../src/summarize.js';

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

  // Ground truth: the mock's seeded world. The summary is built from the v3 list (what the script iterates) and
  // checked against the deprecated endpoints of the same world, which a migration must agree with.
  const world = createWorld();
  const { address } = world.fixtures;
  const v3 = world.listPrincipalTransactions(address, { limit: 1_000_000 });
  if ('error' in v3) throw new Error(v3.error);
  const summary = summarize(v3.results);
  const v2 = readAll((offset) => world.listAddressTransactions(address, { limit: 50, offset }));

  it('counts every transaction of the address, as the deprecated list does', () => {
    expect(v3.results).toHaveLength(v3.total);
    expect(summary.count).toBe(v2.total);
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

  it('counts the transactions that changed FT and NFT balances as the events endpoint lists them', () => {
    const want = { ft: 0, nft: 0 };
    for (const { tx } of v2.results) {
      const events = readAll((offset) =>
        world.listAddressTransactionEvents(address, tx.tx_id, { limit: 50, offset }),
      );
      for (const family of ['ft', 'nft'] as const) {
        if (events.results.some((event) => event.type === family)) want[family] += 1;
      }
    }
    expect({ ft: summary.affected.ft, nft: summary.affected.nft }).toEqual(want);
    // The seeded world exercises every family, so a mix-up between two of them cannot go unnoticed.
    for (const family of FAMILIES) expect(summary.affected[family]).toBeGreaterThan(0);
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
