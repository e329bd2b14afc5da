// The query layer takes its decisions from the client (issue 21, items 11 to 15): keys, hex ids, retry rules,
// the status map as the client returns it, and errors recognised across copies of the client.
import { createClient, createCore, ServerError } from '@blockindex/client';
import { QueryClient } from '@tanstack/query-core';
import { describe, expect, it } from 'vitest';
import * as otherCopy from '../../client/src/index.js';
import { createQueryOptions, createQueryRetry, isRetryableQueryError } from '../src/index.js';

const token = (ticker: string) => ({ token: { ticker }, supply: { max_supply: '1' } });

/** A fetch that answers with `answer(request)` as JSON and records each request's URL. */
function stubFetch(answer: (request: Request) => unknown) {
  const urls: string[] = [];
  const fetch = async (request: Request) => {
    urls.push(request.url);
    return Response.json(answer(request));
  };
  return { fetch, urls };
}

describe('query keys hold everything that changes an answer', () => {
  it('gives clients of different Ordinals APIs different BRC-20 entries, each served by its own indexer', async () => {
    const a = stubFetch(() => token('from-a'));
    const b = stubFetch(() => token('from-b'));
    const base = { baseUrl: 'https://api.example.test' };
    const first = createQueryOptions(
      createClient({ ...base, ordinalsBaseUrl: 'https://a.test', fetch: a.fetch }),
    );
    const second = createQueryOptions(
      createClient({ ...base, ordinalsBaseUrl: 'https://b.test', fetch: b.fetch }),
    );
    expect(first.getBrc20Token('ordi').queryKey).not.toEqual(second.getBrc20Token('ordi').queryKey);
    const queryClient = new QueryClient();
    expect((await queryClient.fetchQuery(first.getBrc20Token('ordi'))).token.ticker).toBe('from-a');
    expect((await queryClient.fetchQuery(second.getBrc20Token('ordi'))).token.ticker).toBe('from-b');
    expect([a.urls, b.urls]).toEqual([
      ['https://a.test/ordinals/v1/brc-20/tokens/ordi'],
      ['https://b.test/ordinals/v1/brc-20/tokens/ordi'],
    ]);
  });

  it('never puts a credential in a key', () => {
    const queries = createQueryOptions(
      createClient({ apiKey: 'sk-secret-key', headers: { authorization: 'x' } }),
    );
    expect(JSON.stringify(queries.getBrc20Token('ordi').queryKey)).not.toContain('sk-secret-key');
  });
});

describe('hex ids', () => {
  const hash = 'AB'.repeat(32);
  it.each([
    ['0X prefix', `0X${hash}`],
    ['upper case', hash],
    ['0x and upper case', `0x${hash}`],
  ])(
    'share one entry with the lower-case 0x spelling (%s), which is what the client sends',
    async (_, spelling) => {
      const { fetch, urls } = stubFetch(() => ({ height: 1 }));
      const queries = createQueryOptions(createClient({ fetch }));
      const canonical = `0x${hash.toLowerCase()}`;
      const options = queries.getBlockByBurnBlockHash(spelling);
      expect(options.queryKey).toEqual(queries.getBlockByBurnBlockHash(canonical).queryKey);
      expect(options.queryKey.at(-1)).toBe(canonical);
      await new QueryClient().fetchQuery(options);
      expect(urls).toEqual([`https://api.hiro.so/extended/v1/block/by_burn_block_hash/${canonical}`]);
      const events = queries.getAddressTransactionEvents('SP1', spelling).queryKey;
      expect(events).toEqual(queries.getAddressTransactionEvents('SP1', canonical).queryKey);
    },
  );
});

describe('createQueryRetry follows the client rules', () => {
  it.each([
    [{ maxRetries: Number.POSITIVE_INFINITY }, /retry.maxRetries must be a finite number/],
    [{ maxRetries: 1e9 }, /retry.maxRetries must be at most 100/],
    [{ maxRetries: 2.5 }, /retry.maxRetries must be an integer/],
    [{ initialDelayMs: Number.POSITIVE_INFINITY }, /retry.initialDelayMs must be a finite number/],
    [{ maxDelayMs: Number.NaN }, /retry.maxDelayMs must be a number; got NaN/],
  ])('refuses %j', (options, message) => {
    expect(() => createQueryRetry(options)).toThrow(message);
  });

  it("waits a 503's Retry-After, as the client does", () => {
    const { retry, retryDelay } = createQueryRetry();
    const error = new ServerError({
      status: 503,
      body: undefined,
      headers: new Headers({ 'retry-after': '3' }),
      method: 'GET',
      url: 'https://api.hiro.so/x',
    });
    expect(retry !== false && retry(0, error)).toBe(true);
    expect(retryDelay(0, error)).toBe(3000);
  });
});

describe('errors of another copy of the client', () => {
  const init = { status: 503, body: undefined, method: 'GET', url: 'https://api.hiro.so/x' };
  it('are classified by their brand, not instanceof', () => {
    const foreign = new otherCopy.ServerError({ ...init, headers: new Headers({ 'retry-after': '2' }) });
    expect(foreign).not.toBeInstanceOf(ServerError);
    expect(isRetryableQueryError(foreign)).toBe(true);
    expect(isRetryableQueryError(new otherCopy.TimeoutError('slow'))).toBe(true);
    expect(
      isRetryableQueryError(new otherCopy.NotFoundError({ ...init, status: 404, headers: new Headers() })),
    ).toBe(false);
    expect(createQueryRetry().retryDelay(0, foreign)).toBe(2000);
  });

  it('leaves look-alikes that are not ours alone', () => {
    expect(isRetryableQueryError(new DOMException('late', 'TimeoutError'))).toBe(false);
    expect(isRetryableQueryError(Object.assign(new Error('x'), { name: 'ServerError', status: 503 }))).toBe(
      false,
    );
  });
});

describe('the contract status map in the cache', () => {
  it('keeps a __proto__ id as an own key after a refetch whose answer changed', async () => {
    let round = 0;
    const status = (n: number) => ({ found: false, n });
    const { fetch } = stubFetch(() => {
      round += 1;
      return JSON.parse(
        `{"__proto__": ${JSON.stringify(status(round))}, "SP1.a": ${JSON.stringify(status(round))}}`,
      );
    });
    const queryClient = new QueryClient();
    const options = createQueryOptions(createClient({ fetch })).getSmartContractsStatus([
      '__proto__',
      'SP1.a',
    ]);
    await queryClient.fetchQuery(options);
    await queryClient.refetchQueries({ queryKey: options.queryKey });
    const data = queryClient.getQueryData(options.queryKey) as Record<string, unknown>;
    expect(round).toBe(2);
    expect(Object.keys(data).sort()).toEqual(['SP1.a', '__proto__']);
    expect(Object.hasOwn(data, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(data, '__proto__')?.value).toEqual(status(2));
  });
});

describe('a core instead of a client', () => {
  it('serves every factory through the standalone operations', async () => {
    const { fetch, urls } = stubFetch(() => token('ordi'));
    const core = createCore({ baseUrl: 'https://api.example.test', fetch });
    const queries = createQueryOptions(core);
    expect(queries.getBrc20Token('ORDI').queryKey).toEqual([
      'blockindex',
      'https://api.example.test',
      'brc20-token',
      'ordi',
    ]);
    expect((await new QueryClient().fetchQuery(queries.getBrc20Token('ordi'))).token.ticker).toBe('ordi');
    expect(urls).toEqual(['https://api.example.test/ordinals/v1/brc-20/tokens/ordi']);
  });
});
