import fc from 'fast-check';
import { matchRequestUrl } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OperationId } from '../../src/engine/answer';
import { pathTemplate } from '../../src/engine/context';
import { createRouter } from '../../src/engine/router';
import { OPERATIONS, operationRouter } from '../../src/engine/serve';

const router = operationRouter();
const ADDRESS = 'SP1KCRYKYTY4CBM0XHJW0E7RBFPP61P1D39VZ735H';
const HASH = `0x${'ab'.repeat(32)}`;

type Want = { operationId: OperationId; params: Record<string, string>; exact: boolean } | undefined;

const table: [string, { given: string; want: Want }][] = [
  ['a ticker', { given: '/ordinals/v1/brc-20/tokens/ordi', want: op('getBrc20Token', { ticker: 'ordi' }) }],
  [
    'a percent-encoded emoji ticker, decoded',
    { given: '/ordinals/v1/brc-20/tokens/%F0%9F%90%B8', want: op('getBrc20Token', { ticker: '🐸' }) },
  ],
  [
    'an encoded slash inside a parameter, decoded into it',
    { given: '/ordinals/v1/brc-20/tokens/a%2Fb', want: op('getBrc20Token', { ticker: 'a/b' }) },
  ],
  [
    'the status path',
    { given: '/extended/v2/smart-contracts/status', want: op('getSmartContractsStatus', {}) },
  ],
  [
    'one trailing slash, ignored',
    { given: '/extended/v2/smart-contracts/status/', want: op('getSmartContractsStatus', {}) },
  ],
  ['two trailing slashes', { given: '/extended/v2/smart-contracts/status//', want: undefined }],
  [
    'two parameters',
    {
      given: `/extended/v2/addresses/${ADDRESS}/transactions/${HASH}/events`,
      want: op('getAddressTransactionEvents', { address: ADDRESS, tx_id: HASH }),
    },
  ],
  [
    'transactions_with_transfers',
    {
      given: `/extended/v1/address/${ADDRESS}.my-contract/transactions_with_transfers`,
      want: op('getAccountTransactionsWithTransfers', { principal: `${ADDRESS}.my-contract` }),
    },
  ],
  [
    'address transactions, parameter with a trailing slash',
    {
      given: `/extended/v2/addresses/${ADDRESS}/transactions/`,
      want: op('getAddressTransactions', { address: ADDRESS }),
    },
  ],
  [
    'a height, still a string',
    {
      given: '/extended/v1/block/by_burn_block_height/744603',
      want: op('getBlockByBurnBlockHeight', { burn_block_height: '744603' }),
    },
  ],
  [
    'a hash',
    {
      given: `/extended/v1/block/by_burn_block_hash/${HASH}`,
      want: op('getBlockByBurnBlockHash', { burn_block_hash: HASH }),
    },
  ],
  [
    'an upper-cased literal: routed, not exact',
    {
      given: '/EXTENDED/v1/block/by_burn_block_height/1',
      want: { operationId: 'getBlockByBurnBlockHeight', params: { burn_block_height: '1' }, exact: false },
    },
  ],
  [
    'a parameter keeps its case',
    { given: '/ordinals/v1/brc-20/tokens/ORDI', want: op('getBrc20Token', { ticker: 'ORDI' }) },
  ],
  ['an empty parameter', { given: '/ordinals/v1/brc-20/tokens/', want: undefined }],
  ['an empty parameter between literals', { given: '/extended/v2/addresses//transactions', want: undefined }],
  ['a missing parameter', { given: '/ordinals/v1/brc-20/tokens', want: undefined }],
  ['an extra segment', { given: '/ordinals/v1/brc-20/tokens/ordi/extra', want: undefined }],
  ['a doubled slash inside', { given: '/extended//v2/smart-contracts/status', want: undefined }],
  [
    'an encoded literal (matched before decoding)',
    { given: '/extended/v2/smart-contracts/%73tatus', want: undefined },
  ],
  ['the root', { given: '/', want: undefined }],
  ['a control route', { given: '/health', want: undefined }],
  ['an unknown path', { given: '/extended/v3/blocks', want: undefined }],
];

