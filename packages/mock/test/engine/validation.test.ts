import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { RequestValidator } from '../../src/engine/validation';

const validator = new RequestValidator();
const ADDRESS = 'SP318Q55DEKHRXJK696033DQN5C54D9K2EE6DHRWP';
const TX = `0x${'ab'.repeat(32)}`;
const C32 = '[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}';
// Upstream's contract id pattern (the status query, and the principal routes' second branch): its `.` is
// unescaped.
const STATUS_CONTRACT_PATTERN = `^${C32}.[a-zA-Z]([a-zA-Z0-9]|[-_]){0,39}$`;

function run(operationId: string, params: Record<string, string>, query = '') {
  return validator.validate(operationId, { params, searchParams: new URLSearchParams(query) });
}

describe('RequestValidator', () => {
  it.each([
    [
      'getBlockByBurnBlockHeight',
      { burn_block_height: 'abc' },
      '',
      'params/burn_block_height must be integer',
    ],
    [
      'getBlockByBurnBlockHeight',
      { burn_block_height: '20.5' },
      '',
      'params/burn_block_height must be integer',
    ],
    ['getBlockByBurnBlockHeight', { burn_block_height: '-1' }, '', 'params/burn_block_height must be >= 0'],
    [
      'getBlockByBurnBlockHash',
      { burn_block_hash: '0x123' },
      '',
      'params/burn_block_hash must match pattern "^0x([0-9a-fA-F]{2})*$"',
    ],
    ['getAddressTransactions', { address: ADDRESS }, 'limit=51', 'querystring/limit must be <= 50'],
    ['getAddressTransactions', { address: ADDRESS }, 'offset=-1', 'querystring/offset must be >= 0'],
    ['getAddressTransactions', { address: ADDRESS }, 'limit=1&limit=2', 'querystring/limit must be integer'],
    ['getAddressTransactions', { address: ADDRESS }, 'limit=', 'querystring/limit must be integer'],
    [
      'getAddressTransactions',
      { address: ADDRESS },
      'exclude_function_args=1',
      'querystring/exclude_function_args must be boolean',
    ],
    [
      'getAddressTransactions',
      { address: 'nope' },
      'limit=99',
      // Upstream's own message: its address pattern has no `$`.
      `params/address must match pattern "^${C32}", params/address must match pattern "${STATUS_CONTRACT_PATTERN}", params/address must match a schema in anyOf`,
    ],
    [
      'getAddressTransactionEvents',
      { address: ADDRESS, tx_id: 'xyz' },
      '',
      'params/tx_id must match pattern "^(0x)?[a-fA-F0-9]{64}$"',
    ],
    [
      'getAccountTransactionsWithTransfers',
      { principal: ADDRESS },
      'unanchored=yes',
      'querystring/unanchored must be boolean',
    ],
    [
      'getAccountTransactionsWithTransfers',
      { principal: 'nope' },
      '',
      `params/principal must match pattern "^${C32}", params/principal must match pattern "${STATUS_CONTRACT_PATTERN}", params/principal must match a schema in anyOf`,
    ],
    [
      'getAddressTransactions',
      { address: `${ADDRESS}\u0000` },
      '',
      'params/address must match pattern "^[^\\u0000]*$"',
    ],
    [
      'getAccountTransactionsWithTransfers',
      { principal: ADDRESS },
      'height=x',
      'querystring/height must be integer',
    ],
    ['getSmartContractsStatus', {}, '', "querystring must have required property 'contract_id'"],
    ['getSmartContractsStatus', {}, 'other=1', "querystring must have required property 'contract_id'"],
    [
      'getSmartContractsStatus',
      {},
      `contract_id=${ADDRESS}.ok&contract_id=bad`,
      `querystring/contract_id/1 must match pattern "${STATUS_CONTRACT_PATTERN}"`,
    ],
  ])('%s %j ?%s → "%s"', (operationId, params, query, message) => {
    expect(run(operationId, params, query)).toEqual({ ok: false, message });
  });

  it.each([
    ['getAddressTransactions', { address: `${ADDRESS}junk` }, ''],
    ['getAddressTransactions', { address: `${ADDRESS.slice(0, 28)}\u008ekT\u00d8` }, ''],
    ['getAddressTransactionEvents', { address: `${ADDRESS}.a.b`, tx_id: TX }, ''],
    ['getAccountTransactionsWithTransfers', { principal: `${ADDRESS}junk` }, ''],
    ['getAccountTransactionsWithTransfers', { principal: ADDRESS }, 'until_block=abc'],
    ['getAccountTransactionsWithTransfers', { principal: ADDRESS }, 'until_block=12abc'],
    ['getBlockByBurnBlockHash', { burn_block_hash: '0x1234' }, ''],
    ['getBlockByBurnBlockHash', { burn_block_hash: '0x' }, ''],
  ])('accepts what upstream’s route schemas accept: %s %j ?%s', (operationId, params, query) => {
    expect(run(operationId, params, query)).toMatchObject({ ok: true });
  });

  it('refuses a query value past 16 KiB (upstream’s URL limit) before checking it, naming it', () => {
    const cursor = 'x'.repeat(16 * 1024);
    expect(run('getAddressTransactions', { address: ADDRESS }, `cursor=${cursor}`)).toMatchObject({
      ok: true,
    });
    expect(run('getAddressTransactions', { address: ADDRESS }, `cursor=${cursor}x`)).toEqual({
      ok: false,
      message: 'querystring/cursor must NOT have more than 16384 characters',
    });
  });

  it('coerces strings and fills the defaults, like Fastify', () => {
    expect(run('getAddressTransactions', { address: ADDRESS }, 'limit=5&exclude_function_args=true')).toEqual(
      {
        ok: true,
        params: { address: ADDRESS },
        query: { limit: 5, offset: 0, exclude_function_args: true },
      },
    );
    expect(run('getAccountTransactionsWithTransfers', { principal: ADDRESS })).toMatchObject({
      ok: true,
      query: { limit: 20, offset: 0, unanchored: false },
    });
    expect(run('getBlockByBurnBlockHeight', { burn_block_height: '744603' })).toMatchObject({
      ok: true,
      params: { burn_block_height: 744603 },
    });
  });

  it('turns a single contract_id into a one-element list', () => {
    expect(run('getSmartContractsStatus', {}, `contract_id=${ADDRESS}.a`)).toMatchObject({
      ok: true,
      query: { contract_id: [`${ADDRESS}.a`] },
    });
  });

  it('ignores unknown query keys, including __proto__ and constructor', () => {
    const result = run(
      'getAddressTransactionEvents',
      { address: ADDRESS, tx_id: TX },
      '__proto__=x&constructor=y&foo=1',
    );
    expect(result).toEqual({
      ok: true,
      params: { address: ADDRESS, tx_id: TX },
      query: { limit: 20, offset: 0 },
    });
    expect(Object.getPrototypeOf(result.ok && result.query)).toBe(Object.prototype);
  });

  it('checks params before the querystring, as Fastify does', () => {
    const result = run('getAddressTransactionEvents', { address: ADDRESS, tx_id: 'bad' }, 'limit=500');
    expect(result.ok === false && result.message).toMatch(/^params\/tx_id/);
  });

  it('throws on an operation the document does not have', () => {
    expect(() => run('nope', {})).toThrow(/not in the OpenAPI document/);
  });
});

describe('precompiled validators', () => {
  it('match what scripts/generate-validators.mjs writes from the spec (regenerate when this fails)', () => {
    const result = spawnSync(process.execPath, ['scripts/generate-validators.mjs', '--check'], {
      cwd: new URL('../..', import.meta.url).pathname,
      encoding: 'utf8',
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
