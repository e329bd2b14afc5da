import { formatCursor, parseCursor } from './cursor';
import {
  eventCounts,
  isAssetEventOf,
  stxFlows,
  toAddressTransactionEvent,
  toFtTransfer,
  toNftTransfer,
  toStxTransfer,
} from './events';
import type { ChainIndex } from './indexes';
import type { AssetEventRecord, TxRecord } from './model';
import { countAtOrBefore, countBeforeHeight, newestFirst } from './pagination';
import { toTransaction } from './transactions';
import type {
  AddressTransaction,
  AddressTransactionEvent,
  AddressTransactionWithTransfers,
  FtTransfer,
  NftTransfer,
  StxTransfer,
} from './types';

/** `limit` / `offset` as validated by the handlers (defaults applied). */
export interface PageRequest {
  readonly limit: number;
  readonly offset: number;
}

/** Endpoint 5 request: a page, optionally anchored at a cursor. */
export interface AddressTransactionsRequest extends PageRequest {
  readonly cursor?: string;
  /** Omit `contract_call.function_args` (the `exclude_function_args` query parameter). */
  readonly excludeFunctionArgs?: boolean;
}

/** Endpoint 5 page. */
export interface AddressTransactionsPage {
  readonly total: number;
  readonly results: AddressTransaction[];
  readonly cursor: string | null;
  readonly next_cursor: string | null;
  readonly prev_cursor: string | null;
}

/** Endpoint 5 cursor failures (answered as 404 with this message). */
export interface CursorError {
  readonly error: 'Invalid cursor format' | 'Invalid cursor: block not found';
}

/** Endpoint 4 request. `height` 0 means "not given", as on the real API. */
export interface TransfersRequest extends PageRequest {
  readonly height?: number;
  readonly untilBlockHeight?: number;
  readonly unanchored: boolean;
}

const EMPTY: readonly TxRecord[] = [];

/** The rows of an endpoint-5 page (newest first) and its cursors, before the rows are shaped. */
export interface AddressTransactionsWindow {
  readonly total: number;
  readonly rows: readonly TxRecord[];
  readonly cursor: string | null;
  readonly next_cursor: string | null;
  readonly prev_cursor: string | null;
}

/**
 * Which transactions of `address` an endpoint-5 page holds. With a cursor, rows start at the cursor's
 * position (rows at or older than it), then `offset` applies.
 */
export function addressTransactionsWindow(
  index: ChainIndex,
  address: string,
  page: AddressTransactionsRequest,
): AddressTransactionsWindow | CursorError {
  const list = index.principalTxs.get(address) ?? EMPTY;
  const n = list.length;
  let start = page.offset;
  if (page.cursor !== undefined) {
    const position = parseCursor(page.cursor);
    if (!position) return { error: 'Invalid cursor format' };
    const block = index.blockByIndexHash.get(position.indexBlockHash);
    if (!block) return { error: 'Invalid cursor: block not found' };
    start += n - countAtOrBefore(list, [block.height, position.microblockSequence, position.txIndex]);
  }
  const rowAt = (position: number): string | null => {
    const tx = position >= 0 && position < n ? list[n - 1 - position] : undefined;
    return tx ? formatCursor(tx) : null;
  };
  const limit = page.limit;
  return {
    total: n,
    rows: newestFirst(list, 0, n, start, limit),
    cursor: rowAt(start),
    prev_cursor: limit > 0 ? rowAt(start + limit) : null,
    next_cursor: limit > 0 && start > 0 && n > 0 ? rowAt(Math.min(Math.max(0, start - limit), n - 1)) : null,
  };
}

/** Transactions of `address`, newest first, with STX flows and event counts (see {@link addressTransactionsWindow}). */
export function listAddressTransactions(
  index: ChainIndex,
  address: string,
  page: AddressTransactionsRequest,
): AddressTransactionsPage | CursorError {
  const window = addressTransactionsWindow(index, address, page);
  if ('error' in window) return window;
  const view = { excludeFunctionArgs: page.excludeFunctionArgs === true };
  return {
    total: window.total,
    results: window.rows.map((tx) => addressTransactionRow(tx, address, toTransaction(tx, view))),
    cursor: window.cursor,
    prev_cursor: window.prev_cursor,
    next_cursor: window.next_cursor,
  };
}

