import { DEPRECATED_OPERATIONS } from '@blockindex/spec/constants';
import { describe, expect, it } from 'vitest';
import { createScenarios, createWorld, type Scenarios } from '../../src';
import { createHandlers } from '../../src/msw';
import { type Answer, call } from '../support/call';
import { declaredStatuses, schemaErrors } from '../support/spec-schemas';
import { successorCases } from './successor-cases';

// One world for the read-only rows; rows that need scenarios get their own handler set over it.
const world = createWorld({ seed: 1 });
const handlers = createHandlers({ world });
const fx = world.fixtures;
const [deployed, pending, neverDeployed] = fx.contractIds;
const ZERO_64 = '0'.repeat(64);
const BAD_CHECKSUM = `${fx.address.slice(0, -1)}${fx.address.endsWith('0') ? '1' : '0'}`;
const WARNING = '299 - "Deprecated: See https://docs.hiro.so/stacks/api for more information"';

interface Case {
  name: string;
  path: string;
  status: number;
  message?: string;
  /** Sends the request twice, the second time with the first answer's ETag in If-None-Match. */
  revalidate?: boolean;
  scenario?: (scenarios: Scenarios) => void;
  check?: (answer: Answer) => void;
}

const validation = (message: string) => ({
  statusCode: 400,
  code: 'FST_ERR_VALIDATION',
  error: 'Bad Request',
  message,
});
const handlerError = (status: 400 | 404, message: string) => ({
  statusCode: status,
  error: status === 400 ? 'Bad Request' : 'Not Found',
  message,
});

const tooMany: Omit<Case, 'name' | 'path'> = {
  status: 429,
  scenario: (s) => s.failNext(1, { status: 429, retryAfterSeconds: 2 }),
  check: (a) => expect(a.headers.get('retry-after')).toBe('2'),
};
// What the real service answers once it disables its deprecated endpoints.
const gone: Omit<Case, 'name' | 'path'> = {
  status: 410,
  scenario: (s) => s.failNext(1, { status: 410 }),
  check: (a) =>
    expect(a.body).toEqual({
      error: 'Gone',
      message: 'This endpoint has been disabled. See https://docs.hiro.so/stacks/api for more information',
    }),
};
const unavailable: Omit<Case, 'name' | 'path'> = {
  status: 503,
  scenario: (s) => s.failNext(1, { status: 503 }),
};

const eventsPath = `/extended/v2/addresses/${fx.address}/transactions/${fx.txId}/events`;
const transfersPath = `/extended/v1/address/${fx.address}/transactions_with_transfers`;
const txsPath = `/extended/v2/addresses/${fx.address}/transactions`;
const heightPath = `/extended/v1/block/by_burn_block_height/${fx.burnBlockHeight}`;
const hashPath = `/extended/v1/block/by_burn_block_hash/${fx.burnBlockHash}`;

