import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createWorld } from '../../src';
import { createHandlers } from '../../src/msw';
import { call } from '../support/call';
import { query, requestArbitraries } from '../support/request-arbitraries';
import { schemaErrors } from '../support/spec-schemas';

// The three successor operations over their whole valid request space, as conformance.test.ts does for the seven:
// every valid request gets a schema-valid answer (a 200, or the burn block's 404), a page holds no more rows than
// its limit, and nothing gets a 400 or a 5xx: a cursor of the right form is a position, never refused.
const world = createWorld({ seed: 5 });
const handlers = createHandlers({ world });
const fx = world.fixtures;
const RUNS = 120;
const MAX_32 = 2_147_483_647;

const { principal, randomCase, hash64, txId, offset } = requestArbitraries(world);

/** The cursors of `fx.address`'s v3 list, read page by page (real positions, the first and last included). */
function listCursors(): string[] {
  const cursors: string[] = [];
  let cursor: string | null = null;
  do {
    const page = world.listPrincipalTransactions(
      fx.address,
      cursor === null ? { limit: 7 } : { limit: 7, cursor },
    );
    if ('error' in page) throw new Error(page.error);
    if (page.cursor.current !== null) cursors.push(page.cursor.current);
    cursor = page.cursor.next;
  } while (cursor !== null && cursors.length < 40);
  return cursors;
}

const positionCursor = fc.oneof(
  fc.constantFrom(...listCursors()),
  fc
    .tuple(
      fc.integer({ min: 0, max: world.tip.height + 5 }),
      fc.oneof(fc.constant(0), fc.integer({ min: 0, max: MAX_32 })),
      fc.oneof(fc.integer({ min: 0, max: 60 }), fc.constant(MAX_32)),
    )
    .map((parts) => parts.join(':')),
);
/** The cursors of the fixture transaction's balance changes for `fx.address`, one asset at a time. */
function assetCursors(): string[] {
  const cursors: string[] = [];
  let cursor: string | null = null;
  do {
    const page = world.listPrincipalTransactionBalanceChanges(
      fx.address,
      fx.txId,
      cursor === null ? { limit: 1 } : { limit: 1, cursor },
    );
    if (page.cursor.current !== null) cursors.push(page.cursor.current);
    cursor = page.cursor.next;
  } while (cursor !== null);
  return cursors;
}

const assetCursor = fc.oneof(
  fc.constantFrom(...assetCursors()),
  fc
    .tuple(fc.integer({ min: 0, max: 9 }), fc.stringMatching(/^\S{1,40}$/))
    .map(([type, identifier]) => `${type}:${identifier}`),
);
const v3Limit = fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined });
const option = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const heightOrHash = fc.oneof(
  fc.constant('latest'),
  fc
    .integer({ min: Math.max(0, fx.burnBlockHeight - 50), max: world.tip.burn_block_height + 20 })
    .map(String),
  fc
    .oneof(
      fc.constantFrom(fx.burnBlockHash, world.tip.burn_block_hash),
      hash64.map((h) => `0x${h}`),
    )
    .chain((hash) => fc.tuple(fc.boolean(), randomCase(hash.slice(2))))
    .map(([prefix, body]) => (prefix ? `0x${body}` : body)),
);

/** What each answers a valid request: the v3 lists never refuse or miss (an empty page instead). */
const STATUSES = {
  getPrincipalTransactions: [200],
  getPrincipalTransactionBalanceChanges: [200],
  getBlocksByBurnBlock: [200, 404],
};

const validRequests = {
  getPrincipalTransactions: fc
    .record({ principal, limit: v3Limit, cursor: option(positionCursor) })
    .map(({ principal: p, limit, cursor }) => ({
      path: `/extended/v3/principals/${p}/transactions${query([
        ['limit', limit],
        ['cursor', cursor],
      ])}`,
    })),
  getPrincipalTransactionBalanceChanges: fc
    .record({
      principal: fc.oneof(fc.constant(fx.address), principal),
      txId: fc.oneof(fc.constant(fx.txId), txId),
      limit: v3Limit,
      cursor: option(assetCursor),
    })
    .map(({ principal: p, txId: id, limit, cursor }) => ({
      path: `/extended/v3/principals/${p}/transactions/${id}/balance-changes${query([
        ['limit', limit],
        ['cursor', cursor],
      ])}`,
    })),
  getBlocksByBurnBlock: fc
    .record({ heightOrHash, limit: option(fc.integer({ min: 0, max: 30 })), offset })
    .map(({ heightOrHash: ref, limit, offset: o }) => ({
      path: `/extended/v2/burn-blocks/${ref}/blocks${query([
        ['limit', limit],
        ['offset', o],
      ])}`,
    })),
};

describe('conformance of the successors: valid requests', () => {
  for (const [operationId, requests] of Object.entries(validRequests)) {
    const statuses: number[] = STATUSES[operationId as keyof typeof STATUSES];
    it(`${operationId}: a schema-valid ${statuses.join(' or ')}`, async () => {
      const seen = new Set<number>();
      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          const answer = await call(handlers, request.path);
          seen.add(answer.status);
          expect(statuses, request.path).toContain(answer.status);
          expect(schemaErrors(operationId, answer.status, answer.body), request.path).toBeUndefined();
          const body = answer.body as { limit?: number; results?: unknown[] };
          if (answer.status === 200) expect(body.results?.length).toBeLessThanOrEqual(body.limit ?? 0);
        }),
        { numRuns: RUNS },
      );
      expect(seen.has(200), `${operationId} never answered 200`).toBe(true);
    });
  }
});
