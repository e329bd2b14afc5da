import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BASE_URL } from '../../../src';
import { setupMockServer } from '../../../src/node';

const mock = setupMockServer({ seed: 4 });

beforeAll(() => mock.listen());
afterEach(() => mock.reset());
afterAll(() => mock.close());

const list = async (address: string) =>
  (await (
    await fetch(`${DEFAULT_BASE_URL}/extended/v2/addresses/${address}/transactions?limit=50`)
  ).json()) as {
    total: number;
    results: { tx: { tx_id: string } }[];
  };

describe('setupMockServer and re-orgs', () => {
  it('serves the re-orged world after mock.world.reorg: orphaned rows gone, total down by as many', async () => {
    const { address } = mock.world.fixtures;
    const before = await list(address);
    const { orphanedTransactions } = mock.world.reorg({ depth: 6 });
    const orphaned = new Set(orphanedTransactions);
    const gone = before.results.filter((row) => orphaned.has(row.tx.tx_id)).length;
    expect(gone).toBeGreaterThan(0);
    const after = await list(address);
    expect(after.total).toBe(before.total - gone);
    expect(after.results.some((row) => orphaned.has(row.tx.tx_id))).toBe(false);
  });

  it('applies a scheduled re-org (mock.scenarios.reorgAfter) on the request it falls on', async () => {
    const { address } = mock.world.fixtures;
    const tip = mock.world.tip.height;
    mock.scenarios.reorgAfter(1, { depth: 2 });
    await list(address);
    expect(mock.world.tip.height).toBe(tip);
    await list(address);
    expect(mock.world.tip.height).toBe(tip - 2);
  });
});