const table: Record<string, Case[]> = {
  getBrc20Token: [
    {
      name: 'the token',
      path: `/ordinals/v1/brc-20/tokens/${fx.ticker}`,
      status: 200,
      check: (a) =>
        expect((a.body as { token: { ticker: string } }).token.ticker).toBe(fx.ticker.toLowerCase()),
    },
    {
      name: 'the token, ticker upper-cased',
      path: `/ordinals/v1/brc-20/tokens/${encodeURIComponent(fx.ticker.toUpperCase())}`,
      status: 200,
    },
    { name: 'not modified', path: `/ordinals/v1/brc-20/tokens/${fx.ticker}`, status: 304, revalidate: true },
    {
      name: 'unknown ticker',
      path: '/ordinals/v1/brc-20/tokens/zzzz',
      status: 404,
      check: (a) => expect(a.body).toEqual({ error: 'Not found' }),
    },
    { name: 'rate limited', path: `/ordinals/v1/brc-20/tokens/${fx.ticker}`, ...tooMany },
    { name: 'server error', path: `/ordinals/v1/brc-20/tokens/${fx.ticker}`, ...unavailable },
  ],
  getSmartContractsStatus: [
    {
      name: 'deployed, pending and never deployed',
      path: `/extended/v2/smart-contracts/status?contract_id=${deployed}&contract_id=${pending}&contract_id=${neverDeployed}`,
      status: 200,
      check: (a) => {
        const body = a.body as Record<
          string,
          { found: boolean; result?: { status: string; block_height?: number } }
        >;
        expect(Object.keys(body).sort()).toEqual([deployed, pending, neverDeployed].sort());
        expect(body[deployed]).toMatchObject({ found: true, result: { contract_id: deployed } });
        expect(body[deployed]?.result?.block_height).toEqual(expect.any(Number));
        expect(body[pending]).toMatchObject({ found: true, result: { status: 'pending' } });
        expect(body[pending]?.result).not.toHaveProperty('block_height');
        expect(body[neverDeployed]).toEqual({ found: false });
        // A digest of the answer, not the chain tip: a contract added to the mempool moves it (README).
        expect(a.headers.get('etag')).toMatch(/^"[0-9a-f]{16}"$/);
      },
    },
    {
      name: 'one entry per distinct id',
      path: `/extended/v2/smart-contracts/status?contract_id=${deployed}&contract_id=${deployed}`,
      status: 200,
      check: (a) => expect(Object.keys(a.body as object)).toEqual([deployed]),
    },
    {
      name: 'unknown query keys are ignored',
      path: `/extended/v2/smart-contracts/status?contract_id=${deployed}&foo=bar`,
      status: 200,
    },
    {
      name: 'not modified',
      path: `/extended/v2/smart-contracts/status?contract_id=${deployed}`,
      status: 304,
      revalidate: true,
    },
    {
      name: 'missing contract_id',
      path: '/extended/v2/smart-contracts/status',
      status: 400,
      message: "querystring must have required property 'contract_id'",
    },
    {
      name: 'comma-separated ids are one malformed id',
      path: `/extended/v2/smart-contracts/status?contract_id=${deployed},${pending}`,
      status: 400,
    },
    { name: 'rate limited', path: `/extended/v2/smart-contracts/status?contract_id=${deployed}`, ...tooMany },
    {
      name: 'server error',
      path: `/extended/v2/smart-contracts/status?contract_id=${deployed}`,
      ...unavailable,
    },
  ],
  getAddressTransactionEvents: [
    {
      name: 'stx, ft and nft events of the fixture transaction',
      path: eventsPath,
      status: 200,
      check: (a) => {
        const body = a.body as { total: number; results: { type: string }[] };
        expect(new Set(body.results.map((event) => event.type))).toEqual(new Set(['stx', 'ft', 'nft']));
      },
    },
    {
      name: 'tx_id without 0x, upper case: same answer',
      path: `/extended/v2/addresses/${fx.address}/transactions/${fx.txId.slice(2).toUpperCase()}/events`,
      status: 200,
    },
    {
      name: 'limit=0 means 20',
      path: `${eventsPath}?limit=0`,
      status: 200,
      check: (a) => expect(a.body).toMatchObject({ limit: 20, offset: 0 }),
    },
    { name: 'not modified', path: eventsPath, status: 304, revalidate: true },
    {
      name: 'unknown transaction',
      path: `/extended/v2/addresses/${fx.address}/transactions/0x${ZERO_64}/events`,
      status: 404,
      message: 'Transaction not found',
    },
    {
      name: 'malformed tx_id',
      path: `/extended/v2/addresses/${fx.address}/transactions/0x123/events`,
      status: 400,
      message: 'params/tx_id must match pattern "^(0x)?[a-fA-F0-9]{64}$"',
    },
    {
      name: 'limit above 50',
      path: `${eventsPath}?limit=51`,
      status: 400,
      message: 'querystring/limit must be <= 50',
    },
    {
      name: 'negative offset',
      path: `${eventsPath}?offset=-1`,
      status: 400,
      message: 'querystring/offset must be >= 0',
    },
    { name: 'rate limited', path: eventsPath, ...tooMany },
    { name: 'disabled upstream', path: eventsPath, ...gone },
    { name: 'server error', path: eventsPath, ...unavailable },
  ],
  getAccountTransactionsWithTransfers: [
    { name: 'newest first', path: transfersPath, status: 200 },
    {
      name: 'limit=0 means 20',
      path: `${transfersPath}?limit=0`,
      status: 200,
      check: (a) => expect(a.body).toMatchObject({ limit: 20 }),
    },
    { name: 'not modified', path: transfersPath, status: 304, revalidate: true },
    {
      name: 'bad checksum',
      path: `/extended/v1/address/${BAD_CHECKSUM}/transactions_with_transfers`,
      status: 400,
      check: (a) => expect(a.body).toEqual(handlerError(400, `invalid STX address "${BAD_CHECKSUM}"`)),
    },
    {
      name: 'until_block with unanchored=true',
      path: `${transfersPath}?until_block=5&unanchored=true`,
      status: 400,
      check: (a) =>
        expect(a.body).toEqual(
          handlerError(400, "can't handle both 'unanchored=true' and 'until_block' in the same request"),
        ),
    },
    {
      name: 'until_block with height',
      path: `${transfersPath}?until_block=5&height=3`,
      status: 400,
      check: (a) =>
        expect(a.body).toEqual(
          handlerError(400, "can't handle until_block and block_height in the same request"),
        ),
    },
    {
      name: 'until_block=0',
      path: `${transfersPath}?until_block=0`,
      status: 400,
      check: (a) =>
        expect(a.body).toEqual(handlerError(400, 'Unexpected integer value for block height path parameter')),
    },
    {
      name: 'unanchored=yes',
      path: `${transfersPath}?unanchored=yes`,
      status: 400,
      message: 'querystring/unanchored must be boolean',
    },
    {
      name: 'until_block of an unknown hash',
      path: `${transfersPath}?until_block=0x${ZERO_64}`,
      status: 404,
      check: (a) => expect(a.body).toEqual(handlerError(404, 'block not found with hash')),
    },
    { name: 'rate limited', path: transfersPath, ...tooMany },
    { name: 'disabled upstream', path: transfersPath, ...gone },
    { name: 'server error', path: transfersPath, ...unavailable },
  ],
  getAddressTransactions: [
    {
      name: 'first page with cursors',
      path: txsPath,
      status: 200,
      check: (a) => expect(a.body).toMatchObject({ next_cursor: null, cursor: expect.any(String) }),
    },
    {
      name: 'limit=0 is an empty page',
      path: `${txsPath}?limit=0`,
      status: 200,
      check: (a) => expect(a.body).toMatchObject({ limit: 0, results: [] }),
    },
    { name: 'not modified', path: txsPath, status: 304, revalidate: true },
    {
      name: 'malformed cursor',
      path: `${txsPath}?cursor=abc`,
      status: 404,
      message: 'Invalid cursor format',
    },
    {
      name: 'cursor on an unknown block',
      path: `${txsPath}?cursor=0x${ZERO_64}:2147483647:0`,
      status: 404,
      message: 'Invalid cursor: block not found',
    },
    {
      name: 'malformed address',
      path: '/extended/v2/addresses/hello/transactions',
      status: 400,
      check: (a) => expect((a.body as { message: string }).message).toMatch(/must match a schema in anyOf$/),
    },
    { name: 'rate limited', path: txsPath, ...tooMany },
    { name: 'disabled upstream', path: txsPath, ...gone },
    { name: 'server error', path: txsPath, ...unavailable },
  ],
  getBlockByBurnBlockHeight: [
    {
      name: 'the block',
      path: heightPath,
      status: 200,
      check: (a) => expect(a.body).toMatchObject({ burn_block_height: fx.burnBlockHeight }),
    },
    { name: 'not modified', path: heightPath, status: 304, revalidate: true },
    {
      name: 'not an integer',
      path: '/extended/v1/block/by_burn_block_height/abc',
      status: 400,
      message: 'params/burn_block_height must be integer',
    },
    {
      name: 'negative',
      path: '/extended/v1/block/by_burn_block_height/-1',
      status: 400,
      message: 'params/burn_block_height must be >= 0',
    },
    {
      name: 'no block at that height',
      path: '/extended/v1/block/by_burn_block_height/999999999',
      status: 404,
      message: 'cannot find block by height',
    },
    { name: 'rate limited', path: heightPath, ...tooMany },
    { name: 'disabled upstream', path: heightPath, ...gone },
    { name: 'server error', path: heightPath, ...unavailable },
  ],
  getBlockByBurnBlockHash: [
    {
      name: 'the block',
      path: hashPath,
      status: 200,
      check: (a) => expect(a.body).toMatchObject({ burn_block_hash: fx.burnBlockHash }),
    },
    {
      name: 'without 0x: redirect',
      path: `/extended/v1/block/by_burn_block_hash/${fx.burnBlockHash.slice(2)}`,
      status: 302,
      check: (a) => expect(a.headers.get('location')).toBe(hashPath),
    },
    { name: 'not modified', path: hashPath, status: 304, revalidate: true },
    {
      // Upstream has no pattern here: any even-length hex is looked up (real-api-notes: 0x000000 is a 404).
      name: 'short hash',
      path: '/extended/v1/block/by_burn_block_hash/0x000000',
      status: 404,
      message: 'cannot find block by burn block hash',
    },
    {
      // Upstream fails on odd-length hex with a 500; the mock answers this 400.
      name: 'odd-length hash',
      path: '/extended/v1/block/by_burn_block_hash/0x00000',
      status: 400,
      message: 'params/burn_block_hash must match pattern "^0x([0-9a-fA-F]{2})*$"',
    },
    {
      name: 'unknown hash',
      path: `/extended/v1/block/by_burn_block_hash/0x${ZERO_64}`,
      status: 404,
      message: 'cannot find block by burn block hash',
    },
    { name: 'rate limited', path: hashPath, ...tooMany },
    { name: 'disabled upstream', path: hashPath, ...gone },
    { name: 'server error', path: hashPath, ...unavailable },
  ],
  ...successorCases(world),
};

