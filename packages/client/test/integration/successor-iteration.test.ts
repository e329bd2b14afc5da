// The three successor lists as a user iterates them, through createClient's methods, against every host of the mock
// (msw, the fetch handler, the standalone server): exact on a still chain, while blocks are mined between pages, and
// across a re-org mid-iteration (every row there at the start and at the end delivered once, nothing else, and every
// delivered row the re-org took reported through onReorg).
import type { World } from '@blockindex/mock';
import { describe, expect, it } from 'vitest';
import type { BlockindexClient, ListOptions, Middleware } from '../../src/index.js';
import { busyAtTheTip } from '../helpers/busy-at-the-tip.js';
import { mockHosts } from '../helpers/mock-hosts.js';

const hosts = mockHosts();

/** One successor list: where to point it in a world, its rows as the world holds them, and its iteration. */
interface ListCase {
  /** The list's arguments in this world: a principal (and a transaction), or a burn block height. */
  pick: (world: World) => string[];
  truth: (world: World, args: string[]) => string[];
  iterate: (client: BlockindexClient, args: string[], options: ListOptions) => AsyncIterable<unknown>;
  id: (row: unknown) => string;
}

const lists: [string, ListCase][] = [
  [
    'getPrincipalTransactions',
    {
      pick: (world) => [busyAtTheTip(world, 30)],
      truth: (world, [principal]) => {
        const page = world.listPrincipalTransactions(principal as string, { limit: 1_000_000 });
        if ('error' in page) throw new Error(page.error);
        return page.results.map((row) => row.transaction.tx_id);
      },
      iterate: (client, [principal], options) =>
        client.getPrincipalTransactions(principal as string, {}, options),
      id: (row) => (row as { transaction: { tx_id: string } }).transaction.tx_id,
    },
  ],
  [
    'getPrincipalTransactionBalanceChanges',
    {
      // The transaction that moved the most assets for the fixture address, so its list has pages to turn.
      pick: (world) => {
        const principal = world.fixtures.address;
        const page = world.listPrincipalTransactions(principal, { limit: 1_000_000 });
        if ('error' in page) throw new Error(page.error);
        let best = { txId: world.fixtures.txId, total: 0 };
        for (const row of page.results) {
          const txId = row.transaction.tx_id;
          const { total } = world.listPrincipalTransactionBalanceChanges(principal, txId, { limit: 1 });
          if (total > best.total) best = { txId, total };
        }
        expect(best.total).toBeGreaterThanOrEqual(2);
        return [principal, best.txId];
      },
      truth: (world, [principal, txId]) =>
        world
          .listPrincipalTransactionBalanceChanges(principal as string, txId as string, { limit: 1_000_000 })
          .results.map((row) => JSON.stringify(row.asset)),
      iterate: (client, [principal, txId], options) =>
        client.getPrincipalTransactionBalanceChanges(principal as string, txId as string, {}, options),
      id: (row) => JSON.stringify((row as { asset: unknown }).asset),
    },
  ],
  [
    'getBlocksByBurnBlock',
    {
      // The burn block of the chain tip: the blocks a shallow re-org replaces.
      pick: (world) => [String(world.getBlockByHeight(world.tip.height)?.burn_block_height)],
      truth: (world, [height]) =>
        (
          world.listBlocksByBurnBlock({ height: Number(height) }, { offset: 0, limit: 1_000_000 })?.results ??
          []
        ).map((block) => block.hash),
      iterate: (client, [height], options) => client.getBlocksByBurnBlock(Number(height), {}, options),
      id: (row) => (row as { hash: string }).hash,
    },
  ],
];

async function drain(rows: AsyncIterable<unknown>, id: (row: unknown) => string): Promise<string[]> {
  const ids: string[] = [];
  for await (const row of rows) ids.push(id(row));
  return ids;
}

describe.each(hosts)('the successor lists through createClient (%s)', (_, makeHost) => {
  it.each(lists)('%s: for await gives the list exactly, in order, with any page size', async (_n, list) => {
    const host = await makeHost();
    const args = list.pick(host.world);
    const want = list.truth(host.world, args);
    expect(want.length).toBeGreaterThan(0);
    const client = host.client();
    for (const pageSize of [1, 2, 50]) {
      expect(await drain(list.iterate(client, args, { pageSize }), list.id)).toEqual(want);
    }
  });

  it.each(lists)('%s: stays exact while blocks are mined between pages', async (_n, list) => {
    const host = await makeHost();
    const args = list.pick(host.world);
    const want = list.truth(host.world, args);
    let mined = 0;
    const mining: Middleware = {
      onResponse: () => {
        host.world.mineBlock({ address: args[0] as string, transactions: 2 });
        mined += 1;
      },
    };
    expect(await drain(list.iterate(host.client(mining), args, { pageSize: 1 }), list.id)).toEqual(want);
    expect(mined).toBeGreaterThanOrEqual(want.length);
  });

  it.each(lists)(
    '%s: across a re-org, delivers the rows kept once and reports those it orphaned',
    async (_n, list) => {
      for (const [after, depth, replaceWith] of [
        [1, 2, 1],
        [2, 3, 0],
      ] as const) {
        const host = await makeHost();
        const args = list.pick(host.world);
        const start = list.truth(host.world, args);
        host.scenarios.reorgAfter(after, { depth, replaceWith });
        const reported: string[] = [];
        const onReorg = (e: { orphaned: unknown[] }) => reported.push(...e.orphaned.map(list.id));
        const delivered = await drain(list.iterate(host.client(), args, { pageSize: 1, onReorg }), list.id);
        const end = new Set(list.truth(host.world, args));
        expect(new Set(delivered).size).toBe(delivered.length);
        for (const id of start) if (end.has(id)) expect(delivered).toContain(id);
        for (const id of delivered) expect(end.has(id) || start.includes(id)).toBe(true);
        for (const id of delivered) if (!end.has(id)) expect(reported).toContain(id);
      }
    },
    30_000,
  );
});
