// Issue 21 item 9: a bad argument is a TypeError naming the parameter, delivered like every other error of the call
// (a rejected promise, never a synchronous throw), and nothing is sent.
import { describe, expect, it } from 'vitest';
import {
  createClient,
  createCore,
  getAddressTransactionEvents,
  getAddressTransactions,
  getBlockByBurnBlockHash,
  getBlockByBurnBlockHeight,
  getBrc20Token,
  getSmartContractsStatus,
  iterate,
} from '../src/index.js';
import { fakeFetch, json } from './helpers/fake-fetch.js';

const ADDRESS = 'SP2ZP4GJDZJ1FDHTQ963F0292PE9J9752TZJ68F21';
const LONE = 'ordi\uD800';

type Call = (client: ReturnType<typeof createClient>) => PromiseLike<unknown>;

const cases: [string, { call: Call; message: RegExp }][] = [
  [
    'txId undefined',
    {
      call: (c) => c.getAddressTransactionEvents(ADDRESS, undefined as never),
      message: /^txId must be a non-empty string; got undefined$/,
    },
  ],
  [
    'txId empty',
    {
      call: (c) => c.getAddressTransactionEvents(ADDRESS, ''),
      message: /^txId must be a non-empty string; got ""$/,
    },
  ],
  [
    'txId only a prefix',
    {
      call: (c) => c.getAddressTransactionEvents(ADDRESS, '0x'),
      message: /^txId must hold hex digits after its 0x prefix/,
    },
  ],
  [
    'hash undefined',
    {
      call: (c) => c.getBlockByBurnBlockHash(undefined as never),
      message: /^hash must be a non-empty string; got undefined$/,
    },
  ],
  ['hash empty', { call: (c) => c.getBlockByBurnBlockHash(''), message: /^hash must be a non-empty string/ }],
  [
    'ids as a string',
    {
      call: (c) => c.getSmartContractsStatus('SP1.a' as never),
      message: /^contractIds must be an array of strings; got "SP1.a"$/,
    },
  ],
  [
    'an object id',
    {
      call: (c) => c.getSmartContractsStatus(['SP1.a', {} as never]),
      message: /^contractIds\[1\] must be a non-empty string; got an object$/,
    },
  ],
  [
    'a lone surrogate id',
    {
      call: (c) => c.getSmartContractsStatus(['SP1.a', LONE]),
      message: /^contractIds\[1\] is not well-formed Unicode/,
    },
  ],
  [
    'a lone surrogate ticker',
    { call: (c) => c.getBrc20Token(LONE), message: /^ticker is not well-formed Unicode/ },
  ],
  [
    'ticker undefined',
    {
      call: (c) => c.getBrc20Token(undefined as never),
      message: /^ticker must be a non-empty string; got undefined$/,
    },
  ],
  [
    'address a number',
    {
      call: (c) => c.getAddressTransactions(5 as never),
      message: /^address must be a non-empty string; got 5$/,
    },
  ],
  [
    'principal empty',
    {
      call: (c) => c.getAccountTransactionsWithTransfers(''),
      message: /^principal must be a non-empty string/,
    },
  ],
  [
    'address with a lone surrogate',
    {
      call: (c) => c.getAddressTransactions(`${ADDRESS}\uDC00`),
      message: /^address is not well-formed Unicode/,
    },
  ],
];

describe('parameter checks', () => {
  it.each(cases)(
    '%s: rejects with a TypeError naming it, and sends nothing',
    async (_, { call, message }) => {
      const { fetch, requests } = fakeFetch(() => json({}));
      let promise: PromiseLike<unknown> | undefined;
      expect(() => {
        promise = call(createClient({ fetch }));
      }).not.toThrow();
      const error = await Promise.resolve(promise).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TypeError);
      expect((error as Error).message).toMatch(message);
      expect(requests).toHaveLength(0);
    },
  );

  it('rejects the same way from the standalone operations, iteration included', async () => {
    const { fetch, requests } = fakeFetch(() => json({}));
    const core = createCore({ fetch });
    await expect(getBrc20Token(core, '')).rejects.toThrow(/^ticker must be a non-empty string/);
    await expect(getBlockByBurnBlockHash(core, '0x')).rejects.toThrow(/^hash must hold hex digits/);
    await expect(getSmartContractsStatus(core, 'SP1.a' as never)).rejects.toThrow(
      /^contractIds must be an array/,
    );
    await expect(getAddressTransactionEvents(core, ADDRESS, undefined as never)).rejects.toThrow(
      /^txId must be/,
    );
    const iteration = iterate(getAddressTransactions(core, '')).next();
    await expect(iteration).rejects.toThrow(/^address must be a non-empty string/);
    expect(requests).toHaveLength(0);
  });

  // What the path template would otherwise receive: each row checks its path parameters, so a bad value never
  // reaches the URL (an empty segment or `undefined` would name another route).
  it.each([
    ['missing', undefined, /^ticker must be a non-empty string; got undefined$/],
    ['null', null, /^ticker must be a non-empty string; got null$/],
    ['empty', '', /^ticker must be a non-empty string; got ""$/],
    ['an array', ['..'], /^ticker must be a non-empty string; got an array$/],
    ['an object', { '../x': 'y' }, /^ticker must be a non-empty string; got an object$/],
    ['a lone surrogate', 'a\uD800b', /^ticker is not well-formed Unicode/],
  ])('refuses a ticker that is %s before any URL is built', async (_what, ticker, message) => {
    const { fetch, requests } = fakeFetch(() => json({}));
    const error = await getBrc20Token(createCore({ fetch }), ticker as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(message);
    expect(requests).toHaveLength(0);
  });

  it.each([
    ['missing', undefined, /^height must be a finite number; got undefined$/],
    ['a string', '744603', /^height must be a finite number; got "744603"$/],
    ['NaN', Number.NaN, /^height must be a finite number; got NaN$/],
    ['Infinity', Number.POSITIVE_INFINITY, /^height must be a finite number; got Infinity$/],
  ])('refuses a burn block height that is %s', async (_what, height, message) => {
    const { fetch, requests } = fakeFetch(() => json({}));
    const error = await getBlockByBurnBlockHeight(createCore({ fetch }), height as never).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(message);
    expect(requests).toHaveLength(0);
  });

  it('sends any finite height as written (the server judges its range)', async () => {
    const { fetch, requests } = fakeFetch(() => json({}));
    await getBlockByBurnBlockHeight(createCore({ fetch }), -1);
    expect(requests[0]?.url).toBe('https://api.hiro.so/extended/v1/block/by_burn_block_height/-1');
  });

  it('rejects a core that is not one', async () => {
    await expect(getBrc20Token({ baseUrl: 'x', ordinalsBaseUrl: 'x' }, 'ordi')).rejects.toThrow(
      /core must come from createCore\(\) or createClient\(\)/,
    );
  });
});
