import { describe, expect, it } from 'vitest';
import { componentSchema, loadDocument } from './helpers/document.js';
import { followPath, type JsonType, jsonTypes } from './helpers/schema.js';

const document = loadDocument();

/**
 * Every field the API description names, per resource: [resource, schema, field path, JSON type]. A path
 * step is a property name, `[]` (array items) or `*` (map values); `$ref`, `allOf`, `oneOf` and `anyOf` are
 * looked through. Transcribed from blockchain-index-read-api.md, "Resources and their fields".
 */
type Row = readonly [resource: string, schema: string, path: string, type: JsonType];

const pageFields = (resource: string, schema: string): Row[] => [
  [resource, schema, 'limit', 'integer'],
  [resource, schema, 'offset', 'integer'],
  [resource, schema, 'total', 'integer'],
  [resource, schema, 'results', 'array'],
];

const fields = (resource: string, schema: string, rows: [string, JsonType][]): Row[] =>
  rows.map(([path, type]) => [resource, schema, path, type]);

const table: Row[] = [
  ...fields('BRC-20 token details', 'Brc20TokenDetails', [
    ['token', 'object'],
    ['supply', 'object'],
  ]),
  ...fields('Token record', 'Brc20Token', [
    ['id', 'string'],
    ['number', 'integer'],
    ['block_height', 'integer'],
    ['tx_id', 'string'],
    ['address', 'string'],
    ['ticker', 'string'],
    ['max_supply', 'string'],
    ['mint_limit', 'string'],
    ['decimals', 'integer'],
    ['deploy_timestamp', 'integer'],
    ['minted_supply', 'string'],
    ['tx_count', 'integer'],
  ]),
  ...fields('Supply record', 'Brc20Supply', [
    ['max_supply', 'string'],
    ['minted_supply', 'string'],
    ['holders', 'integer'],
  ]),
  ...fields('Smart contract status map', 'SmartContractsStatusResponse', [
    ['*', 'object'],
    ['*.found', 'boolean'],
    ['*.result', 'object'],
    ['*.result.status', 'string'],
    ['*.result.tx_id', 'string'],
    ['*.result.contract_id', 'string'],
    ['*.result.block_height', 'integer'],
  ]),
  ...pageFields('Paginated envelope (events)', 'AddressTransactionEventPage'),
  ...pageFields('Paginated envelope (transactions with transfers)', 'AddressTransactionWithTransfersPage'),
  ...pageFields('Paginated envelope (transactions with event counts)', 'AddressTransactionPage'),
  ...fields('Address transaction event', 'AddressTransactionEvent', [
    ['type', 'string'],
    ['event_index', 'integer'],
    ['data', 'object'],
    ['data.type', 'string'],
    ['data.amount', 'string'],
    ['data.sender', 'string'],
    ['data.recipient', 'string'],
  ]),
  ...fields('Transaction', 'Transaction', [
    ['tx_id', 'string'],
    ['nonce', 'integer'],
    ['fee_rate', 'string'],
    ['sender_address', 'string'],
    ['sponsor_nonce', 'integer'],
    ['sponsored', 'boolean'],
    ['sponsor_address', 'string'],
    ['post_condition_mode', 'string'],
    ['post_conditions', 'array'],
    ['anchor_mode', 'string'],
    ['block_hash', 'string'],
    ['block_height', 'integer'],
    ['block_time', 'integer'],
    ['block_time_iso', 'string'],
    ['burn_block_height', 'integer'],
    ['burn_block_time', 'integer'],
    ['burn_block_time_iso', 'string'],
    ['parent_burn_block_time', 'integer'],
    ['parent_burn_block_time_iso', 'string'],
    ['canonical', 'boolean'],
    ['tx_index', 'integer'],
    ['tx_status', 'string'],
    ['tx_result', 'object'],
    ['tx_result.hex', 'string'],
    ['tx_result.repr', 'string'],
    ['event_count', 'integer'],
    ['parent_block_hash', 'string'],
    ['is_unanchored', 'boolean'],
    ['microblock_hash', 'string'],
    ['microblock_sequence', 'integer'],
    ['microblock_canonical', 'boolean'],
    ['execution_cost_read_count', 'integer'],
    ['execution_cost_read_length', 'integer'],
    ['execution_cost_runtime', 'integer'],
    ['execution_cost_write_count', 'integer'],
    ['execution_cost_write_length', 'integer'],
    ['events', 'array'],
    ['tx_type', 'string'],
    ['token_transfer', 'object'],
    ['post_conditions.[]', 'object'],
    ['events.[]', 'object'],
  ]),
  ...fields('Post condition', 'PostCondition', [
    ['principal', 'object'],
    ['principal.type_id', 'string'],
    ['condition_code', 'string'],
    ['amount', 'string'],
    ['type', 'string'],
  ]),
  ...fields('Transaction event', 'TransactionEvent', [
    ['event_index', 'integer'],
    ['event_type', 'string'],
    ['tx_id', 'string'],
    ['contract_log', 'object'],
    ['contract_log.contract_id', 'string'],
    ['contract_log.topic', 'string'],
    ['contract_log.value', 'object'],
    ['contract_log.value.hex', 'string'],
    ['contract_log.value.repr', 'string'],
  ]),
  ...fields('token_transfer', 'TokenTransferPayload', [
    ['recipient_address', 'string'],
    ['amount', 'string'],
    ['memo', 'string'],
  ]),
  ...fields('Transaction with transfers', 'AddressTransactionWithTransfers', [
    ['tx', 'object'],
    ['tx.tx_type', 'string'],
    ['stx_sent', 'string'],
    ['stx_received', 'string'],
    ['stx_transfers', 'array'],
    ['stx_transfers.[]', 'object'],
    ['ft_transfers', 'array'],
    ['ft_transfers.[]', 'object'],
    ['nft_transfers', 'array'],
    ['nft_transfers.[]', 'object'],
  ]),
  ...fields('STX transfer item', 'StxTransfer', [
    ['amount', 'string'],
    ['sender', 'string'],
    ['recipient', 'string'],
  ]),
  ...fields('FT transfer item', 'FtTransfer', [
    ['asset_identifier', 'string'],
    ['amount', 'string'],
    ['sender', 'string'],
    ['recipient', 'string'],
  ]),
  ...fields('NFT transfer item', 'NftTransfer', [
    ['asset_identifier', 'string'],
    ['value', 'object'],
    ['value.hex', 'string'],
    ['value.repr', 'string'],
    ['sender', 'string'],
    ['recipient', 'string'],
  ]),
  ...fields('Transaction with event counts', 'AddressTransaction', [
    ['tx', 'object'],
    ['tx.tx_id', 'string'],
    ['stx_sent', 'string'],
    ['stx_received', 'string'],
    ['events', 'object'],
    ...(['stx', 'ft', 'nft'] as const).flatMap((family): [string, JsonType][] => [
      [`events.${family}`, 'object'],
      [`events.${family}.transfer`, 'integer'],
      [`events.${family}.mint`, 'integer'],
      [`events.${family}.burn`, 'integer'],
    ]),
  ]),
  ...fields('Block', 'Block', [
    ['canonical', 'boolean'],
    ['height', 'integer'],
    ['hash', 'string'],
    ['block_time', 'integer'],
    ['block_time_iso', 'string'],
    ['index_block_hash', 'string'],
    ['parent_block_hash', 'string'],
    ['burn_block_time', 'integer'],
    ['burn_block_time_iso', 'string'],
    ['burn_block_hash', 'string'],
    ['burn_block_height', 'integer'],
    ['miner_txid', 'string'],
    ['parent_microblock_hash', 'string'],
    ['parent_microblock_sequence', 'integer'],
    ['txs', 'array'],
    ['txs.[]', 'string'],
    ['microblocks_accepted', 'array'],
    ['microblocks_accepted.[]', 'string'],
    ['microblocks_streamed', 'array'],
    ['microblocks_streamed.[]', 'string'],
    ['execution_cost_read_count', 'integer'],
    ['execution_cost_read_length', 'integer'],
    ['execution_cost_runtime', 'integer'],
    ['execution_cost_write_count', 'integer'],
    ['execution_cost_write_length', 'integer'],
    ['microblock_tx_count', 'object'],
    ['microblock_tx_count.*', 'integer'],
  ]),
];

