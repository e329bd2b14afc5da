import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFetchHandler, createWorld } from '../../src';

// An ETag that lies makes a revalidating client keep a stale body (304). Over random sequences of every
// mutation the world allows, two answers with the same ETag on the same path must have the same body.
type Mutation =
  | { kind: 'mine'; transactions: number }
  | { kind: 'contract'; name: string; status: 'pending' | 'success' | 'abort_by_response' }
  | { kind: 'token'; ticker: string }
  | { kind: 'reorg'; depth: number; replaceWith: number }
  | { kind: 'noop' };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('mine' as const), transactions: fc.integer({ min: 0, max: 4 }) }),
  fc.record({
    kind: fc.constant('contract' as const),
    name: fc.constantFrom('alpha', 'beta', 'gamma'),
    status: fc.constantFrom('pending' as const, 'success' as const, 'abort_by_response' as const),
  }),
  fc.record({ kind: fc.constant('token' as const), ticker: fc.stringMatching(/^[a-z]{4}$/) }),
  fc.record({
    kind: fc.constant('reorg' as const),
    depth: fc.integer({ min: 1, max: 4 }),
    replaceWith: fc.integer({ min: 0, max: 3 }),
  }),
  fc.constant({ kind: 'noop' as const }),
);

describe('ETags never lie', () => {
  it('same path and same ETag ⇒ same body, over random mutation sequences', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 8 }), async (mutations) => {
        const world = createWorld({ seed: 3, blocks: 30 });
        const handler = createFetchHandler({ world });
        const fx = world.fixtures;
        const sender = fx.contractIds[0].split('.')[0] as string;
        // Queried from the start, before any of them is added: a mutation must change their answer's ETag.
        const contractIds = [
          ...fx.contractIds,
          ...['alpha', 'beta', 'gamma'].map((name) => `${sender}.${name}`),
        ];
        const added = new Set<string>();
        const paths = () => [
          `/extended/v2/smart-contracts/status?${contractIds.map((id) => `contract_id=${id}`).join('&')}`,
          `/extended/v1/block/by_burn_block_height/${fx.burnBlockHeight}`,
          `/extended/v1/block/by_burn_block_height/${world.tip.burn_block_height}`,
          `/extended/v1/block/by_burn_block_height/${world.tip.burn_block_height + 1}`,
          `/extended/v1/block/by_burn_block_height/${world.tip.burn_block_height + 2}`,
          `/extended/v1/block/by_burn_block_hash/${fx.burnBlockHash}`,
          `/extended/v2/addresses/${fx.address}/transactions?limit=3`,
          `/extended/v2/addresses/${sender}/transactions?limit=3`,
          `/extended/v1/address/${fx.address}/transactions_with_transfers?limit=3`,
          `/extended/v2/addresses/${fx.address}/transactions/${fx.txId}/events`,
          `/ordinals/v1/brc-20/tokens/${fx.ticker}`,
          '/ordinals/v1/brc-20/tokens/abcd',
        ];
        const seen = new Map<string, string>();
        const observe = async () => {
          for (const path of paths()) {
            const response = await handler(new Request(`http://mock.test${path}`));
            const etag = response.headers.get('etag');
            const body = await response.text();
            if (etag === null) continue;
            const key = `${path} ${etag}`;
            const before = seen.get(key);
            if (before !== undefined) expect(body, `${path} with ETag ${etag}`).toBe(before);
            seen.set(key, body);
          }
        };
        await observe();
        for (const step of mutations) {
          if (step.kind === 'mine') world.mineBlock({ transactions: step.transactions });
          if (step.kind === 'reorg' && world.maxReorgDepth > 0) {
            world.reorg({ depth: Math.min(step.depth, world.maxReorgDepth), replaceWith: step.replaceWith });
          }
          if (step.kind === 'contract') {
            const id = `${sender}.${step.name}`;
            if (!added.has(id)) world.addContract({ contractId: id, status: step.status });
            added.add(id);
          }
          if (step.kind === 'token' && world.getBrc20Token(step.ticker) === undefined) {
            world.addBrc20Token({ ticker: step.ticker });
          }
          await observe();
        }
      }),
      { numRuns: 25 },
    );
  });

  it('a contract added to the mempool changes the status ETag (revalidation gets the new body, not 304)', async () => {
    const world = createWorld({ seed: 1, blocks: 30 });
    const handler = createFetchHandler({ world });
    const id = `${world.fixtures.contractIds[0].split('.')[0]}.newly-pending`;
    const url = `http://mock.test/extended/v2/smart-contracts/status?contract_id=${id}`;
    const first = await handler(new Request(url));
    expect(await first.json()).toEqual({ [id]: { found: false } });
    world.addContract({ contractId: id, status: 'pending' });
    const again = await handler(
      new Request(url, { headers: { 'if-none-match': first.headers.get('etag') ?? '' } }),
    );
    expect(again.status).toBe(200);
    expect((await again.json())[id]).toMatchObject({ found: true, result: { status: 'pending' } });
  });
});
