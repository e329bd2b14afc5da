import { describe, expect, it } from 'vitest';
import { componentSchema, derefObject, isObject, type JsonObject, loadDocument } from './helpers/document.js';
import { createValidator } from './helpers/validator.js';

const document = loadDocument();
const components = derefObject(document, document.components);
const schemas = derefObject(document, components.schemas);

/** Component names fixed by the shared contracts: client and mock import these. */
const fixedSchemas = [
  'ClarityValue',
  'Brc20TokenDetails',
  'Brc20Token',
  'Brc20Supply',
  'SmartContractsStatusResponse',
  'SmartContractStatus',
  'SmartContractFound',
  'SmartContractNotFound',
  'SmartContractDeployment',
  'SmartContractDeploymentStatus',
  'AddressTransactionEvent',
  'StxAddressTransactionEvent',
  'FtAddressTransactionEvent',
  'NftAddressTransactionEvent',
  'AssetEventType',
  'AddressTransactionEventPage',
  'Transaction',
  'TransactionCommon',
  'TokenTransferTransaction',
  'SmartContractTransaction',
  'ContractCallTransaction',
  'PoisonMicroblockTransaction',
  'CoinbaseTransaction',
  'TenureChangeTransaction',
  'TokenTransferPayload',
  'SmartContractPayload',
  'ContractCallPayload',
  'ContractCallFunctionArg',
  'PoisonMicroblockPayload',
  'CoinbasePayload',
  'TenureChangePayload',
  'TransactionType',
  'TransactionStatus',
  'AnchorMode',
  'PostConditionMode',
  'TenureChangeCause',
  'PostCondition',
  'StxPostCondition',
  'FungiblePostCondition',
  'NonFungiblePostCondition',
  'StakingPostCondition',
  'PoxPostCondition',
  'PostConditionPrincipal',
  'PostConditionPrincipalOrigin',
  'PostConditionPrincipalStandard',
  'PostConditionPrincipalContract',
  'PostConditionAsset',
  'FungibleConditionCode',
  'NonFungibleConditionCode',
  'PoxConditionCode',
  'TransactionEvent',
  'SmartContractLogTransactionEvent',
  'StxLockTransactionEvent',
  'StxAssetTransactionEvent',
  'FungibleTokenAssetTransactionEvent',
  'NonFungibleTokenAssetTransactionEvent',
  'AddressTransactionWithTransfers',
  'StxTransfer',
  'FtTransfer',
  'NftTransfer',
  'AddressTransactionWithTransfersPage',
  'AddressTransaction',
  'AddressTransactionEventCounts',
  'AssetEventCounts',
  'AddressTransactionPage',
  'Block',
  'ErrorResponse',
  'Brc20NotFoundResponse',
];

/** Full value sets from real-api-notes §2 and §3. */
const enums: [string, string[]][] = [
  [
    'TransactionType',
    ['coinbase', 'token_transfer', 'smart_contract', 'contract_call', 'poison_microblock', 'tenure_change'],
  ],
  ['TransactionStatus', ['success', 'abort_by_response', 'abort_by_post_condition', 'problematic_skipped']],
  ['AnchorMode', ['on_chain_only', 'off_chain_only', 'any']],
  ['PostConditionMode', ['allow', 'deny', 'originator']],
  [
    'TenureChangeCause',
    [
      'block_found',
      'extended',
      'extended_runtime',
      'extended_read_count',
      'extended_read_length',
      'extended_write_count',
      'extended_write_length',
    ],
  ],
  [
    'FungibleConditionCode',
    [
      'sent_equal_to',
      'sent_greater_than',
      'sent_greater_than_or_equal_to',
      'sent_less_than',
      'sent_less_than_or_equal_to',
    ],
  ],
  ['NonFungibleConditionCode', ['sent', 'not_sent', 'maybe_sent']],
  ['PoxConditionCode', ['not_performed', 'maybe_performed', 'performed']],
  ['AssetEventType', ['transfer', 'mint', 'burn']],
  [
    'SmartContractDeploymentStatus',
    ['success', 'abort_by_response', 'abort_by_post_condition', 'problematic_skipped', 'pending'],
  ],
];

/** [union schema, discriminator property, expected mapping keys]. */
const discriminated: [string, string, string[]][] = [
  ['Transaction', 'tx_type', enums[0]?.[1] ?? []],
  ['PostCondition', 'type', ['stx', 'fungible', 'non_fungible', 'staking', 'pox']],
  ['PostConditionPrincipal', 'type_id', ['principal_origin', 'principal_standard', 'principal_contract']],
  [
    'TransactionEvent',
    'event_type',
    ['smart_contract_log', 'stx_lock', 'stx_asset', 'fungible_token_asset', 'non_fungible_token_asset'],
  ],
  ['AddressTransactionEvent', 'type', ['stx', 'ft', 'nft']],
];

