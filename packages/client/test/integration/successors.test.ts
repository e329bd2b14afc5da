import { createFetchHandler, createWorld } from '@blockindex/mock';
import { describe, expect, it } from 'vitest';
import {
  createCore,
  GoneError,
  getAddressTransactions,
  getBlockByBurnBlockHash,
  getBlockByBurnBlockHeight,
  getBlocksByBurnBlock,
  getPrincipalTransactionBalanceChanges,
  getPrincipalTransactions,
  iterate,
  NotFoundError,
  type PrincipalTransaction,
} from '../../src/index.js';

// The successors against the mock's fetch handler, beside the deprecated calls they replace: the same chain
// answers both, so a migration is checked answer by answer.
const world = createWorld({ seed: 1 });
const handler = createFetchHandler({ world });
const core = createCore({ fetch: handler, retry: { maxRetries: 0 } });
const { address, txId, burnBlockHeight, burnBlockHash } = world.fixtures;

/** Every row of the v3 list, following `cursor.next`. */
async function everyRow(principal: string, limit: number): Promise<PrincipalTransaction[]> {
  const rows: PrincipalTransaction[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await getPrincipalTransactions(core, principal, cursor ? { limit, cursor } : { limit });
    rows.push(...page.results);
    if (page.body.cursor.next === null) return rows;
    cursor = page.body.cursor.next;
  }
}

describe('the successor operations against the mock', () => {
  it('getPrincipalTransactions walks the same transactions, in order, with the same STX totals as getAddressTransactions', async () => {
    const v3 = await everyRow(address, 50);
    const v2 = [];
    for await (const row of iterate(getAddressTransactions(core, address, {}, { pageSize: 50 })))
      v2.push(row);
    expect(v3.map((row) => row.transaction.tx_id)).toEqual(v2.map((row) => row.tx.tx_id));
    for (const [i, row] of v3.entries()) {
      expect(row.balance_changes.stx.sent).toBe(v2[i]?.stx_sent);
      expect(row.balance_changes.stx.received).toBe(v2[i]?.stx_received);
    }
    expect(await everyRow(address, 7)).toEqual(v3);
  });

  it('getPrincipalTransactionBalanceChanges lists one row per asset, the tx id normalized', async () => {
    const page = await getPrincipalTransactionBalanceChanges(core, address, txId.slice(2).toUpperCase());
    expect(page.results.map((row) => row.asset.type)).toEqual(expect.arrayContaining(['stx', 'ft', 'nft']));
    expect(page.total).toBe(page.results.length);
    const unknown = await getPrincipalTransactionBalanceChanges(core, address, `0x${'0'.repeat(64)}`);
    expect(unknown.results).toEqual([]);
  });

  it('getBlocksByBurnBlock starts with the block the deprecated lookups return, by height, hash or latest', async () => {
    const byHeight = await getBlocksByBurnBlock(core, burnBlockHeight);
    const byHash = await getBlocksByBurnBlock(core, burnBlockHash.slice(2));
    const v1 = await getBlockByBurnBlockHeight(core, burnBlockHeight);
    expect(byHash.toJSON()).toEqual(byHeight.toJSON());
    expect(byHeight.results[0]?.index_block_hash).toBe(v1.index_block_hash);
    expect((await getBlockByBurnBlockHash(core, burnBlockHash)).index_block_hash).toBe(v1.index_block_hash);
    const latest = await getBlocksByBurnBlock(core, 'latest', { limit: 1 });
    expect(latest.results[0]?.height).toBe(world.tip.height);
    await expect(getBlocksByBurnBlock(core, 1)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses arguments that cannot be sent, before any request', async () => {
    await expect(getBlocksByBurnBlock(core, -1)).rejects.toThrow(TypeError);
    await expect(getBlocksByBurnBlock(core, 'tip')).rejects.toThrow(/heightOrHash must be 'latest'/);
    await expect(getPrincipalTransactions(core, '')).rejects.toThrow(/principal must be a non-empty string/);
    await expect(
      getPrincipalTransactions(core, address, null as unknown as Record<string, never>),
    ).rejects.toThrow(/query must be an object/);
  });

  it('names the successor function and its path when a deprecated operation is gone', async () => {
    const sunset = createFetchHandler({ world });
    sunset.scenarios.sunset('all');
    const gone = createCore({ fetch: sunset, retry: { maxRetries: 0 } });
    const error = await getBlockByBurnBlockHeight(gone, burnBlockHeight).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoneError);
    expect((error as GoneError).replacement).toBe(
      'getBlocksByBurnBlock (GET /extended/v2/burn-blocks/{height_or_hash}/blocks)',
    );
    // The successor keeps answering.
    expect((await getBlocksByBurnBlock(gone, burnBlockHeight)).total).toBeGreaterThan(0);
  });
});
