import { describe, expect, it } from 'vitest';
import { derefObject, isObject, type JsonObject, loadDocument } from './helpers/document.js';

const document = loadDocument();

// Request patterns: upstream's (stacks-blockchain-api v9.0.2), except that the address is anchored at the end
// here (upstream's is not; see the Address parameter's description); the contract id of the status query keeps
// upstream's unescaped `.`.
const STX_ADDRESS = '^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}$';
const CONTRACT_ID = '^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}\\.[a-zA-Z]([a-zA-Z0-9]|[-_]){0,39}$';
const STATUS_CONTRACT_ID = '^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}.[a-zA-Z]([a-zA-Z0-9]|[-_]){0,39}$';
const HEX_64 = '^(0x)?[a-fA-F0-9]{64}$';
const WARNING = '299 - "Deprecated: See https://docs.hiro.so/stacks/api for more information"';

interface ExpectedParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  /** Subset the parameter's schema must match. */
  schema: JsonObject;
  style?: string;
  explode?: boolean;
}

const principal = (name: string): ExpectedParameter => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string', maxLength: 170, anyOf: [{ pattern: STX_ADDRESS }, { pattern: CONTRACT_ID }] },
});
const limit: ExpectedParameter = {
  name: 'limit',
  in: 'query',
  required: false,
  schema: { type: 'integer', minimum: 0, maximum: 50, default: 20 },
};
const offset: ExpectedParameter = {
  name: 'offset',
  in: 'query',
  required: false,
  schema: { type: 'integer', minimum: 0, default: 0 },
};
// The v3 cursor lists: upstream's limit (1–50, `0` refused) and a cursor of the list's own format.
const cursorLimit: ExpectedParameter = {
  name: 'limit',
  in: 'query',
  required: false,
  schema: { type: 'integer', minimum: 1, maximum: 50, default: 20 },
};
const cursor = (pattern: string): ExpectedParameter => ({
  name: 'cursor',
  in: 'query',
  required: false,
  schema: { type: 'string', pattern },
});
const ifNoneMatch: ExpectedParameter = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  schema: { type: 'string' },
};

interface ExpectedOperation {
  path: string;
  operationId: string;
  tag: string;
  deprecated: boolean;
  parameters: ExpectedParameter[];
  statuses: string[];
}

