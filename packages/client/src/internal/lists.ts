import {
  getAccountTransactionsWithTransfersReplacement,
  getAddressTransactionEventsReplacement,
  getAddressTransactionsReplacement,
} from '@blockindex/spec/constants';
import { exactPageAfter } from './exact-page-after.js';
import type { PageAfter } from './list-page.js';

/** How pages, pagers and the transport see one list operation. */
export interface ListSpec {
  operation: string;
  path: string;
  /** What the API says to call instead, when it deprecates the operation: named by its warnings and a 410. */
  replacement?: string;
  /** Whether the operation takes `cursor` and answers with the cursor fields. */
  cursor: boolean;
  /** The item field that tells two items apart (a dotted path), and its type: every item of a page must have it. */
  field: string;
  type: 'string' | 'number';
  /** The value of `field` (`undefined` when an item lacks it). */
  identity: (item: never) => unknown;
  /** The identity and the block of an item: it changes when a re-org moves the row to another block. */
  key: (item: never) => string;
  /** How a page continues where no cursor pins the rows (the re-org-aware pager). */
  after?: PageAfter;
}

const txId = (item: { tx?: { tx_id?: unknown } }) => item.tx?.tx_id;

/** A transaction row's key: its id and its block (`block_hash`, with `tx_index` should two blocks share a hash). */
function txKey(item: { tx: { tx_id: string; block_hash?: unknown; tx_index?: unknown } }): string {
  const { tx_id, block_hash, tx_index } = item.tx;
  return typeof block_hash === 'string' ? `${tx_id}@${block_hash}/${tx_index}` : tx_id;
}

// The three list operations differ only in these; one constant each, so an app ships only the lists it calls (and
// the pager only with a list that needs it).

/** `getAddressTransactions`: the list with a cursor. */
export const ADDRESS_TRANSACTIONS: ListSpec = {
  operation: 'getAddressTransactions',
  replacement: getAddressTransactionsReplacement,
  path: '/extended/v2/addresses/{address}/transactions',
  cursor: true,
  field: 'tx.tx_id',
  type: 'string',
  identity: txId,
  key: txKey,
};

/** `getAccountTransactionsWithTransfers`. */
export const TRANSACTIONS_WITH_TRANSFERS: ListSpec = {
  operation: 'getAccountTransactionsWithTransfers',
  replacement: getAccountTransactionsWithTransfersReplacement,
  path: '/extended/v1/address/{principal}/transactions_with_transfers',
  cursor: false,
  field: 'tx.tx_id',
  type: 'string',
  identity: txId,
  key: txKey,
  after: exactPageAfter,
};

/** `getAddressTransactionEvents`. */
export const TRANSACTION_EVENTS: ListSpec = {
  operation: 'getAddressTransactionEvents',
  replacement: getAddressTransactionEventsReplacement,
  path: '/extended/v2/addresses/{address}/transactions/{tx_id}/events',
  cursor: false,
  field: 'event_index',
  type: 'number',
  identity: (item: { event_index?: unknown }) => item.event_index,
  // Events carry no block: a re-org takes all of a transaction's events or none, and brings back the same ones.
  key: (item: { event_index: number }) => String(item.event_index),
  after: exactPageAfter,
};

/**
 * Why the items of a page (already known to have a `results` array) cannot be paged: the first that is not an
 * object, lacks its identity or repeats the identity of an earlier item of the page. The pagers rely on
 * identities, so none is ever dropped or merged silently.
 */
export function itemProblem(data: unknown, { field, type, identity }: ListSpec): string | undefined {
  const { results } = data as { results: unknown[] };
  // Messages are built only for a bad item: a good page costs one map of identities.
  const seen = new Map<unknown, number>();
  for (let i = 0; i < results.length; i++) {
    const item = results[i];
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      return `results[${i}] must be an object; got ${item === null ? 'null' : Array.isArray(item) ? 'an array' : typeof item}`;
    }
    const value = identity(item as never);
    if (typeof value !== type || (type === 'number' && !Number.isFinite(value))) {
      return `results[${i}].${field} must be a ${type}; got ${value === null ? 'null' : typeof value}`;
    }
    const earlier = seen.get(value);
    if (earlier !== undefined)
      return `results[${i}].${field} repeats results[${earlier}].${field} (${value})`;
    seen.set(value, i);
  }
  return undefined;
}
