import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createWorld } from '../../src';
import { createHandlers } from '../../src/msw';
import { call } from '../support/call';
import { query, requestArbitraries } from '../support/request-arbitraries';
import { schemaErrors } from '../support/spec-schemas';

// Property tests over the whole request space: valid input gets a schema-valid 200 or 404, invalid input
// the documented validation 400, and nothing gets a 5xx.
const world = createWorld({ seed: 5 });
const handlers = createHandlers({ world });
const fx = world.fixtures;
const RUNS = 120;

const { principal, contractId, randomCase, hash64, txId, limit, offset, stacksBlocks } =
  requestArbitraries(world);

type Request = { operationId: string; path: string };

const validRequests: Record<string, fc.Arbitrary<Request>> = {
  getBrc20Token: fc
    .oneof(
      fc.constantFrom(fx.ticker, fx.ticker.toUpperCase(), 'ordi', 'sats'),
      fc.string({ minLength: 1, maxLength: 6 }),
    )
    .filter((ticker) => ticker !== '.' && ticker !== '..')
    .map((ticker) => ({
      operationId: 'getBrc20Token',
      path: `/ordinals/v1/brc-20/tokens/${encodeURIComponent(ticker)}`,
    })),
  getSmartContractsStatus: fc.array(contractId, { minLength: 1, maxLength: 6 }).map((ids) => ({
    operationId: 'getSmartContractsStatus',
    path: `/extended/v2/smart-contracts/status${query(ids.map((id) => ['contract_id', id]))}`,
  })),
  getAddressTransactionEvents: fc
    .record({ address: principal, txId, limit, offset })
    .map(({ address, txId: id, limit: l, offset: o }) => ({
      operationId: 'getAddressTransactionEvents',
      path: `/extended/v2/addresses/${address}/transactions/${id}/events${query([
        ['limit', l],
        ['offset', o],
      ])}`,
    })),
  getAccountTransactionsWithTransfers: fc
    .record({
      principal,
      limit,
      offset,
      range: fc.oneof(
        fc.constant<[string, string | number | boolean][]>([]),
        fc.integer({ min: -5, max: world.tip.height + 5 }).map((h) => [['height', h]] as [string, number][]),
        fc.boolean().map((u) => [['unanchored', u]] as [string, boolean][]),
        fc
          .integer({ min: 1, max: world.tip.height + 5 })
          .map((h) => [['until_block', h]] as [string, number][]),
        fc.constantFrom(...stacksBlocks).map((block) => [['until_block', block.hash]] as [string, string][]),
        hash64.map((h) => [['until_block', `0x${h}`]] as [string, string][]),
      ),
    })
    .map(({ principal: p, limit: l, offset: o, range }) => ({
      operationId: 'getAccountTransactionsWithTransfers',
      path: `/extended/v1/address/${p}/transactions_with_transfers${query([['limit', l], ['offset', o], ...range])}`,
    })),
  getAddressTransactions: fc
    .record({ address: principal, limit, offset, exclude: fc.option(fc.boolean(), { nil: undefined }) })
    .map(({ address, limit: l, offset: o, exclude }) => ({
      operationId: 'getAddressTransactions',
      path: `/extended/v2/addresses/${address}/transactions${query([
        ['limit', l],
        ['offset', o],
        ['exclude_function_args', exclude],
      ])}`,
    })),
  getBlockByBurnBlockHeight: fc
    .integer({ min: Math.max(0, fx.burnBlockHeight - 400), max: world.tip.burn_block_height + 50 })
    .map((height) => ({
      operationId: 'getBlockByBurnBlockHeight',
      path: `/extended/v1/block/by_burn_block_height/${height}`,
    })),
  getBlockByBurnBlockHash: fc
    .oneof(
      fc.constantFrom(fx.burnBlockHash, world.tip.burn_block_hash),
      hash64.map((h) => `0x${h}`),
    )
    .chain((hash) => randomCase(hash.slice(2)).map((body) => `0x${body}`))
    .map((hash) => ({
      operationId: 'getBlockByBurnBlockHash',
      path: `/extended/v1/block/by_burn_block_hash/${hash}`,
    })),
};

describe('conformance: valid requests', () => {
  it('the schema check rejects a body of the wrong shape (so the properties below can fail)', () => {
    expect(schemaErrors('getBlockByBurnBlockHeight', 200, { height: 'x' })).toBeDefined();
    expect(schemaErrors('getBrc20Token', 404, { error: 'Not Found' })).toBeDefined();
  });

  for (const [operationId, requests] of Object.entries(validRequests)) {
    it(`${operationId}: a schema-valid 200 or 404`, async () => {
      const seen = new Set<number>();
      await fc.assert(
        fc.asyncProperty(requests, async (request) => {
          const answer = await call(handlers, request.path);
          seen.add(answer.status);
          expect([200, 404], request.path).toContain(answer.status);
          expect(schemaErrors(operationId, answer.status, answer.body), request.path).toBeUndefined();
          const body = answer.body as { limit?: number; results?: unknown[] };
          if (
            answer.status === 200 &&
            body.results &&
            operationId !== 'getAccountTransactionsWithTransfers'
          ) {
            expect(body.results.length).toBeLessThanOrEqual(body.limit ?? 0);
          }
        }),
        { numRuns: RUNS },
      );
      expect(seen.has(200), `${operationId} never answered 200`).toBe(true);
    });
  }
});

