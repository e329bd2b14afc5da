import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFetchHandler, createScenarios, createWorld, type FetchHandler } from '../../src';
import type { OperationId } from '../../src/engine/answer';
import { schemaErrors } from '../support/spec-schemas';

const ORIGIN = 'http://mock.test';

async function get(handler: FetchHandler, path: string, headers: Record<string, string> = {}) {
  const response = await handler(new Request(ORIGIN + path, { headers }));
  const text = await response.text();
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    text,
    body: text ? JSON.parse(text) : null,
  };
}

/** Every operation's answer validates against the spec for its status. */
async function expectConforming(handler: FetchHandler, requests: [OperationId, string][]) {
  for (const [operationId, path] of requests) {
    const { status, body } = await get(handler, path);
    expect(status, path).toBeLessThan(500);
    expect(schemaErrors(operationId, status, body), `${path} → ${status}`).toBeUndefined();
  }
}

describe('answers after a re-org', () => {
  it('validate against the spec for all seven operations, orphaned blocks and transactions included', async () => {
    const world = createWorld({ seed: 4, blocks: 80 });
    const handler = createFetchHandler({ world });
    const fx = world.fixtures;
    const contractId = `${fx.address}.deployed-then-orphaned`;
    world.addContract({ contractId });
    const first = await get(handler, `/extended/v2/addresses/${fx.address}/transactions?limit=2`);
    const { orphanedBlocks, orphanedTransactions } = world.reorg({ depth: 4, replaceWith: 1 });
    const orphan = world.getBlockByHash(orphanedBlocks[0] ?? '');
    if (!orphan) throw new Error('orphaned block unknown');
    expect(orphan.canonical).toBe(false);
    const requests: [OperationId, string][] = [
      ['getBlockByBurnBlockHeight', `/extended/v1/block/by_burn_block_height/${orphan.burn_block_height}`],
      ['getBlockByBurnBlockHash', `/extended/v1/block/by_burn_block_hash/${orphan.burn_block_hash}`],
      ['getBlockByBurnBlockHeight', `/extended/v1/block/by_burn_block_height/${world.tip.burn_block_height}`],
      ['getSmartContractsStatus', `/extended/v2/smart-contracts/status?contract_id=${contractId}`],
      [
        'getAddressTransactions',
        `/extended/v2/addresses/${fx.address}/transactions?cursor=${first.body.cursor}`,
      ],
      ['getAddressTransactions', `/extended/v2/addresses/${fx.address}/transactions?offset=3&limit=50`],
      [
        'getAccountTransactionsWithTransfers',
        `/extended/v1/address/${fx.address}/transactions_with_transfers`,
      ],
      ['getBrc20Token', `/ordinals/v1/brc-20/tokens/${fx.ticker}`],
      ...orphanedTransactions.map((txId): [OperationId, string] => [
        'getAddressTransactionEvents',
        `/extended/v2/addresses/${fx.address}/transactions/${txId}/events`,
      ]),
    ];
    await expectConforming(handler, requests);
    const byBurn = await get(handler, requests[0]?.[1] ?? '');
    expect(byBurn.body).toMatchObject({ canonical: false, txs: [], hash: orphan.hash });
  });

  it('validate against the spec over random sequences of mining and re-orgs, old cursors included', async () => {
    const step = fc.oneof(
      fc.record({ mine: fc.integer({ min: 0, max: 5 }) }),
      fc.record({ depth: fc.integer({ min: 1, max: 6 }), replaceWith: fc.integer({ min: 0, max: 3 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 5 }), async (steps) => {
        const world = createWorld({ seed: 8, blocks: 50 });
        const handler = createFetchHandler({ world });
        const fx = world.fixtures;
        const txs = `/extended/v2/addresses/${fx.address}/transactions?limit=7`;
        const cursors: string[] = [];
        const orphaned: string[] = [];
        const burnHeights = new Set<number>();
        for (const s of steps) {
          cursors.push((await get(handler, txs)).body.cursor);
          burnHeights.add(world.tip.burn_block_height);
          if ('mine' in s) world.mineBlock({ address: fx.address, transactions: s.mine });
          else if (world.maxReorgDepth > 0) {
            const depth = Math.min(s.depth, world.maxReorgDepth);
            orphaned.push(...world.reorg({ depth, replaceWith: s.replaceWith }).orphanedTransactions);
          }
        }
        await expectConforming(handler, [
          ...cursors.map((c): [OperationId, string] => ['getAddressTransactions', `${txs}&cursor=${c}`]),
          ...[...burnHeights].map((h): [OperationId, string] => [
            'getBlockByBurnBlockHeight',
            `/extended/v1/block/by_burn_block_height/${h}`,
          ]),
          ...orphaned
            .slice(0, 20)
            .map((id): [OperationId, string] => [
              'getAddressTransactionEvents',
              `/extended/v2/addresses/${fx.address}/transactions/${id}/events`,
            ]),
          [
            'getAccountTransactionsWithTransfers',
            `/extended/v1/address/${fx.address}/transactions_with_transfers`,
          ],
        ]);
      }),
      { numRuns: 15 },
    );
  });

  it('moves the chain-tip ETag back to the new tip, so revalidating with the old one gets the new body', async () => {
    const world = createWorld({ seed: 4, blocks: 80 });
    const handler = createFetchHandler({ world });
    const older = world.getBlockByHeight(world.tip.height - 2);
    const path = `/extended/v1/block/by_burn_block_height/${world.tip.burn_block_height}`;
    const before = await get(handler, path);
    expect(before.etag).toBe(`"${world.tip.index_block_hash}"`);
    world.reorg({ depth: 2 });
    const after = await get(handler, path, { 'if-none-match': before.etag ?? '' });
    expect(after.status).toBe(200);
    expect(after.etag).toBe(`"${older?.index_block_hash}"`);
    expect((await get(handler, path, { 'if-none-match': after.etag ?? '' })).status).toBe(304);
  });

  it('are byte-identical for the same seed and the same sequence of mining and re-orgs', async () => {
    const run = async () => {
      const handler = createFetchHandler({ world: createWorld({ seed: 11, blocks: 80 }) });
      const { world } = handler;
      const fx = world.fixtures;
      world.mineBlock({ address: fx.address });
      const reorgs = [world.reorg({ depth: 3, replaceWith: 2 })];
      world.mineBlock();
      reorgs.push(world.reorg({ depth: 2 }));
      const paths = [
        `/extended/v2/addresses/${fx.address}/transactions?limit=50`,
        `/extended/v1/address/${fx.address}/transactions_with_transfers?limit=50`,
        ...reorgs.flatMap((r) =>
          r.orphanedTransactions.map(
            (id) => `/extended/v2/addresses/${fx.address}/transactions/${id}/events`,
          ),
        ),
        ...Array.from(
          { length: 8 },
          (_, i) => `/extended/v1/block/by_burn_block_height/${world.tip.burn_block_height - 3 + i}`,
        ),
      ];
      const answers = [];
      for (const path of paths) answers.push(await get(handler, path));
      return JSON.stringify([reorgs, answers]);
    };
    expect(await run()).toBe(await run());
  });
});

describe('the re-org scenario', () => {
  it('re-orgs after k requests, so a listing sees the total shrink in its middle', async () => {
    const scenarios = createScenarios();
    const handler = createFetchHandler({ world: createWorld({ seed: 4, blocks: 80 }), scenarios });
    const { address } = handler.world.fixtures;
    const tip = handler.world.tip.height;
    scenarios.reorgAfter(2, { depth: 5 });
    expect(scenarios.state.pendingReorgs).toBe(1);
    const totals = [];
    for (let offset = 0; offset < 4 * 20; offset += 20) {
      const page = await get(
        handler,
        `/extended/v2/addresses/${address}/transactions?limit=20&offset=${offset}`,
      );
      totals.push(page.body.total);
    }
    expect(handler.world.tip.height).toBe(tip - 5);
    expect(totals[0]).toBe(totals[1]);
    expect(totals[2]).toBeLessThan(totals[1]);
    expect(totals[3]).toBe(totals[2]);
    expect(scenarios.state.pendingReorgs).toBe(0);
  });

  it('answers the request it falls on with a 500 saying why when the world cannot re-org that deep', async () => {
    const scenarios = createScenarios().reorgAfter(0, { depth: 100_000 });
    const handler = createFetchHandler({ world: createWorld({ seed: 4, blocks: 80 }), scenarios });
    const tip = handler.world.tip.height;
    const { status, body } = await get(handler, `/ordinals/v1/brc-20/tokens/ordi`);
    expect(status).toBe(500);
    expect(body.message).toMatch(/scheduled re-org .* depth 100000 is deeper than this world allows/);
    expect(handler.world.tip.height).toBe(tip);
    expect((await get(handler, `/ordinals/v1/brc-20/tokens/ordi`)).status).toBe(200);
  });

  it.each([
    [-1, { depth: 1 }, RangeError],
    [1.5, { depth: 1 }, RangeError],
    [0, { depth: 0 }, RangeError],
    [0, { depth: '1' }, TypeError],
    [0, { depth: 1, after: 2 }, TypeError],
  ])('refuses reorgAfter(%j, %j)', (requests, options, type) => {
    const scenarios = createScenarios();
    expect(() => scenarios.reorgAfter(requests, options as never)).toThrow(type);
    expect(scenarios.state.pendingReorgs).toBe(0);
  });
});