/** Fields the real API returns beyond the description (real-api-notes §4), also pinned here. */
const additions: Row[] = [
  ['Token record', 'Brc20Token', 'self_mint', 'boolean'],
  ['Token record', 'Brc20Token', 'mint_limit', 'null'],
  ['Transaction', 'Transaction', 'vm_error', 'string'],
  ['Transaction', 'Transaction', 'vm_error', 'null'],
  ['Block', 'Block', 'tenure_height', 'integer'],
  ['Paginated envelope (transactions with event counts)', 'AddressTransactionPage', 'cursor', 'string'],
  ['Paginated envelope (transactions with event counts)', 'AddressTransactionPage', 'next_cursor', 'null'],
  ['Paginated envelope (transactions with event counts)', 'AddressTransactionPage', 'prev_cursor', 'null'],
  ...fields('FT address event', 'FtAddressTransactionEvent', [
    ['type', 'string'],
    ['event_index', 'integer'],
    ['data', 'object'],
    ['data.type', 'string'],
    ['data.amount', 'string'],
    ['data.asset_identifier', 'string'],
    ['data.sender', 'string'],
    ['data.recipient', 'string'],
  ]),
  ...fields('NFT address event', 'NftAddressTransactionEvent', [
    ['type', 'string'],
    ['event_index', 'integer'],
    ['data', 'object'],
    ['data.type', 'string'],
    ['data.asset_identifier', 'string'],
    ['data.value', 'object'],
    ['data.sender', 'string'],
    ['data.recipient', 'string'],
  ]),
];

