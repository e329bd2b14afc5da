import { createWorld } from '@blockindex/mock';
import { type MockServer, startMockServer } from '@blockindex/mock/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, BadRequestError, createClient, NotFoundError } from '../../src/index.js';
import { observedFetch } from './helpers/observed-fetch';

// Hostile input handed to the client: values that look like path segments or header lines must stay inside
// their parameter, oversized inputs must be split or refused cleanly, and a malformed API key must be refused
// without being echoed. Requests go to the standalone mock over loopback.
const world = createWorld({ seed: 1 });
const { address, txId } = world.fixtures;
let server: MockServer;

beforeAll(async () => {
  server = await startMockServer({ port: 0, world });
});

afterAll(async () => {
  await server.close();
});

function setup() {
  const observed = observedFetch();
  const client = createClient({ baseUrl: server.url, fetch: observed.fetch, retry: false });
  const paths = () => observed.attempts.map((attempt) => new URL(attempt.url).pathname);
  return { client, paths };
}

describe('parameters that look like paths or header lines', () => {
  it.each([
    '..',
    '.',
    '../../etc/passwd',
    '..%2F..%2Fetc',
    'ordi\r\nX-Injected: 1',
    '%0d%0a',
    'a?b=c#d',
    '\u0000',
  ])('keeps the ticker %j inside the tokens route (documented BRC-20 404)', async (ticker) => {
    const { client, paths } = setup();
    const error = await client.getBrc20Token(ticker).catch((e: unknown) => e);
    const [path] = paths();
    expect(path).toMatch(/^\/ordinals\/v1\/brc-20\/tokens\/[^/]+$/);
    expect(path).not.toMatch(/[\r\n]/);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).body).toEqual({ error: 'Not found' });
  });

  it.each([
    [
      'getAddressTransactions',
      (c: ReturnType<typeof setup>['client'], v: string) => c.getAddressTransactions(v),
    ],
    [
      'getAccountTransactionsWithTransfers',
      (c: ReturnType<typeof setup>['client'], v: string) => c.getAccountTransactionsWithTransfers(v),
    ],
    [
      'getAddressTransactionEvents',
      (c: ReturnType<typeof setup>['client'], v: string) => c.getAddressTransactionEvents(v, txId),
    ],
  ] as const)(
    'keeps an address of "." or ".." inside %s (400, not another endpoint)',
    async (_name, call) => {
      for (const value of ['..', '.']) {
        const { client, paths } = setup();
        const error = await call(client, value).catch((e: unknown) => e);
        expect(paths()[0], value).toMatch(/^\/extended\/v[12]\/address(es)?\/[^/]+\//);
        expect(error, value).toBeInstanceOf(BadRequestError);
      }
    },
  );

  it.each(['..', '../../x', '\r\nX-Injected: 1'])(
    'keeps a tx id of %j inside the events route (400)',
    async (value) => {
      const { client, paths } = setup();
      const error = await client.getAddressTransactionEvents(address, value).catch((e: unknown) => e);
      expect(paths()[0]).toMatch(new RegExp(`^/extended/v2/addresses/${address}/transactions/[^/]+/events$`));
      expect(error).toBeInstanceOf(BadRequestError);
    },
  );

  it.each(['..', '../../etc/passwd', '%0d%0aSet-Cookie: a=b'])(
    'sends a burn block hash of %j with its 0x prefix, inside its route (400)',
    async (value) => {
      const { client, paths } = setup();
      const error = await client.getBlockByBurnBlockHash(value).catch((e: unknown) => e);
      expect(paths()[0]).toMatch(/^\/extended\/v1\/block\/by_burn_block_hash\/0x[^/]+$/);
      expect(error).toBeInstanceOf(BadRequestError);
    },
  );
});

describe('the successor operations keep hostile values inside their parameter', () => {
  it.each([
    [
      'getPrincipalTransactions',
      (c: ReturnType<typeof setup>['client'], v: string) => c.getPrincipalTransactions(v),
    ],
    [
      'getPrincipalTransactionBalanceChanges',
      (c: ReturnType<typeof setup>['client'], v: string) => c.getPrincipalTransactionBalanceChanges(v, txId),
    ],
  ] as const)(
    'keeps a principal of "." or ".." inside %s (400, not another endpoint)',
    async (_name, call) => {
      for (const value of ['..', '.', '../../x', 'SP1\r\nX-Injected: 1']) {
        const { client, paths } = setup();
        const error = await call(client, value).catch((e: unknown) => e);
        expect(paths()[0], value).toMatch(/^\/extended\/v3\/principals\/[^/]+\/transactions/);
        expect(error, value).toBeInstanceOf(BadRequestError);
      }
    },
  );

  it.each(['..', '../../x', '\r\nX-Injected: 1'])(
    'keeps a tx id of %j inside the balance-changes route (400)',
    async (value) => {
      const { client, paths } = setup();
      const error = await client
        .getPrincipalTransactionBalanceChanges(address, value)
        .catch((e: unknown) => e);
      expect(paths()[0]).toMatch(
        new RegExp(`^/extended/v3/principals/${address}/transactions/[^/]+/balance-changes$`),
      );
      expect(error).toBeInstanceOf(BadRequestError);
    },
  );

  it.each(['..', '../../etc/passwd', '%0d%0a', -1, 1.5, 'tip'])(
    'refuses a burn block of %j before any request',
    async (value) => {
      const { client, paths } = setup();
      const error = await client.getBlocksByBurnBlock(value as never).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect(String(error)).toMatch(
        /heightOrHash must be 'latest', a non-negative integer height or a 64-hex/,
      );
      expect(paths()).toEqual([]);
    },
  );
});

describe('oversized input', () => {
  it('splits 3,000 contract ids (over 100 kB of query) into URLs the server accepts, one entry per id', async () => {
    const { client, paths } = setup();
    const owner = world.fixtures.contractIds[0].split('.')[0] ?? '';
    const ids = Array.from({ length: 3_000 }, (_, i) => `${owner}.contract-with-a-rather-long-name-${i}`);
    const statuses = await client.getSmartContractsStatus([...ids, ...ids.slice(0, 500)]);
    expect(Object.keys(statuses)).toHaveLength(3_000);
    expect(paths().length).toBeGreaterThan(10);
  });

  it('refuses cleanly one contract id too long for any URL: a 431 ApiError, not retried, client still usable', async () => {
    const observed = observedFetch();
    const client = createClient({ baseUrl: server.url, fetch: observed.fetch });
    const error = await client
      .getSmartContractsStatus([`SP000000000000000000002Q6VF78.${'a'.repeat(20_000)}`])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(431);
    expect((error as ApiError).message).toMatch(
      /^431 GET \/extended\/v2\/smart-contracts\/status\?contract_id=SP0+2Q6VF78\.a+…: Request Header Fields Too Large$/,
    );
    expect(observed.attempts).toHaveLength(1);
    await expect(client.getBrc20Token('ordi')).resolves.toMatchObject({ token: { ticker: 'ordi' } });
  });
});

describe('a malformed API key', () => {
  const KEY = 'sk-live-0123456789abcdef0123456789abcdef';
  it.each([
    ['a CRLF and a header line', `${KEY}\r\nX-Injected: 1`],
    ['a NUL byte', `${KEY}\u0000`],
    ['a character outside Latin-1', `${KEY}ключ`],
  ])('is refused up front, without echoing the key, when it holds %s', (_name, apiKey) => {
    let thrown: unknown;
    try {
      createClient({ baseUrl: server.url, apiKey });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(String(thrown)).not.toContain(KEY);
    expect(JSON.stringify(thrown)).not.toContain(KEY);
  });
});