const operations: ExpectedOperation[] = [
  {
    path: '/ordinals/v1/brc-20/tokens/{ticker}',
    operationId: 'getBrc20Token',
    tag: 'BRC-20',
    deprecated: false,
    parameters: [
      { name: 'ticker', in: 'path', required: true, schema: { type: 'string', minLength: 1 } },
      ifNoneMatch,
    ],
    statuses: ['200', '304', '404', '429', 'default'],
  },
  {
    path: '/extended/v2/smart-contracts/status',
    operationId: 'getSmartContractsStatus',
    tag: 'Smart Contracts',
    deprecated: false,
    parameters: [
      {
        name: 'contract_id',
        in: 'query',
        required: true,
        style: 'form',
        explode: true,
        schema: { type: 'array', minItems: 1, items: { type: 'string', pattern: STATUS_CONTRACT_ID } },
      },
      ifNoneMatch,
    ],
    statuses: ['200', '304', '400', '429', 'default'],
  },
  {
    path: '/extended/v2/addresses/{address}/transactions/{tx_id}/events',
    operationId: 'getAddressTransactionEvents',
    tag: 'Transactions',
    deprecated: true,
    parameters: [
      principal('address'),
      { name: 'tx_id', in: 'path', required: true, schema: { type: 'string', pattern: HEX_64 } },
      limit,
      offset,
      ifNoneMatch,
    ],
    statuses: ['200', '304', '400', '404', '410', '429', 'default'],
  },
  {
    path: '/extended/v1/address/{principal}/transactions_with_transfers',
    operationId: 'getAccountTransactionsWithTransfers',
    tag: 'Accounts',
    deprecated: true,
    parameters: [
      principal('principal'),
      limit,
      offset,
      {
        name: 'height',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: -2147483648, maximum: 2147483647 },
      },
      { name: 'unanchored', in: 'query', required: false, schema: { type: 'boolean', default: false } },
      {
        name: 'until_block',
        in: 'query',
        required: false,
        schema: { type: 'string', pattern: '^(0x[0-9a-fA-F]{64}|[0-9]+)?$' },
      },
      ifNoneMatch,
    ],
    statuses: ['200', '304', '400', '404', '410', '429', 'default'],
  },
  {
    path: '/extended/v2/addresses/{address}/transactions',
    operationId: 'getAddressTransactions',
    tag: 'Transactions',
    deprecated: true,
    parameters: [
      principal('address'),
      limit,
      offset,
      { name: 'cursor', in: 'query', required: false, schema: { type: 'string' } },
      { name: 'exclude_function_args', in: 'query', required: false, schema: { type: 'boolean' } },
      ifNoneMatch,
    ],
    statuses: ['200', '304', '400', '404', '410', '429', 'default'],
  },
  {
    path: '/extended/v1/block/by_burn_block_height/{burn_block_height}',
    operationId: 'getBlockByBurnBlockHeight',
    tag: 'Blocks',
    deprecated: true,
    parameters: [
      { name: 'burn_block_height', in: 'path', required: true, schema: { type: 'integer', minimum: 0 } },
      ifNoneMatch,
    ],
    statuses: ['200', '304', '400', '404', '410', '429', 'default'],
  },
  {
    path: '/extended/v1/block/by_burn_block_hash/{burn_block_hash}',
    operationId: 'getBlockByBurnBlockHash',
    tag: 'Blocks',
    deprecated: true,
    parameters: [
      { name: 'burn_block_hash', in: 'path', required: true, schema: { type: 'string', pattern: HEX_64 } },
      ifNoneMatch,
    ],
    statuses: ['200', '302', '304', '400', '404', '410', '429', 'default'],
  },
  {
    path: '/extended/v3/principals/{principal}/transactions',
    operationId: 'getPrincipalTransactions',
    tag: 'Transactions',
    deprecated: false,
    parameters: [principal('principal'), cursorLimit, cursor('^[0-9]+:[0-9]+:[0-9]+$'), ifNoneMatch],
    statuses: ['200', '304', '400', '429', 'default'],
  },
  {
    path: '/extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes',
    operationId: 'getPrincipalTransactionBalanceChanges',
    tag: 'Transactions',
    deprecated: false,
    parameters: [
      principal('principal'),
      { name: 'tx_id', in: 'path', required: true, schema: { type: 'string', pattern: HEX_64 } },
      cursorLimit,
      cursor('^[0-9]+:\\S+$'),
      ifNoneMatch,
    ],
    statuses: ['200', '304', '400', '429', 'default'],
  },
  {
    path: '/extended/v2/burn-blocks/{height_or_hash}/blocks',
    operationId: 'getBlocksByBurnBlock',
    tag: 'Blocks',
    deprecated: false,
    parameters: [
      {
        name: 'height_or_hash',
        in: 'path',
        required: true,
        schema: {
          anyOf: [
            { type: 'string', const: 'latest' },
            { type: 'string', pattern: HEX_64 },
            { type: 'integer', minimum: 0, maximum: 2147483647 },
          ],
        },
      },
      {
        name: 'limit',
        in: 'query',
        required: false,
        schema: { type: 'integer', minimum: 0, maximum: 30, default: 20 },
      },
      offset,
      ifNoneMatch,
    ],
    statuses: ['200', '304', '400', '404', '429', 'default'],
  },
];

function getOperation(path: string): JsonObject {
  const item = derefObject(document, derefObject(document, document.paths)[path]);
  expect(Object.keys(item)).toEqual(['get']);
  return derefObject(document, item.get);
}

function responsesOf(operation: JsonObject): Record<string, JsonObject> {
  const out: Record<string, JsonObject> = {};
  for (const [status, response] of Object.entries(derefObject(document, operation.responses))) {
    out[status] = derefObject(document, response);
  }
  return out;
}

function headerNames(response: JsonObject | undefined): string[] {
  return Object.keys(isObject(response?.headers) ? response.headers : {});
}

const byId = operations.map((operation) => [operation.operationId, operation] as const);

