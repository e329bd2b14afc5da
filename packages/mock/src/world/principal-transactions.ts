import { compareKeys, type TxKey } from './cursor';
import { stxFlows } from './events';
import type { ChainIndex } from './indexes';
import { NO_MICROBLOCK_SEQUENCE, type TxRecord } from './model';
import { countAtOrBefore, newestFirst } from './pagination';
import type { PrincipalTransaction, TransactionSummary } from './types';

/**
 * The v3 list of a principal's transactions (`getPrincipalTransactions`): the rows of the v2 list (the same
 * per-principal index, so the same transactions in the same order), each in the v3 summary shape, paged by a
 * position cursor `<block_height>:<microblock_sequence>:<tx_index>` as upstream's v3 store pages it.
 */

/** A validated request: `limit` 1–50, `cursor` already matching `^[0-9]+:[0-9]+:[0-9]+$` when given. */
export interface PrincipalTransactionsRequest {
  readonly limit: number;
  readonly cursor?: string;
}

/** The cursors around a page: `next` older, `previous` newer, `current` this page's first row. */
export interface PageCursor {
  readonly next: string | null;
  readonly previous: string | null;
  readonly current: string | null;
}

/** A page of the v3 list. */
export interface PrincipalTransactionsPage {
  readonly total: number;
  readonly cursor: PageCursor;
  readonly results: PrincipalTransaction[];
}

/** A cursor whose numbers do not fit upstream's 32-bit columns (answered as a 400 by the handler). */
export interface PositionCursorError {
  readonly error: string;
}

/** Upstream's columns are 32-bit integers; Postgres refuses anything larger. */
const MAX_INT32 = 2_147_483_647;
/** Upstream's stand-in for "every transaction of the height" in a `<height>:0:0` cursor. */
const MAX_TX_INDEX = 0x7fff;

/** The position of a row, as upstream's v3 cursors write it. */
function positionOf(tx: TxRecord): string {
  return `${tx.block.height}:${NO_MICROBLOCK_SEQUENCE}:${tx.txIndex}`;
}

/**
 * The key a cursor stands for: its three numbers, except that `<height>:0:0` naming no row of the list stands
 * for the whole height (upstream's block-boundary cursors).
 */
function cursorKey(list: readonly TxRecord[], cursor: string): TxKey | PositionCursorError {
  const numbers = cursor.split(':').map(Number);
  if (numbers.length !== 3 || numbers.some((n) => !Number.isSafeInteger(n) || n > MAX_INT32)) {
    return { error: `querystring/cursor must hold numbers of at most ${MAX_INT32}` };
  }
  const key = numbers as unknown as TxKey;
  if (key[1] !== 0 || key[2] !== 0) return key;
  const at = countAtOrBefore(list, key);
  const exact = at > 0 && compareKeys(keyOf(list[at - 1] as TxRecord), key) === 0;
  return exact ? key : [key[0], MAX_INT32, MAX_TX_INDEX];
}

const keyOf = (tx: TxRecord): TxKey => [tx.block.height, NO_MICROBLOCK_SEQUENCE, tx.txIndex];

const EMPTY: readonly TxRecord[] = [];

/**
 * A page of `principal`'s transactions, newest first, starting at the cursor's position (rows at or older than
 * it). Positions are heights, not blocks: a cursor whose block a re-org removed still reads the rows at or
 * older than its position, those of the replacement block at the same height included.
 */
