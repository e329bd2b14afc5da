import type { World } from '@blockindex/mock';
import { describe, expect, it } from 'vitest';
import type { BlockindexClient } from '../../src/index.js';
import { addressTxIds, eventIndexes, transferTxIds } from '../hardening/helpers/ground-truth.js';
import { busyAtTheTip } from '../helpers/busy-at-the-tip';
import { mockHosts } from '../helpers/mock-hosts.js';

// End to end against the mock: a re-org of a few blocks lands in the middle of an iteration ("re-org after k
// requests"). The iteration must end having delivered every row there at its start and at its end, none twice,
// nothing that was in neither, and have reported through onReorg every delivered row missing at its end.

const hosts = mockHosts();

interface ListCase {
  truth: (world: World, address: string) => string[];
  iterate: (
    client: BlockindexClient,
    address: string,
    onReorg: (ids: string[]) => void,
  ) => AsyncIterable<string>;
}

const txId = (row: unknown) => (row as { tx: { tx_id: string } }).tx.tx_id;

const lists: [string, ListCase][] = [
  [
    'getAddressTransactions (cursor)',
    {
      truth: addressTxIds,
      iterate: async function* (client, address, onReorg) {
        const options = {
          pageSize: 7,
          onReorg: (e: { orphaned: unknown[] }) => onReorg(e.orphaned.map(txId)),
        };
        for await (const row of client.getAddressTransactions(address, {}, options)) yield row.tx.tx_id;
      },
    },
  ],
  [
    'getAccountTransactionsWithTransfers (offset)',
    {
      truth: transferTxIds,
      iterate: async function* (client, address, onReorg) {
        const options = {
          pageSize: 7,
          onReorg: (e: { orphaned: unknown[] }) => onReorg(e.orphaned.map(txId)),
        };
        for await (const row of client.getAccountTransactionsWithTransfers(address, {}, options)) {
          yield row.tx.tx_id;
        }
      },
    },
  ],
];

describe.each(hosts)('iteration across a re-org (%s)', (_, makeHost) => {
  it.each(lists)(
    '%s stays exact and reports what it orphaned',
    async (_name, list) => {
      for (const [after, depth, replaceWith] of [
        [1, 2, 1],
        [2, 3, 0],
        [3, 1, 2],
      ] as const) {
        const { world, scenarios, client: clientOf } = await makeHost();
        const client = clientOf();
        const address = busyAtTheTip(world, 30);
        const start = list.truth(world, address);
        scenarios.reorgAfter(after, { depth, replaceWith });
        const delivered: string[] = [];
        const reported: string[] = [];
        for await (const id of list.iterate(client, address, (ids) => reported.push(...ids)))
          delivered.push(id);
        const end = new Set(list.truth(world, address));
        expect(new Set(delivered).size).toBe(delivered.length);
        for (const id of start) if (end.has(id)) expect(delivered).toContain(id);
        for (const id of delivered) expect(end.has(id) || start.includes(id)).toBe(true);
        for (const id of delivered) if (!end.has(id)) expect(reported).toContain(id);
        // The re-org did happen, and reached rows of this list.
        expect(start.length === end.size && start.every((id) => end.has(id))).toBe(false);
      }
    },
    30_000,
  );

  it('getAddressTransactionEvents: a transaction re-orged away and taken back keeps its events exact', async () => {
    const { world, scenarios, client: clientOf } = await makeHost();
    const client = clientOf();
    // A transaction of the newest blocks with several events touching one address: the re-org takes it.
    let newest: { address: string; id: string; events: number; height: number } | undefined;
    for (const address of world.principals()) {
      const page = world.listAddressTransactions(address, { limit: 20, offset: 0 });
      if ('error' in page) continue;
      for (const row of page.results) {
        if (row.tx.block_height <= world.tip.height - 3) break;
        const events = eventIndexes(world, address, row.tx.tx_id).length;
        if (events > (newest?.events ?? 2)) {
          newest = { address, id: row.tx.tx_id, events, height: row.tx.block_height };
        }
      }
    }
    if (newest === undefined) return expect.unreachable('no transaction with events in the newest blocks');
    const { address } = newest;
    const depth = world.tip.height - newest.height + 1;
    const start = eventIndexes(world, address, newest.id);
    scenarios.reorgAfter(1, { depth, replaceWith: 1 });
    const delivered: number[] = [];
    const reported: number[] = [];
    const events = client.getAddressTransactionEvents(
      address,
      newest.id,
      {},
      {
        pageSize: 2,
        onReorg: (e) =>
          reported.push(...e.orphaned.map((row) => (row as { event_index: number }).event_index)),
      },
    );
    for await (const event of events) delivered.push(event.event_index);
    const end = eventIndexes(world, address, newest.id);
    expect(new Set(delivered).size).toBe(delivered.length);
    for (const index of start) if (end.includes(index)) expect(delivered).toContain(index);
    for (const index of delivered) if (!end.includes(index)) expect(reported).toContain(index);
  });
});
