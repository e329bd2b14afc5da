import { expect } from 'vitest';
import type { Scenarios, World } from '../../src';
import type { Answer } from '../support/call';

/** A row of the handlers' conformance table (test/engine/operations.test.ts). */
interface Case {
  name: string;
  path: string;
  status: number;
  message?: string;
  revalidate?: boolean;
  scenario?: (scenarios: Scenarios) => void;
  check?: (answer: Answer) => void;
}

interface Cursors {
  cursor: { next: string | null; previous: string | null; current: string | null };
}

const ZERO_64 = '0'.repeat(64);
const tooMany = {
  status: 429,
  scenario: (s: Scenarios) => s.failNext(1, { status: 429, retryAfterSeconds: 2 }),
  check: (a: Answer) => expect(a.headers.get('retry-after')).toBe('2'),
};
const unavailable = { status: 503, scenario: (s: Scenarios) => s.failNext(1, { status: 503 }) };

/** The conformance rows of the three successor operations, over `world`'s fixtures. */
export function successorCases(world: World): Record<string, Case[]> {
  const fx = world.fixtures;
  const txsPath = `/extended/v3/principals/${fx.address}/transactions`;
  const changesPath = `/extended/v3/principals/${fx.address}/transactions/${fx.txId}/balance-changes`;
  const blocksPath = `/extended/v2/burn-blocks/${fx.burnBlockHeight}/blocks`;
  return {
    getPrincipalTransactions: [
      {
        name: 'the newest page',
        path: `${txsPath}?limit=5`,
        status: 200,
        check: (a) => {
          const body = a.body as Cursors & { total: number; limit: number; results: unknown[] };
          expect(body.limit).toBe(5);
          expect(body.results).toHaveLength(5);
          expect(body.cursor.previous).toBeNull();
          expect(body.cursor.current).toMatch(/^\d+:2147483647:\d+$/);
          expect(a.headers.get('etag')).toBe(`"${world.principalEtag(fx.address)}"`);
        },
      },
      {
        name: 'a page at a cursor names the newer page',
        path: `${txsPath}?limit=5&cursor=${firstRowAt(world, fx.address, 7)}`,
        status: 200,
        check: (a) => {
          const body = a.body as Cursors;
          expect(body.cursor.current).toBe(firstRowAt(world, fx.address, 7));
          expect(body.cursor.previous).toBe(firstRowAt(world, fx.address, 2));
          expect(body.cursor.next).toBe(firstRowAt(world, fx.address, 12));
        },
      },
      {
        name: 'an unused principal: an empty page',
        path: '/extended/v3/principals/SP000000000000000000002Q6VF79/transactions',
        status: 200,
        check: (a) =>
          expect(a.body).toEqual({
            total: 0,
            limit: 20,
            cursor: { next: null, previous: null, current: null },
            results: [],
          }),
      },
      { name: 'not modified', path: txsPath, status: 304, revalidate: true },
      {
        name: 'a malformed cursor',
        path: `${txsPath}?cursor=0xabc:1:2`,
        status: 400,
        message: 'querystring/cursor must match pattern "^[0-9]+:[0-9]+:[0-9]+$"',
      },
      {
        name: 'a cursor past 32 bits',
        path: `${txsPath}?cursor=2147483648:0:0`,
        status: 400,
        message: 'querystring/cursor must hold numbers of at most 2147483647',
      },
      { name: 'limit 0', path: `${txsPath}?limit=0`, status: 400, message: 'querystring/limit must be >= 1' },
      {
        name: 'limit 51',
        path: `${txsPath}?limit=51`,
        status: 400,
        message: 'querystring/limit must be <= 50',
      },
      { name: 'rate limited', path: txsPath, ...tooMany },
      { name: 'server error', path: txsPath, ...unavailable },
    ],
    getPrincipalTransactionBalanceChanges: [
      {
        name: 'the rows of the fixture transaction: STX, FT and NFT',
        path: changesPath,
        status: 200,
        check: (a) => {
          const body = a.body as { total: number; results: { asset: { type: string } }[] };
          const types = body.results.map((row) => row.asset.type);
          expect(new Set(types)).toEqual(new Set(['stx', 'ft', 'nft']));
          expect(types).toEqual([...types].sort((x, y) => order(x) - order(y)));
          expect(body.total).toBe(body.results.length);
          expect(a.headers.get('etag')).toBe(`"${world.transactionEtag(fx.txId)}"`);
        },
      },
      {
        name: 'the tx id without 0x, upper case',
        path: `/extended/v3/principals/${fx.address}/transactions/${fx.txId.slice(2).toUpperCase()}/balance-changes`,
        status: 200,
        check: (a) => expect((a.body as { total: number }).total).toBeGreaterThan(0),
      },
      {
        name: 'an unknown transaction: an empty page, no ETag',
        path: `/extended/v3/principals/${fx.address}/transactions/0x${ZERO_64}/balance-changes`,
        status: 200,
        check: (a) => {
          expect(a.body).toEqual({
            total: 0,
            limit: 20,
            cursor: { next: null, previous: null, current: null },
            results: [],
          });
          expect(a.headers.get('cache-control')).toBe('no-store');
        },
      },
      {
        name: 'a page of one from the cursor 1:stx',
        path: `${changesPath}?limit=1&cursor=1:stx`,
        status: 200,
        check: (a) => {
          const body = a.body as Cursors & { results: { asset: { type: string } }[] };
          expect(body.results.map((row) => row.asset.type)).toEqual(['stx']);
          expect(body.cursor).toMatchObject({ current: '1:stx', previous: null });
          expect(body.cursor.next).toMatch(/^[23]:/);
        },
      },
      { name: 'not modified', path: changesPath, status: 304, revalidate: true },
      {
        name: 'a malformed cursor',
        path: `${changesPath}?cursor=stx`,
        status: 400,
        message: 'querystring/cursor must match pattern "^[0-9]+:\\S+$"',
      },
      {
        name: 'a malformed tx id',
        path: `/extended/v3/principals/${fx.address}/transactions/0x12/balance-changes`,
        status: 400,
        message: 'params/tx_id must match pattern "^(0x)?[a-fA-F0-9]{64}$"',
      },
      { name: 'rate limited', path: changesPath, ...tooMany },
      { name: 'server error', path: changesPath, ...unavailable },
    ],
    getBlocksByBurnBlock: [
      {
        name: 'the blocks of the fixture burn block, the v1 lookup first',
        path: blocksPath,
        status: 200,
        check: (a) => {
          const body = a.body as { total: number; results: { height: number; burn_block_height: number }[] };
          expect(body.total).toBeGreaterThan(1);
          expect(body.results[0]?.height).toBe(world.getBlockByBurnBlockHeight(fx.burnBlockHeight)?.height);
          expect(body.results.every((b) => b.burn_block_height === fx.burnBlockHeight)).toBe(true);
          expect(a.headers.get('etag')).toBe(`"${world.tip.index_block_hash}"`);
        },
      },
      {
        name: 'by hash without 0x',
        path: `/extended/v2/burn-blocks/${fx.burnBlockHash.slice(2)}/blocks`,
        status: 200,
        check: (a) => expect((a.body as { total: number }).total).toBeGreaterThan(1),
      },
      {
        name: 'by hash with 0x (a string JavaScript reads as a number)',
        path: `/extended/v2/burn-blocks/${fx.burnBlockHash}/blocks`,
        status: 200,
        check: (a) =>
          expect((a.body as { results: { burn_block_hash: string }[] }).results[0]?.burn_block_hash).toBe(
            fx.burnBlockHash,
          ),
      },
      {
        name: 'a hash of 64 decimal digits is a hash, not a height',
        path: `/extended/v2/burn-blocks/${'1'.repeat(64)}/blocks`,
        status: 404,
        message: 'Burn block not found',
      },
      {
        name: 'latest: the tip',
        path: '/extended/v2/burn-blocks/latest/blocks?limit=1',
        status: 200,
        check: (a) =>
          expect((a.body as { results: { height: number }[] }).results[0]?.height).toBe(world.tip.height),
      },
      { name: 'not modified', path: blocksPath, status: 304, revalidate: true },
      {
        name: 'neither latest, a height nor a hash',
        path: '/extended/v2/burn-blocks/tip/blocks',
        status: 400,
        message:
          'params/height_or_hash must be equal to constant, params/height_or_hash must match pattern "^(0x)?[a-fA-F0-9]{64}$", params/height_or_hash must be integer, params/height_or_hash must match a schema in anyOf',
      },
      {
        name: 'limit 31',
        path: `${blocksPath}?limit=31`,
        status: 400,
        message: 'querystring/limit must be <= 30',
      },
      {
        name: 'no block anchored there',
        path: '/extended/v2/burn-blocks/1/blocks',
        status: 404,
        message: 'Burn block not found',
      },
      { name: 'rate limited', path: blocksPath, ...tooMany },
      { name: 'server error', path: blocksPath, ...unavailable },
    ],
  };
}

const order = (type: string) => ['stx', 'ft', 'nft'].indexOf(type);

/** The cursor of the row `position` places below the newest of `principal`'s list. */
function firstRowAt(world: World, principal: string, position: number): string {
  const page = world.listPrincipalTransactions(principal, { limit: 1 });
  if ('error' in page) throw new Error(page.error);
  let cursor = page.cursor.current;
  for (let i = 0; i < position && cursor !== null; i++) {
    const next = world.listPrincipalTransactions(principal, { limit: 1, cursor });
    if ('error' in next) throw new Error(next.error);
    cursor = next.cursor.next;
  }
  if (cursor === null) throw new Error(`${principal} has fewer than ${position + 1} transactions`);
  return cursor;
}
