// Needs `pnpm --filter @blockindex/spec build` first (the root test script builds before testing).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type OpenApiDocument, type OperationId, openapi, operationIds } from '../dist/index.js';
import { loadDocument, specRoot } from './helpers/document.js';

const require = createRequire(import.meta.url);
const cjs = require('../dist/index.cjs') as typeof import('../dist/index.js');

const expectedIds = [
  'getBrc20Token',
  'getSmartContractsStatus',
  'getAddressTransactionEvents',
  'getAccountTransactionsWithTransfers',
  'getAddressTransactions',
  'getBlockByBurnBlockHeight',
  'getBlockByBurnBlockHash',
  'getPrincipalTransactions',
  'getPrincipalTransactionBalanceChanges',
  'getBlocksByBurnBlock',
] as const;

describe('built package', () => {
  it('exports the parsed document from ESM', () => {
    expect(openapi).toEqual(loadDocument());
    expect(openapi.openapi).toBe('3.1.0');
  });

  it('exports the operation ids as a frozen tuple', () => {
    expect(operationIds).toEqual(expectedIds);
    expect(Object.isFrozen(operationIds)).toBe(true);
  });

  it('exports the same from CJS', () => {
    expect(cjs.openapi).toEqual(openapi);
    expect(cjs.operationIds).toEqual(operationIds);
  });

  it('ships the document as JSON', () => {
    expect(JSON.parse(readFileSync(join(specRoot, 'dist/openapi.json'), 'utf8'))).toEqual(openapi);
  });

  it('resolves through the exports map from both module systems', () => {
    // A child Node process resolves `@blockindex/spec` the way a consumer does (self-reference via exports).
    const esm = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import { operationIds } from '@blockindex/spec'; console.log(operationIds.length)",
      ],
      { cwd: specRoot, encoding: 'utf8' },
    );
    expect(esm.trim()).toBe('10');
    expect(require('@blockindex/spec').openapi.info.title).toBe('Blockchain Index Read API');
    expect(require.resolve('@blockindex/spec/openapi.json')).toBe(join(specRoot, 'dist/openapi.json'));
  });

  it('ships a self-contained HTML reference', () => {
    const html = readFileSync(join(specRoot, 'dist/reference.html'), 'utf8');
    expect(html).toContain('<title>Blockchain Index Read API</title>');
    expect(html).toContain('getBrc20Token');
    expect(html).not.toMatch(/<script[^>]+src="https?:/);
  });

  it('types the exports', () => {
    expectTypeOf(operationIds).toEqualTypeOf<
      readonly [
        'getBrc20Token',
        'getSmartContractsStatus',
        'getAddressTransactionEvents',
        'getAccountTransactionsWithTransfers',
        'getAddressTransactions',
        'getBlockByBurnBlockHeight',
        'getBlockByBurnBlockHash',
        'getPrincipalTransactions',
        'getPrincipalTransactionBalanceChanges',
        'getBlocksByBurnBlock',
      ]
    >();
    expectTypeOf(openapi).toEqualTypeOf<OpenApiDocument>();
    expectTypeOf(
      openapi.paths['/extended/v2/smart-contracts/status'].get.operationId,
    ).toEqualTypeOf<OperationId>();
    expectTypeOf(cjs.operationIds).toEqualTypeOf(operationIds);
  });
});