/** One endpoint-5 row around `transaction`, the transaction's own form (an object, or its JSON). */
export function addressTransactionRow<Tx>(tx: TxRecord, address: string, transaction: Tx) {
  const { sent, received } = stxFlows(tx, address);
  return {
    tx: transaction,
    stx_sent: sent.toString(),
    stx_received: received.toString(),
    events: eventCounts(tx, address),
  };
}

/** STX/FT/NFT events of `txId` in which `address` is sender or recipient, by `event_index` ascending. */
export function listAddressTransactionEvents(
  index: ChainIndex,
  address: string,
  txId: string,
  page: PageRequest,
): { total: number; results: AddressTransactionEvent[] } {
  const tx = index.txById.get(txId);
  if (!tx) return { total: 0, results: [] };
  const events = tx.events.filter((e): e is AssetEventRecord => isAssetEventOf(e, address));
  return {
    total: events.length,
    results: events.slice(page.offset, page.offset + page.limit).map(toAddressTransactionEvent),
  };
}

/** One endpoint-4 row around `transaction`: STX flows and the principal's transfers (`event_index` descending). */
export function transfersRow<Tx>(tx: TxRecord, principal: string, transaction: Tx) {
  const { sent, received } = stxFlows(tx, principal);
  const row = {
    tx: transaction,
    stx_sent: sent.toString(),
    stx_received: received.toString(),
    stx_transfers: [] as StxTransfer[],
    ft_transfers: [] as FtTransfer[],
    nft_transfers: [] as NftTransfer[],
  };
  for (let i = tx.events.length - 1; i >= 0; i--) {
    const e = tx.events[i];
    if (!e || !isAssetEventOf(e, principal)) continue;
    if (e.kind === 'stx') row.stx_transfers.push(toStxTransfer(e));
    else if (e.kind === 'ft') row.ft_transfers.push(toFtTransfer(e));
    else row.nft_transfers.push(toNftTransfer(e));
  }
  return row;
}

/**
 * Which transactions of `principal` an endpoint-4 page holds, newest first; `height` keeps one block height,
 * `untilBlockHeight` keeps heights up to it.
 */
export function transfersWindow(
  index: ChainIndex,
  principal: string,
  q: TransfersRequest,
): { total: number; rows: TxRecord[] } {
  const list = index.principalTxs.get(principal) ?? EMPTY;
  let lo = 0;
  let hi = list.length;
  // Upstream treats any height but 0 as "at this block": a negative one matches no block.
  const atHeight = q.height !== undefined && q.height !== 0;
  if (atHeight) {
    lo = countBeforeHeight(list, q.height as number);
    hi = countBeforeHeight(list, (q.height as number) + 1);
  } else if (q.untilBlockHeight !== undefined) {
    hi = countBeforeHeight(list, q.untilBlockHeight + 1);
  }
  // Upstream reads `total` from a window count over the page's own rows (`COUNT(*) OVER()`), so a page with no
  // rows (past the end, or `limit=0`) says 0.
  const rows = newestFirst(list, lo, hi, q.offset, q.limit);
  return { total: rows.length === 0 ? 0 : Math.max(0, hi - lo), rows };
}

/**
 * Transactions of `principal` with their transfers, newest first (see {@link transfersWindow}). The world has
 * no microblocks, so `unanchored` changes nothing.
 */
export function listTransactionsWithTransfers(
  index: ChainIndex,
  principal: string,
  q: TransfersRequest,
): { total: number; results: AddressTransactionWithTransfers[] } {
  const window = transfersWindow(index, principal, q);
  return {
    total: window.total,
    results: window.rows.map((tx) => transfersRow(tx, principal, toTransaction(tx))),
  };
}
