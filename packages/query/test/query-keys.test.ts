import { type AddressTransactionsQuery, createClient } from '@blockindex/client';
import { describe, expect, it } from 'vitest';
import { createQueryOptions } from '../src/index.js';

const client = createClient({ baseUrl: 'https://api.example.test' });
const queries = createQueryOptions(client);
const base = ['blockindex', 'https://api.example.test'];
const address = 'SP2ZP4GJDZJ1FDHTQ963F0292PE9J9752TZJ68F21';

/** Whether `prefix` is a prefix of `key`, the way `invalidateQueries({ queryKey })` matches (partial deep equal). */
function startsWith(key: readonly unknown[], prefix: readonly unknown[]): boolean {
  return prefix.every((part, index) => JSON.stringify(part) === JSON.stringify(key[index]));
}

const keyCases: [string, { key: readonly unknown[]; want: readonly unknown[] }][] = [
  [
    'brc-20 token, ticker in lower case',
    { key: queries.getBrc20Token('ORDI').queryKey, want: [...base, 'brc20-token', 'ordi'] },
  ],
  [
    'contract status, ids deduplicated and sorted',
    {
      key: queries.getSmartContractsStatus(['b.x', 'a.y', 'b.x']).queryKey,
      want: [...base, 'smart-contracts-status', ['a.y', 'b.x']],
    },
  ],
  [
    'block by burn height',
    {
      key: queries.getBlockByBurnBlockHeight(800_000).queryKey,
      want: [...base, 'block', 'by-burn-block-height', 800_000],
    },
  ],
  [
    'block by burn hash, 0x added',
    {
      key: queries.getBlockByBurnBlockHash('ab12').queryKey,
      want: [...base, 'block', 'by-burn-block-hash', '0xab12'],
    },
  ],
  [
    'one page of transactions, undefined fields dropped',
    {
      key: queries.getAddressTransactions(address, {
        limit: 10,
        offset: undefined, // what a JavaScript caller may well pass
      } as unknown as AddressTransactionsQuery).queryKey,
      want: [...base, 'address', address, 'transactions', 'page', { limit: 10 }],
    },
  ],
  [
    'infinite transactions',
    {
      key: queries.getAddressTransactionsInfinite(address, {}, { pageSize: 10 }).queryKey,
      want: [...base, 'address', address, 'transactions', 'infinite', {}, { pageSize: 10 }],
    },
  ],
  [
    'transfers page',
    {
      key: queries.getAccountTransactionsWithTransfers(address).queryKey,
      want: [...base, 'address', address, 'transactions-with-transfers', 'page', {}],
    },
  ],
  [
    'transfers infinite',
    {
      key: queries.getAccountTransactionsWithTransfersInfinite(address).queryKey,
      want: [...base, 'address', address, 'transactions-with-transfers', 'infinite', {}, {}],
    },
  ],
  [
    'events page, tx id with 0x',
    {
      key: queries.getAddressTransactionEvents(address, 'ff', { limit: 5 }).queryKey,
      want: [...base, 'address', address, 'transaction-events', '0xff', 'page', { limit: 5 }],
    },
  ],
  [
    'events infinite',
    {
      key: queries.getAddressTransactionEventsInfinite(address, '0xff', {}, { pageSize: 3 }).queryKey,
      want: [...base, 'address', address, 'transaction-events', '0xff', 'infinite', {}, { pageSize: 3 }],
    },
  ],
];

describe('query keys', () => {
  it.each(keyCases)('%s', (_, { key, want }) => {
    expect(key).toEqual(want);
    expect(JSON.parse(JSON.stringify(key))).toEqual(want); // plain JSON: dehydration keeps keys as they are
  });

  it('puts everything about an address under keys.address(address)', () => {
    const prefix = queries.keys.address(address);
    const about = keyCases.filter(([, { key }]) => key[2] === 'address').map(([, { key }]) => key);
    expect(about.length).toBe(6);
    for (const key of about) expect(startsWith(key, prefix)).toBe(true);
    const other = queries.getAddressTransactions('SP000000000000000000002Q6VF78').queryKey;
    expect(startsWith(other, prefix)).toBe(false);
  });

  it('puts every key under keys.all(), and only keys of its base URL', () => {
    for (const [, { key }] of keyCases) expect(startsWith(key, queries.keys.all())).toBe(true);
    const testnet = createQueryOptions(createClient({ baseUrl: 'https://api.testnet.example.test' }));
    expect(startsWith(testnet.getBrc20Token('ordi').queryKey, queries.keys.all())).toBe(false);
  });

  it('has a prefix per entity', () => {
    expect(startsWith(queries.getBrc20Token('Ordi').queryKey, queries.keys.brc20Tokens('oRDI'))).toBe(true);
    expect(startsWith(queries.getBrc20Token('sats').queryKey, queries.keys.brc20Tokens('ordi'))).toBe(false);
    expect(startsWith(queries.getBlockByBurnBlockHash('0x01').queryKey, queries.keys.blocks())).toBe(true);
    expect(
      startsWith(queries.getSmartContractsStatus([]).queryKey, queries.keys.smartContractsStatus()),
    ).toBe(true);
  });

  it('rejects bad arguments with a clear error', () => {
    expect(() => createQueryOptions({} as never)).toThrow(/needs a client from createClient/);
    expect(() => queries.getBrc20Token('')).toThrow(/ticker must be a non-empty string; got ""/);
    expect(() => queries.getAddressTransactions(undefined as never)).toThrow(
      /address must be a non-empty string; got undefined/,
    );
    expect(() => queries.getAddressTransactionsInfinite(address, {}, { pageSize: 0 })).toThrow(
      /pageSize must be a positive integer; got 0/,
    );
    expect(() => queries.getAddressTransactionsInfinite(address, {}, { pageSize: 2.5 })).toThrow(RangeError);
    expect(() => queries.getAddressTransactions(address, 'limit=5' as never)).toThrow(
      /query must be an object/,
    );
    expect(() => queries.getSmartContractsStatus('a.b' as never)).toThrow(/must be an array of strings/);
  });
});