/** Fields the notes say the real API does not return in these shapes. */
const absent: readonly (readonly [schema: string, path: string])[] = [
  ['NftAddressTransactionEvent', 'data.amount'],
  ['Transaction', 'replaced_by_tx_id'],
  ['Transaction', 'receipt_time'],
  ['Block', 'parent_index_block_hash'],
  ['Block', 'tx_count'],
  ['StxTransfer', 'memo'],
];

const steps = (path: string): string[] => path.split('.');

describe('resources', () => {
  it.each([...table, ...additions])('%s (%s): %s is a %s', (_resource, schemaName, path, type) => {
    const found = followPath(document, componentSchema(document, schemaName), steps(path));
    expect(found.length, `${schemaName}.${path} is not declared`).toBeGreaterThan(0);
    for (const schema of found) {
      expect([...jsonTypes(document, schema)], `${schemaName}.${path}`).toContain(type);
    }
  });

  it.each(absent)('%s has no %s', (schemaName, path) => {
    expect(followPath(document, componentSchema(document, schemaName), steps(path))).toEqual([]);
  });

  it('has a row for every property the listed schemas declare directly', () => {
    const rows = [...table, ...additions];
    const listed = new Set(rows.map(([, schema, path]) => `${schema}.${steps(path)[0]}`));
    const unlisted: string[] = [];
    for (const schemaName of new Set(rows.map(([, schema]) => schema))) {
      const properties = componentSchema(document, schemaName).properties;
      for (const property of Object.keys(properties ?? {})) {
        if (!listed.has(`${schemaName}.${property}`)) unlisted.push(`${schemaName}.${property}`);
      }
    }
    expect(unlisted).toEqual([]);
  });
});