function op(operationId: OperationId, params: Record<string, string>): Want {
  return { operationId, params, exact: true };
}

describe('operationRouter', () => {
  it.each(table)('routes %s', (_name, { given, want }) => {
    const found = router.match(given);
    expect(found === undefined ? undefined : { ...found, params: { ...found.params } }).toEqual(want);
  });

  it('compiles the seven paths of the spec', () => {
    for (const operationId of Object.keys(OPERATIONS) as OperationId[]) {
      const path = pathTemplate(operationId).replace(/\{[^}]+\}/g, 'x');
      expect(router.match(path)?.operationId, path).toBe(operationId);
    }
  });

  it('matches, decodes and ignores case exactly like msw (property)', () => {
    const base = 'https://api.hiro.so';
    const templates = (Object.keys(OPERATIONS) as OperationId[]).map(
      (operationId) =>
        [operationId, `${base}${pathTemplate(operationId).replace(/\{([^}]+)\}/g, ':$1')}`] as const,
    );
    const words = [
      ...new Set(Object.keys(OPERATIONS).flatMap((id) => pathTemplate(id as OperationId).split('/'))),
    ].filter((word) => !word.startsWith('{'));
    const segment = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...words) },
      { weight: 2, arbitrary: fc.constantFrom(...words).map((word) => word.toUpperCase()) },
      { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }).map(encodeURIComponent) },
      { weight: 1, arbitrary: fc.constantFrom('%2F', '%20', '.x', '%41', '') },
    );
    const pathname = fc
      .tuple(fc.array(segment, { minLength: 1, maxLength: 8 }), fc.constantFrom('', '/', '//'))
      .map(([parts, tail]) => new URL(`${base}/${parts.join('/')}${tail}`).pathname);
    // Often a template with its parameters filled, a literal's case changed and a slash or two appended, so
    // that matches, near misses and the case rule all come up.
    const templated = fc
      .record({
        template: fc.constantFrom(...templates).map(([, template]) => template.slice(base.length)),
        params: fc.array(segment, { minLength: 2, maxLength: 2 }),
        upper: fc.option(fc.nat(), { nil: undefined }),
        tail: fc.constantFrom('', '', '/', '//'),
      })
      .map(({ template, params, upper, tail }) => {
        const [a = 'x', b = 'y'] = params;
        const parts = template
          .replace(/:[a-z_]+/, a)
          .replace(/:[a-z_]+/, b)
          .split('/');
        if (upper !== undefined) {
          const at = 1 + (upper % (parts.length - 1));
          parts[at] = (parts[at] ?? '').toUpperCase();
        }
        return new URL(`${base}${parts.join('/')}${tail}`).pathname;
      });
    fc.assert(
      fc.property(
        fc.oneof({ weight: 1, arbitrary: pathname }, { weight: 3, arbitrary: templated }),
        (path) => {
          const url = new URL(base + path);
          const oracle = templates
            .map(([operationId, template]) => ({ operationId, ...matchRequestUrl(url, template) }))
            .find((result) => result.matches);
          const found = router.match(url.pathname);
          expect(found?.operationId, path).toBe(oracle?.operationId);
          if (found && oracle) {
            expect({ ...found.params }, path).toEqual({ ...oracle.params });
            const sensitive = new RegExp(
              `^${pathTemplate(found.operationId).replace(/\{[^}]+\}/g, '[^/]+')}/?$`,
            );
            expect(found.exact, path).toBe(sensitive.test(url.pathname));
          }
        },
      ),
      { numRuns: 1500 },
    );
  });
});

describe('createRouter', () => {
  it('tries routes in the order given: the first match wins', () => {
    const overlapping = createRouter([
      ['getBrc20Token', '/a/{x}'],
      ['getSmartContractsStatus', '/a/b'],
    ]);
    expect(overlapping.match('/a/b')?.operationId).toBe('getBrc20Token');
  });

  it('refuses a parameter that does not decode', () => {
    expect(createRouter([['getBrc20Token', '/t/{ticker}']]).match('/t/%E0%A4%A')).toBeUndefined();
  });
});
