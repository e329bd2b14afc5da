// The list specs: per operation, its path, its kind and how its rows are named.
import { anchoredKind, cursorKind, type Kind, offsetKind, type RowSpec } from './kinds.js';

export interface ListSpec extends RowSpec {
  path: (params: Record<string, string>) => string;
  kind: Kind;
}

interface TxRow {
  tx: { tx_id: string; block_hash: string };
}
interface PrincipalTxRow {
  transaction: { tx_id: string; block: { height: number; hash: string; tx_index: number } };
}
interface BalanceChangeRow {
  asset: { type: 'stx' } | { type: 'ft' | 'nft'; identifier: string };
}

const enc = encodeURIComponent;
const none = () => '';

/** The v1 and v2 transaction rows: a transaction in its block. */
const txRows = {
  id: (row: unknown) => (row as TxRow).tx.tx_id,
  key: (row: unknown) => `${(row as TxRow).tx.tx_id}@${(row as TxRow).tx.block_hash}`,
  cursor: none,
  max: 50,
};

export const addressTransactions: ListSpec = {
  ...txRows,
  kind: anchoredKind,
  path: (p) => `/extended/v2/addresses/${enc(p.address ?? '')}/transactions`,
};

export const transactionsWithTransfers: ListSpec = {
  ...txRows,
  kind: offsetKind,
  path: (p) => `/extended/v1/address/${enc(p.address ?? '')}/transactions_with_transfers`,
};

/** The events of one transaction: its block is the transaction's, so the index alone names a row. */
export const transactionEvents: ListSpec = {
  id: (row) => String((row as { event_index: number }).event_index),
  key: (row) => String((row as { event_index: number }).event_index),
  cursor: none,
  max: 50,
  kind: offsetKind,
  path: (p) => `/extended/v2/addresses/${enc(p.address ?? '')}/transactions/${enc(p.txId ?? '')}/events`,
};

export const blocksByBurnBlock: ListSpec = {
  id: (row) => (row as { hash: string }).hash,
  key: (row) => (row as { hash: string }).hash,
  cursor: none,
  max: 30,
  kind: offsetKind,
  path: (p) => `/extended/v2/burn-blocks/${enc(p.burnBlock ?? '')}/blocks`,
};

const tx = (row: unknown) => (row as PrincipalTxRow).transaction;

/** v3: a position is `<height>:<microblock sequence>:<tx index>`; v3 rows are never in a microblock. */
export const principalTransactions: ListSpec = {
  id: (row) => tx(row).tx_id,
  key: (row) => `${tx(row).tx_id}@${tx(row).block.hash}`,
  cursor: (row) => `${tx(row).block.height}:2147483647:${tx(row).block.tx_index}`,
  max: 50,
  kind: cursorKind,
  path: (p) => `/extended/v3/principals/${enc(p.principal ?? '')}/transactions`,
};

/** A balance change is named by its asset, `<1 stx, 2 ft, 3 nft>:<identifier>`, also its cursor. */
function assetCursor(row: unknown): string {
  const { asset } = row as BalanceChangeRow;
  return asset.type === 'stx' ? '1:stx' : `${asset.type === 'ft' ? 2 : 3}:${asset.identifier}`;
}

export const balanceChanges: ListSpec = {
  id: assetCursor,
  key: assetCursor,
  cursor: assetCursor,
  max: 50,
  kind: cursorKind,
  path: (p) =>
    `/extended/v3/principals/${enc(p.principal ?? '')}/transactions/${enc(p.txId ?? '')}/balance-changes`,
};