// Not `0x10` or ` 7`: ajv coerces those with JavaScript's Number(), as Fastify does, so they are valid.
const notInteger = fc.constantFrom('abc', '1.5', '', 'true', '١', '7a');
const invalidRequests: fc.Arbitrary<Request & { location: 'params' | 'querystring' }> = fc.oneof(
  fc
    .record({
      bad: fc.oneof(
        fc.integer({ min: 51, max: 100_000 }).map(String),
        fc.integer({ min: -1000, max: -1 }).map(String),
        notInteger,
      ),
      path: fc.constantFrom(
        `/extended/v2/addresses/${fx.address}/transactions`,
        `/extended/v1/address/${fx.address}/transactions_with_transfers`,
        `/extended/v2/addresses/${fx.address}/transactions/${fx.txId}/events`,
      ),
    })
    .map(({ bad, path }) => ({
      operationId: path.endsWith('events')
        ? 'getAddressTransactionEvents'
        : path.endsWith('transfers')
          ? 'getAccountTransactionsWithTransfers'
          : 'getAddressTransactions',
      path: `${path}?limit=${encodeURIComponent(bad)}`,
      location: 'querystring' as const,
    })),
  fc.oneof(fc.integer({ max: -1 }).map(String), notInteger).map((bad) => ({
    operationId: 'getAddressTransactions',
    path: `/extended/v2/addresses/${fx.address}/transactions?offset=${encodeURIComponent(bad)}`,
    location: 'querystring' as const,
  })),
  fc
    .string({ minLength: 1, maxLength: 80 })
    .filter((s) => !/^(0x)?[a-fA-F0-9]{64}$/.test(s) && s !== '.' && s !== '..')
    .map((bad) => ({
      operationId: 'getAddressTransactionEvents',
      path: `/extended/v2/addresses/${fx.address}/transactions/${encodeURIComponent(bad)}/events`,
      location: 'params' as const,
    })),
  fc
    .string({ minLength: 1, maxLength: 60 })
    // Upstream's address pattern has no end anchor: only what lacks its 28-41 character prefix is refused (and a
    // NUL byte, which upstream fails on with a 500).
    .filter(
      (s) =>
        (!/^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}/.test(s) || s.includes('\u0000')) &&
        s !== '.' &&
        s !== '..',
    )
    .map((bad) => ({
      operationId: 'getAddressTransactions',
      path: `/extended/v2/addresses/${encodeURIComponent(bad)}/transactions`,
      location: 'params' as const,
    })),
  fc
    .string({ maxLength: 10 })
    .filter((s) => s !== 'true' && s !== 'false')
    .map((bad) => ({
      operationId: 'getAccountTransactionsWithTransfers',
      path: `/extended/v1/address/${fx.address}/transactions_with_transfers?unanchored=${encodeURIComponent(bad)}`,
      location: 'querystring' as const,
    })),
  // `until_block` has no schema upstream (its handler's 400s are checked in upstream-answers.test.ts).
  fc
    .oneof(
      fc.integer({ max: -1 }).map(String),
      notInteger.filter((s) => s !== ''),
    )
    .map((bad) => ({
      operationId: 'getBlockByBurnBlockHeight',
      path: `/extended/v1/block/by_burn_block_height/${encodeURIComponent(bad)}`,
      location: 'params' as const,
    })),
  fc
    .string({ minLength: 0, maxLength: 70 })
    // Any even-length hex is looked up upstream; the rest fails there with a 500, here with the 400.
    .filter((s) => !/^([a-fA-F0-9]{2})*$/.test(s) && s !== '.')
    .map((bad) => ({
      operationId: 'getBlockByBurnBlockHash',
      path: `/extended/v1/block/by_burn_block_hash/0x${encodeURIComponent(bad)}`,
      location: 'params' as const,
    })),
  fc
    .oneof(
      fc.constant([] as string[]),
      fc
        .array(fc.string({ maxLength: 50 }), { minLength: 1, maxLength: 3 })
        .filter((ids) =>
          ids.some(
            (id) => !/^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}\.[a-zA-Z]([a-zA-Z0-9]|[-_]){0,39}$/.test(id),
          ),
        ),
    )
    .map((ids) => ({
      operationId: 'getSmartContractsStatus',
      path: `/extended/v2/smart-contracts/status${query(ids.map((id) => ['contract_id', id]))}`,
      location: 'querystring' as const,
    })),
);

describe('conformance: invalid requests', () => {
  it('get the documented validation 400, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(invalidRequests, async (request) => {
        const answer = await call(handlers, request.path);
        expect(answer.status, request.path).toBe(400);
        const body = answer.body as { code?: string; message: string };
        expect(body.code, request.path).toBe('FST_ERR_VALIDATION');
        expect(body.message.startsWith(request.location), `${request.path}: ${body.message}`).toBe(true);
        expect(schemaErrors(request.operationId, 400, answer.body)).toBeUndefined();
      }),
      { numRuns: RUNS * 3 },
    );
  });

  it('arbitrary path segments never produce a 5xx or an exception', async () => {
    const templates = [
      (s: string) => `/ordinals/v1/brc-20/tokens/${s}`,
      (s: string) => `/extended/v2/addresses/${s}/transactions/${s}/events`,
      (s: string) => `/extended/v1/address/${s}/transactions_with_transfers`,
      (s: string) => `/extended/v2/addresses/${s}/transactions?cursor=${s}`,
      (s: string) => `/extended/v1/block/by_burn_block_height/${s}`,
      (s: string) => `/extended/v1/block/by_burn_block_hash/${s}`,
      (s: string) => `/extended/v2/smart-contracts/status?contract_id=${s}`,
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...templates),
        fc.string({ minLength: 1, maxLength: 100 }).filter((s) => s !== '.' && s !== '..'),
        async (template, segment) => {
          const answer = await call(handlers, template(encodeURIComponent(segment)));
          expect([200, 302, 400, 404]).toContain(answer.status);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });
});
