import { BoundedCache } from '../internal/bounded-cache';
import { RawJson } from '../internal/raw-json';
import type { TxRecord } from './model';
import { toTransaction } from './transactions';
import type { Transaction } from './types';

/** How many serialized transactions one world keeps (about 2 kB each), and how many characters in all. */
const LIMITS = { maxEntries: 10_000, maxWeight: 32 * 1024 * 1024 };

/**
 * The JSON of confirmed transactions as the list endpoints show them, serialized once: a mined transaction
 * never changes (nor does its block), so its text can be reused by every page and every request. Bounded (the
 * entries not read lately go first), so a huge world does not double its memory.
 */
export class TransactionJson {
  readonly #full = new BoundedCache<TxRecord, RawJson<Transaction>>(LIMITS);
  readonly #withoutArgs = new BoundedCache<TxRecord, RawJson<Transaction>>(LIMITS);

  /** The text of `JSON.stringify(toTransaction(tx, { excludeFunctionArgs }))`. */
  of(tx: TxRecord, excludeFunctionArgs = false): RawJson<Transaction> {
    // Only a contract call has function arguments to leave out.
    const cache = excludeFunctionArgs && tx.payload.type === 'contract_call' ? this.#withoutArgs : this.#full;
    let json = cache.get(tx);
    if (json === undefined) {
      json = new RawJson<Transaction>(JSON.stringify(toTransaction(tx, { excludeFunctionArgs })));
      cache.set(tx, json, json.text.length);
    }
    return json;
  }
}
