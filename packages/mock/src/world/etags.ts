import { digestHex } from './hash';
import type { ChainIndex } from './indexes';
import type { TransactionStatus } from './types';

/** Status numbers of the real database (`DbTxStatus` in upstream's `src/datastore/common.ts`), which feed the transaction ETag. */
const STATUS_CODE: Record<TransactionStatus, number> = {
  success: 1,
  abort_by_response: -1,
  abort_by_post_condition: -2,
  problematic_skipped: -3,
};

/** `DbTxStatus.Pending`: the status of a mempool transaction. */
const PENDING = 0;

/** The world has no PoX-state changes of its own; a constant keeps the real three-part layout. */
const POX_STATE = 'pox-4';

/**
 * Principal ETag of the two address lists: a digest of `<last confirmed tx>::<pox state>`; undefined for a
 * principal with no confirmed transaction, in which case the real API sends no ETag. Upstream's layout has a
 * mempool part, but these routes use `handlePrincipalCache`, which leaves it empty (`includeMempool` false in
 * `getPrincipalLastActivityTxIds`), so a pending transaction changes neither the page nor its ETag. The last
 * confirmed transaction is named with its block (`<tx_id>@<index_block_hash>`): a re-org can take it back in
 * another block, which changes the rows but not upstream's ETag, and a revalidating client must not get a 304
 * for a stale page.
 */
export function principalEtag(index: ChainIndex, principal: string): string | undefined {
  const list = index.principalTxs.get(principal);
  const last = list?.[list.length - 1];
  if (last === undefined) return undefined;
  return digestHex(`${last.txId}@${last.block.indexBlockHash}::${POX_STATE}`);
}

/**
 * Transaction ETag (notes §1.3): `<tx_id>:<index_block_hash>:<microblock_hash>:<status>`; undefined when unknown.
 * An orphaned transaction is back in the mempool: no block, no microblock, status pending (0).
 */
export function transactionEtag(index: ChainIndex, txId: string): string | undefined {
  const tx = index.txById.get(txId);
  if (!tx) return index.orphanedTxs.has(txId) ? digestHex(`${txId}:::${PENDING}`) : undefined;
  return digestHex(`${tx.txId}:${tx.block.indexBlockHash}:0x:${STATUS_CODE[tx.status]}`);
}