export function listPrincipalTransactions(
  index: ChainIndex,
  principal: string,
  request: PrincipalTransactionsRequest,
): PrincipalTransactionsPage | PositionCursorError {
  const list = index.principalTxs.get(principal) ?? EMPTY;
  const n = list.length;
  let start = 0;
  if (request.cursor !== undefined) {
    const key = cursorKey(list, request.cursor);
    if ('error' in key) return key;
    start = n - countAtOrBefore(list, key);
  }
  const { limit } = request;
  const rowAt = (position: number): string | null => {
    const tx = position >= 0 && position < n ? list[n - 1 - position] : undefined;
    return tx ? positionOf(tx) : null;
  };
  const rows = newestFirst(list, 0, n, start, limit);
  return {
    total: rows.length === 0 ? 0 : n,
    cursor: {
      next: rowAt(start + limit),
      // The row `limit` above this page's first, or the newest when fewer are above.
      previous: rows.length > 0 && start > 0 ? rowAt(Math.max(0, start - limit)) : null,
      current: rows.length > 0 ? rowAt(start) : null,
    },
    results: rows.map((tx) => principalTransactionRow(tx, principal)),
  };
}

/** One v3 row: the summary, how `principal` takes part, its STX flows and which balances moved. */
function principalTransactionRow(tx: TxRecord, principal: string): PrincipalTransaction {
  const { sent, received } = stxFlows(tx, principal);
  return {
    transaction: transactionSummary(tx),
    involvement:
      tx.sender === principal ? 'sender' : tx.sponsor?.address === principal ? 'sponsor' : 'affected',
    balance_changes: {
      stx: { sent: sent.toString(), received: received.toString(), net: (received - sent).toString() },
    },
    affected_balances: affectedBalances(tx, principal),
  };
}

/**
 * Which of `principal`'s balances `tx` moved, as upstream's ingestion marks them: STX for the fee payer, the
 * recipient of an STX transfer and every party of an STX event; FT and NFT for every party of such an event.
 */
function affectedBalances(tx: TxRecord, principal: string): PrincipalTransaction['affected_balances'] {
  const affected = {
    stx: (tx.sponsor?.address ?? tx.sender) === principal,
    ft: false,
    nft: false,
  };
  if (tx.payload.type === 'token_transfer' && tx.payload.recipient === principal) affected.stx = true;
  for (const e of tx.events) {
    if (e.kind === 'log' || e.kind === 'lock') continue;
    if (e.sender === principal || e.recipient === principal) affected[e.kind] = true;
  }
  return affected;
}

/** The v3 summary of a transaction. */
function transactionSummary(tx: TxRecord): TransactionSummary {
  const { block } = tx;
  const common = {
    tx_id: tx.txId,
    sender: { address: tx.sender, nonce: tx.nonce },
    sponsor: tx.sponsor ? { address: tx.sponsor.address, nonce: tx.sponsor.nonce } : null,
    fee_rate: tx.fee.toString(),
    block: {
      height: block.height,
      hash: block.hash,
      index_hash: block.indexBlockHash,
      time: block.blockTime,
      tx_index: tx.txIndex,
    },
    bitcoin_block: { height: block.burnHeight, time: block.burnTime },
    status: tx.status,
  };
  const p = tx.payload;
  switch (p.type) {
    case 'token_transfer':
      return {
        ...common,
        type: 'token_transfer',
        token_transfer: {
          recipient: p.recipient,
          amount: p.amount.toString(),
          memo: { hex: p.memo, repr: memoText(p.memo) },
        },
      };
    case 'smart_contract':
      return {
        ...common,
        type: 'smart_contract',
        smart_contract: { clarity_version: p.clarityVersion, contract_id: p.contractId },
      };
    case 'contract_call':
      return {
        ...common,
        type: 'contract_call',
        contract_call: { contract_id: p.contractId, function_name: p.functionName },
      };
    case 'poison_microblock':
      return { ...common, type: 'poison_microblock' };
    case 'coinbase':
      return { ...common, type: 'coinbase', coinbase: { alt_recipient: p.payload.alt_recipient ?? null } };
    case 'tenure_change':
      return { ...common, type: 'tenure_change', tenure_change: { cause: p.payload.cause } };
  }
}

/** A memo read as text: its bytes as UTF-8, the zero bytes that pad it dropped. */
function memoText(hex: string): string {
  const bytes = new Uint8Array((hex.length - 2) / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 + 2 * i, 4 + 2 * i), 16);
  return new TextDecoder().decode(bytes).replaceAll('\u0000', '');
}
