/**
 * A map that forgets its least recently used entries beyond `maxEntries` entries or `maxWeight` in total
 * weight (bytes, for cached answers), so a long-running server's memory stays bounded whatever it is asked.
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, { value: V; weight: number }>();
  readonly #maxEntries: number;
  readonly #maxWeight: number;
  #weight = 0;

  constructor(options: { maxEntries: number; maxWeight?: number }) {
    this.#maxEntries = options.maxEntries;
    this.#maxWeight = options.maxWeight ?? Number.POSITIVE_INFINITY;
  }

  /** The value under `key`, which becomes the most recently used. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    // A Map iterates in insertion order: re-inserting moves the entry to the young end.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Stores `value`, evicting the oldest entries as needed; a value heavier than the whole budget is not kept. */
  set(key: K, value: V, weight = 1): void {
    this.delete(key);
    if (weight > this.#maxWeight) return;
    this.#entries.set(key, { value, weight });
    this.#weight += weight;
    for (const [oldest, entry] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && this.#weight <= this.#maxWeight) break;
      this.#entries.delete(oldest);
      this.#weight -= entry.weight;
    }
  }

  delete(key: K): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#weight -= entry.weight;
  }

  clear(): void {
    this.#entries.clear();
    this.#weight = 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Sum of the weights of the entries kept. */
  get weight(): number {
    return this.#weight;
  }
}
