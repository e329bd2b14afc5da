// A migration rehearsed against the mock: the app's old code path (the deprecated v2 list) and its new one (the v3
// successor) run against one seeded world, and must show the user the same history, before and after a re-org.
import { createCore, getAddressTransactions, getPrincipalTransactions, iterate } from '@blockindex/client';
import { setupMockServer } from '@blockindex/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

const mock = setupMockServer();
const { address } = mock.world.fixtures;
beforeAll(() => mock.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.reset());
afterAll(() => mock.close());

/** The old path: every transaction id with the STX it sent, from the deprecated list. */
async function oldHistory(core: ReturnType<typeof createCore>) {
  const rows: [string, string][] = [];
  for await (const row of iterate(getAddressTransactions(core, address, {}, { pageSize: 50 }))) {
    rows.push([row.tx.tx_id, row.stx_sent]);
  }
  return rows;
}

/** The new path: the same, iterating the successor (which pages by its `cursor`). */
async function newHistory(core: ReturnType<typeof createCore>) {
  const rows: [string, string][] = [];
  for await (const row of iterate(getPrincipalTransactions(core, address, {}, { pageSize: 50 }))) {
    rows.push([row.transaction.tx_id, row.balance_changes.stx.sent]);
  }
  return rows;
}

describe('migrating from getAddressTransactions to getPrincipalTransactions', () => {
  it('shows the same transactions, in the same order, with the same STX sent', async () => {
    const core = createCore();
    expect(await newHistory(core)).toEqual(await oldHistory(core));
  });

  it('still agrees after blocks are mined and a re-org', async () => {
    const core = createCore();
    for (let i = 0; i < 3; i++) mock.world.mineBlock({ address });
    mock.world.reorg({ depth: 2, replaceWith: 1 });
    expect(await newHistory(core)).toEqual(await oldHistory(core));
  });
});