async function run(operationId: string, row: Case): Promise<Answer> {
  let target = handlers;
  if (row.scenario) {
    const scenarios = createScenarios();
    row.scenario(scenarios);
    target = createHandlers({ world, scenarios });
  }
  if (!row.revalidate) return call(target, row.path);
  const first = await call(target, row.path);
  expect(first.status, `${operationId}: first answer`).toBe(200);
  const etag = first.headers.get('etag');
  expect(etag).toMatch(/^".+"$/);
  return call(target, row.path, { headers: { 'If-None-Match': etag ?? '' } });
}

describe('handlers: every operation, every status', () => {
  for (const [operationId, rows] of Object.entries(table)) {
    describe(operationId, () => {
      it('covers every status the spec declares', () => {
        const covered = new Set(rows.map((row) => (row.status >= 500 ? 'default' : String(row.status))));
        expect([...covered].sort()).toEqual(declaredStatuses(operationId).sort());
      });

      it.each(rows.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
        const answer = await run(operationId, row);
        expect(answer.status).toBe(row.status);
        if (row.status === 304 || row.status === 302) expect(answer.text).toBe('');
        else {
          expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
          expect(schemaErrors(operationId, row.status, answer.body)).toBeUndefined();
        }
        if (row.message !== undefined) {
          expect(answer.body).toEqual(
            row.status === 400 ? validation(row.message) : handlerError(row.status as 404, row.message),
          );
        }
        if (row.status === 200) {
          expect(answer.headers.get('cache-control')).toMatch(
            /^(public, no-cache, must-revalidate|no-store)$/,
          );
        }
        const deprecated = Object.hasOwn(DEPRECATED_OPERATIONS, operationId);
        if (deprecated) expect(answer.headers.get('warning')).toBe(WARNING);
        if (!deprecated) expect(answer.headers.has('warning')).toBe(false);
        row.check?.(answer);
      });
    });
  }

  it('answers 200 for a burn block hash in upper case', async () => {
    const answer = await call(
      handlers,
      `/extended/v1/block/by_burn_block_hash/0x${fx.burnBlockHash.slice(2).toUpperCase()}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ burn_block_hash: fx.burnBlockHash });
  });
});