/** The const a variant gives its discriminator property, looking into `allOf` members. */
function discriminatorConst(schema: JsonObject, property: string): unknown {
  const own = isObject(schema.properties) ? schema.properties[property] : undefined;
  if (isObject(own) && 'const' in own) return own.const;
  for (const member of Array.isArray(schema.allOf) ? schema.allOf : []) {
    const found = discriminatorConst(derefObject(document, member), property);
    if (found !== undefined) return found;
  }
  return undefined;
}

describe('components', () => {
  it.each(fixedSchemas)('defines schema %s', (name) => {
    expect(schemas).toHaveProperty([name]);
  });

  it('compiles every schema under Ajv strict mode', () => {
    const validator = createValidator(document);
    for (const name of Object.keys(schemas))
      expect(() => validator.compileComponent(name), name).not.toThrow();
  });

  it.each(enums)('%s has the full value set', (name, values) => {
    expect(componentSchema(document, name)).toMatchObject({ type: 'string', enum: values });
  });

  it.each(discriminated)('%s is a oneOf discriminated by %s', (name, property, keys) => {
    const union = componentSchema(document, name);
    const variants = (union.oneOf as JsonObject[]).map((variant) => String(variant.$ref));
    const discriminator = derefObject(document, union.discriminator);
    expect(discriminator.propertyName).toBe(property);
    const mapping = derefObject(document, discriminator.mapping);
    expect(Object.keys(mapping).sort()).toEqual([...keys].sort());
    expect(Object.values(mapping).sort()).toEqual([...variants].sort());
    for (const [key, ref] of Object.entries(mapping)) {
      const variant = derefObject(document, { $ref: ref });
      expect(discriminatorConst(variant, property), String(ref)).toBe(key);
    }
  });

  it.each(enums[0]?.[1] ?? [])('the %s transaction is TransactionCommon plus a closed payload', (txType) => {
    const ref = derefObject(document, componentSchema(document, 'Transaction').discriminator)
      .mapping as JsonObject;
    const variant = derefObject(document, { $ref: ref[txType] });
    expect(variant.unevaluatedProperties).toBe(false);
    expect((variant.allOf as JsonObject[])[0]).toEqual({ $ref: '#/components/schemas/TransactionCommon' });
  });

  it('requires every TransactionCommon field except the sponsor ones', () => {
    const common = componentSchema(document, 'TransactionCommon');
    const optional = Object.keys(common.properties as object).filter(
      (p) => !(common.required as string[]).includes(p),
    );
    expect(optional.sort()).toEqual(['sponsor_address', 'sponsor_nonce']);
    expect(common.additionalProperties).toBeUndefined();
  });

  it('closes every other object schema with additionalProperties: false', () => {
    const open: string[] = [];
    const visit = (node: unknown, where: string): void => {
      if (Array.isArray(node)) {
        node.forEach((child, index) => {
          visit(child, `${where}/${index}`);
        });
        return;
      }
      if (!isObject(node)) return;
      if (
        isObject(node.properties) &&
        node.additionalProperties === undefined &&
        !where.includes('/allOf/')
      ) {
        open.push(where);
      }
      for (const [key, child] of Object.entries(node)) visit(child, `${where}/${key}`);
    };
    for (const [name, schema] of Object.entries(schemas)) visit(schema, name);
    expect(open).toEqual(['TransactionCommon', 'TransactionSummaryCommon']);
  });

  it('types nullable fields as type arrays, never with nullable: true', () => {
    expect(JSON.stringify(schemas)).not.toContain('"nullable"');
    for (const [name, field] of [
      ['Brc20Token', 'mint_limit'],
      ['TransactionCommon', 'vm_error'],
      ['AddressTransactionPage', 'cursor'],
      ['AddressTransactionPage', 'next_cursor'],
      ['AddressTransactionPage', 'prev_cursor'],
      ['SmartContractPayload', 'clarity_version'],
      ['TransactionPageCursor', 'next'],
      ['TransactionPageCursor', 'previous'],
      ['TransactionPageCursor', 'current'],
      ['BalanceChangePageCursor', 'next'],
      ['BalanceChangePageCursor', 'current'],
    ] as const) {
      const property = derefObject(document, componentSchema(document, name).properties)[field];
      expect(derefObject(document, property).type, `${name}.${field}`).toEqual(
        expect.arrayContaining(['null']),
      );
    }
  });

  it('defines the shared responses and headers', () => {
    expect(Object.keys(derefObject(document, components.responses))).toEqual(
      expect.arrayContaining(['BadRequest', 'NotFound', 'TooManyRequests', 'ServerError', 'NotModified']),
    );
    expect(Object.keys(derefObject(document, components.headers))).toEqual(
      expect.arrayContaining([
        'ETag',
        'Warning',
        'RetryAfter',
        'RateLimitLimit',
        'RateLimitRemaining',
        'RateLimitReset',
      ]),
    );
  });
});