describe('operations', () => {
  it('has exactly the ten paths, each with GET only', () => {
    expect(Object.keys(derefObject(document, document.paths)).sort()).toEqual(
      operations.map((op) => op.path).sort(),
    );
  });

  it.each(byId)('%s: path, operationId, tag and deprecation', (operationId, expected) => {
    const operation = getOperation(expected.path);
    expect(operation.operationId).toBe(operationId);
    expect(operation.tags).toEqual([expected.tag]);
    expect(operation.deprecated === true).toBe(expected.deprecated);
    expect(typeof operation.summary).toBe('string');
    expect(String(operation.description).length).toBeGreaterThan(100);
  });

  it.each(byId)('%s: parameters', (_operationId, expected) => {
    const parameters = (getOperation(expected.path).parameters as unknown[]).map((p) =>
      derefObject(document, p),
    );
    expect(parameters.map((p) => `${p.in}:${p.name}`)).toEqual(
      expected.parameters.map((p) => `${p.in}:${p.name}`),
    );
    for (const [index, want] of expected.parameters.entries()) {
      const got = parameters[index] as JsonObject;
      expect(got.required === true, want.name).toBe(want.required);
      expect(got.schema, want.name).toMatchObject(want.schema);
      if (want.style) expect(got.style).toBe(want.style);
      if (want.explode !== undefined) expect(got.explode).toBe(want.explode);
      if (want.in === 'path') expect(got.required).toBe(true);
    }
  });

  it.each(byId)('%s: documented status codes', (_operationId, expected) => {
    expect(Object.keys(responsesOf(getOperation(expected.path))).sort()).toEqual(
      [...expected.statuses].sort(),
    );
  });

  it.each(byId)('%s: shared error responses', (_operationId, expected) => {
    const raw = derefObject(document, getOperation(expected.path).responses);
    expect(raw['429']).toMatchObject({ $ref: '#/components/responses/TooManyRequests' });
    expect(raw.default).toMatchObject({ $ref: '#/components/responses/ServerError' });
  });

  it.each(byId)(
    '%s: 200 carries ETag and Cache-Control, Warning exactly when deprecated',
    (_id, expected) => {
      const responses = responsesOf(getOperation(expected.path));
      const ok = headerNames(responses['200']);
      expect(ok).toEqual(expect.arrayContaining(['ETag', 'Cache-Control']));
      expect(ok.includes('Warning')).toBe(expected.deprecated);
      expect(headerNames(responses['304'])).toContain('ETag');
      if (expected.deprecated) {
        for (const status of ['304', '400', '404', '302'].filter((s) => responses[s])) {
          expect(headerNames(responses[status]), status).toContain('Warning');
        }
      }
    },
  );

  it.each([
    ['getAddressTransactionEvents', 'getPrincipalTransactionBalanceChanges'],
    ['getAccountTransactionsWithTransfers', 'getPrincipalTransactions'],
    ['getAddressTransactions', 'getPrincipalTransactions'],
    ['getBlockByBurnBlockHeight', 'getBlocksByBurnBlock'],
    ['getBlockByBurnBlockHash', 'getBlocksByBurnBlock'],
  ])('%s names its successor %s in x-replacement and in its description', (operationId, successor) => {
    const { path } = operations.find((op) => op.operationId === operationId) as ExpectedOperation;
    const operation = getOperation(path);
    expect(operation['x-replacement']).toBe(successor);
    const target = operations.find((op) => op.operationId === successor) as ExpectedOperation;
    expect(target.deprecated).toBe(false);
    expect(operation.description).toContain(`\`${successor}\``);
    expect(operation.description).toContain(target.path);
    // ... and the successor's description names the operations it succeeds.
    expect(getOperation(target.path).description).toContain(`\`${operationId}\``);
  });

  it('names a replacement for deprecated operations only', () => {
    const named = operations.filter(({ path }) => getOperation(path)['x-replacement'] !== undefined);
    expect(named.map((op) => op.operationId)).toEqual(
      operations.filter((op) => op.deprecated).map((op) => op.operationId),
    );
  });

  it('declares the Warning header value verbatim', () => {
    const warning = derefObject(document, { $ref: '#/components/headers/Warning' });
    expect(warning.schema).toMatchObject({ const: WARNING });
  });

  it('redirects a burn block hash without 0x with a Location header', () => {
    const redirect = responsesOf(getOperation('/extended/v1/block/by_burn_block_hash/{burn_block_hash}'))[
      '302'
    ];
    expect(headerNames(redirect)).toContain('Location');
  });

  it('answers a BRC-20 miss with the bare Not found body', () => {
    const notFound = responsesOf(getOperation('/ordinals/v1/brc-20/tokens/{ticker}'))['404'];
    expect(notFound?.content).toMatchObject({
      'application/json': { schema: { $ref: '#/components/schemas/Brc20NotFoundResponse' } },
    });
  });

  it('documents rate-limit headers on 429', () => {
    const tooMany = derefObject(document, { $ref: '#/components/responses/TooManyRequests' });
    expect(headerNames(tooMany)).toEqual([
      'Retry-After',
      'ratelimit-limit',
      'ratelimit-remaining',
      'ratelimit-reset',
    ]);
  });

  it('makes the x-api-key header optional', () => {
    expect(document.security).toEqual([{}, { apiKey: [] }]);
    expect(derefObject(document, { $ref: '#/components/securitySchemes/apiKey' })).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
  });

  it('lists the hosted and mock servers', () => {
    expect((document.servers as JsonObject[]).map((server) => server.url)).toEqual([
      'https://api.hiro.so',
      'https://api.testnet.hiro.so',
      'http://127.0.0.1:3999',
    ]);
  });
});
