import { type PageRequest, pageShapeProblem } from './exact-pager.js';
import { pageQuery } from './list-query.js';

/** How the pager and the transport see one list operation. */
export interface ListSpec {
  path: string;
  /** Whether the operation takes `cursor` and answers with the cursor fields. */
  cursor: boolean;
  /** The value that tells two items apart (checked on every item by `shape`). */
  identity: (item: never) => unknown;
  /** The identity and the block of an item: it changes when a re-org moves the row to another block. */
  key: (item: never) => string;
  /** Why a 2xx body is not a page of this list (an item without its identity included), or `undefined`. */
  shape: (data: unknown) => string | undefined;
  /** The query of one request: the caller's filters with the pager's slice. */
  query: (query: { limit?: number; offset?: number }, request: PageRequest) => Record<string, unknown>;
}

/** A transaction row's key: its id and its block (`block_hash`, with `tx_index` should two blocks share a hash). */
function txKey(item: { tx: { tx_id: string; block_hash?: unknown; tx_index?: unknown } }): string {
  const { tx_id, block_hash, tx_index } = item.tx;
  return typeof block_hash === 'string' ? `${tx_id}@${block_hash}/${String(tx_index)}` : tx_id;
}

// The three list operations differ only in path, identity and cursor; one constant each, so an app ships only the
// lists it calls.

/** `getAddressTransactions`: the list with a cursor. */
export const ADDRESS_TRANSACTIONS: ListSpec = {
  path: '/extended/v2/addresses/{address}/transactions',
  cursor: true,
  identity: (item: { tx: { tx_id: string } }) => item.tx.tx_id,
  key: txKey,
  shape: (data) => pageShapeProblem(data) ?? itemProblem(data, 'tx.tx_id', 'string'),
  query: pageQuery,
};

/** `getAccountTransactionsWithTransfers`. */
export const TRANSACTIONS_WITH_TRANSFERS: ListSpec = {
  path: '/extended/v1/address/{principal}/transactions_with_transfers',
  cursor: false,
  identity: (item: { tx: { tx_id: string } }) => item.tx.tx_id,
  key: txKey,
  shape: (data) => pageShapeProblem(data) ?? itemProblem(data, 'tx.tx_id', 'string'),
  query: pageQuery,
};

/** `getAddressTransactionEvents`. */
export const TRANSACTION_EVENTS: ListSpec = {
  path: '/extended/v2/addresses/{address}/transactions/{tx_id}/events',
  cursor: false,
  identity: (item: { event_index: number }) => item.event_index,
  // Events carry no block: a re-org takes all of a transaction's events or none, and brings back the same ones.
  key: (item: { event_index: number }) => String(item.event_index),
  shape: (data) => pageShapeProblem(data) ?? itemProblem(data, 'event_index', 'number'),
  query: pageQuery,
};

/**
 * Why the items of a page (already known to have a `results` array) cannot be paged: the first that is not an
 * object, lacks its identity field (`field`, a dotted path) or repeats the identity of an earlier item of the
 * page. The pager relies on identities, so none is ever dropped or merged silently.
 */
function itemProblem(data: unknown, field: string, type: 'string' | 'number'): string | undefined {
  const results = (data as { results: unknown[] }).results;
  const keys = field.split('.');
  const seen = new Map<unknown, number>();
  for (let i = 0; i < results.length; i++) {
    let value: unknown = results[i];
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return `results[${i}] must be an object; got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`;
    }
    for (const key of keys) {
      value =
        typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
    }
    if (typeof value !== type || (type === 'number' && !Number.isFinite(value))) {
      return `results[${i}].${field} must be a ${type}; got ${value === null ? 'null' : typeof value}`;
    }
    const earlier = seen.get(value);
    if (earlier !== undefined)
      return `results[${i}].${field} repeats results[${earlier}].${field} (${String(value)})`;
    seen.set(value, i);
  }
  return undefined;
}
