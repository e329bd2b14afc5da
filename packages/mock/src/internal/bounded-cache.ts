/**
 * A map that forgets entries beyond `maxEntries` entries or `maxWeight` in total weight (bytes, for cached
 * answers), so a long-running server's memory stays bounded whatever it is asked.
 *
 * Eviction is "second chance" (CLOCK), close to least-recently-used: a read only marks its entry, and an entry
 * marked since it was last passed over is moved to the young end once instead of being forgotten. A read, done
 * on every request, stays a single map lookup; the reordering waits for an eviction.
 */
export class BoundedCache<K, V> {
  readonly #entries = new Map<K, { value: V; weight: number; read: boolean }>();
  readonly #maxEntries: number;
  readonly #maxWeight: number;
  #weight = 0;

  constructor(options: { maxEntries: number; maxWeight?: number }) {
    this.#maxEntries = options.maxEntries;
    this.#maxWeight = options.maxWeight ?? Number.POSITIVE_INFINITY;
  }

  /** The value under `key`, which is then kept over entries not read since. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    entry.read = true;
    return entry.value;
  }

  /** Stores `value`, evicting older entries as needed; a value heavier than the whole budget is not kept. */
  set(key: K, value: V, weight = 1): void {
    this.delete(key);
    if (weight > this.#maxWeight || this.#maxEntries < 1) return;
    this.#makeRoom(weight);
    this.#entries.set(key, { value, weight, read: false });
    this.#weight += weight;
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

  /** Evicts from the old end until one more entry of `weight` fits. Ends: a second chance clears the mark. */
  #makeRoom(weight: number): void {
    // A map's iteration goes on to the entries set during it: a re-inserted entry comes round again.
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size < this.#maxEntries && this.#weight + weight <= this.#maxWeight) return;
      this.#entries.delete(key);
      if (entry.read) {
        entry.read = false;
        this.#entries.set(key, entry);
      } else {
        this.#weight -= entry.weight;
      }
    }
  }
}
