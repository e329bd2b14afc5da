// The list specs: per operation, its path, its kind and how its rows are named, typed by the spec's operations.
import type { operations } from '@blockindex/spec/types';
import type { Identity } from './checks.js';
import { anchoredKind, cursorKind, type Kind, offsetKind, type RowSpec } from './kinds.js';

/** The six list operations. */
export type ListOp =
  | 'getAddressTransactions'
  | 'getAccountTransactionsWithTransfers'
  | 'getAddressTransactionEvents'
  | 'getPrincipalTransactions'
  | 'getPrincipalTransactionBalanceChanges'
  | 'getBlocksByBurnBlock';

/** An operation's page, row, path parameters and query, as the spec's generated types give them. */
export type BodyOf<O extends ListOp> = operations[O]['responses'][200]['content']['application/json'];
export type ItemOf<O extends ListOp> = BodyOf<O>['results'][number];
export type PathOf<O extends ListOp> = operations[O]['parameters']['path'];
export type QueryOf<O extends ListOp> = NonNullable<operations[O]['parameters']['query']>;

/** One list: typed by its row (`TItem`), page body (`TBody`) and path parameters (`TPath`). */
export interface ListSpec<TItem = unknown, TBody = unknown, TPath = never> extends RowSpec {
  path: (params: TPath) => string;
  kind: Kind;
  identity: Identity;
  /** Phantom: carries the row and body types to `iterate` and the pages. */
  readonly types?: { item: TItem; body: TBody };
}

/** The spec of operation `O`, typed as the operation table gives it. */
export type SpecOf<O extends ListOp> = ListSpec<ItemOf<O>, BodyOf<O>, PathOf<O>>;

const enc = (value: string | number) => encodeURIComponent(String(value));
const none = () => '';

type TxRow = ItemOf<'getAddressTransactions'>;

/** The v1 and v2 transaction rows: a transaction in its block. */
const txRows = {
  identity: { name: 'tx.tx_id', type: 'string', of: (row: unknown) => (row as Partial<TxRow>).tx?.tx_id },
  id: (row: unknown) => (row as TxRow).tx.tx_id,
  key: (row: unknown) => `${(row as TxRow).tx.tx_id}@${(row as TxRow).tx.block_hash}`,
  cursor: none,
  max: 50,
} as const;

export const addressTransactions: SpecOf<'getAddressTransactions'> = {
  ...txRows,
  kind: anchoredKind,
  path: (p) => `/extended/v2/addresses/${enc(p.address)}/transactions`,
};

export const transactionsWithTransfers: SpecOf<'getAccountTransactionsWithTransfers'> = {
  ...txRows,
  kind: offsetKind,
  path: (p) => `/extended/v1/address/${enc(p.principal)}/transactions_with_transfers`,
};

/** The events of one transaction: its block is the transaction's, so the index alone names a row. */
const eventIndex = (row: unknown) => (row as Partial<ItemOf<'getAddressTransactionEvents'>>).event_index;
export const transactionEvents: SpecOf<'getAddressTransactionEvents'> = {
  identity: { name: 'event_index', type: 'number', of: eventIndex },
  id: (row) => String(eventIndex(row)),
  key: (row) => String(eventIndex(row)),
  cursor: none,
  max: 50,
  kind: offsetKind,
  path: (p) => `/extended/v2/addresses/${enc(p.address)}/transactions/${enc(p.tx_id)}/events`,
};

const blockHash = (row: unknown) => (row as Partial<ItemOf<'getBlocksByBurnBlock'>>).hash;
export const blocksByBurnBlock: SpecOf<'getBlocksByBurnBlock'> = {
  identity: { name: 'hash', type: 'string', of: blockHash },
  id: (row) => String(blockHash(row)),
  key: (row) => String(blockHash(row)),
  cursor: none,
  max: 30,
  kind: offsetKind,
  path: (p) => `/extended/v2/burn-blocks/${enc(p.height_or_hash)}/blocks`,
};

const tx = (row: unknown) => (row as ItemOf<'getPrincipalTransactions'>).transaction;

/** v3: a position is `<height>:<microblock sequence>:<tx index>`; v3 rows are never in a microblock. */
export const principalTransactions: SpecOf<'getPrincipalTransactions'> = {
  identity: {
    name: 'transaction.tx_id',
    type: 'string',
    of: (row) => (row as { transaction?: { tx_id?: unknown } }).transaction?.tx_id,
  },
  id: (row) => tx(row).tx_id,
  key: (row) => `${tx(row).tx_id}@${tx(row).block.hash}`,
  cursor: (row) => `${tx(row).block.height}:2147483647:${tx(row).block.tx_index}`,
  max: 50,
  kind: cursorKind,
  path: (p) => `/extended/v3/principals/${enc(p.principal)}/transactions`,
};

/** A balance change is named by its asset, `<1 stx, 2 ft, 3 nft>:<identifier>`, also its cursor. */
function assetCursor(row: unknown): string | undefined {
  const { asset } = row as Partial<ItemOf<'getPrincipalTransactionBalanceChanges'>>;
  if (asset?.type === 'stx') return '1:stx';
  const { identifier } = (asset ?? {}) as { identifier?: unknown };
  if (typeof identifier !== 'string') return undefined;
  return `${asset?.type === 'ft' ? 2 : 3}:${identifier}`;
}

export const balanceChanges: SpecOf<'getPrincipalTransactionBalanceChanges'> = {
  identity: { name: 'asset.identifier', type: 'string', of: assetCursor },
  id: (row) => String(assetCursor(row)),
  key: (row) => String(assetCursor(row)),
  cursor: (row) => String(assetCursor(row)),
  max: 50,
  kind: cursorKind,
  path: (p) => `/extended/v3/principals/${enc(p.principal)}/transactions/${enc(p.tx_id)}/balance-changes`,
};
