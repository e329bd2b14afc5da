import { ADDRESS_VERSION, randomStacksAddress } from './ids';
import type { Random } from './random';

/** Real mainnet principals from the notes (§7), mixed into every world's address pool. */
const REAL_ADDRESSES = [
  'SP318Q55DEKHRXJK696033DQN5C54D9K2EE6DHRWP',
  'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE',
];

/**
 * The world's population of standard addresses and their nonces. Two busy addresses take part in about
 * half of all transactions each, so they reach 1,000+ transactions (deep pagination) in the default world.
 */
export class Accounts {
  readonly busy: readonly [string, string];
  readonly miners: readonly string[];
  readonly sponsor: string;
  readonly regular: readonly string[];
  private readonly nonces = new Map<string, number>();

  constructor(rng: Random, count: number) {
    const n = Math.max(count, 10);
    const fresh = (version: number = ADDRESS_VERSION.singleSig) => randomStacksAddress(rng, version);
    this.busy = [fresh(), fresh()];
    this.miners = [fresh(), fresh(), fresh()];
    this.sponsor = fresh();
    const regular = [...REAL_ADDRESSES];
    while (regular.length < n - 6) {
      regular.push(fresh(rng.chance(0.12) ? ADDRESS_VERSION.multiSig : ADDRESS_VERSION.singleSig));
    }
    this.regular = regular;
  }

  /** A population known already (a snapshot's), with no nonce taken yet. */
  static from(lists: {
    busy: readonly [string, string];
    miners: readonly string[];
    sponsor: string;
    regular: readonly string[];
  }): Accounts {
    const accounts = Object.create(Accounts.prototype) as Accounts;
    Object.assign(accounts, { ...lists, nonces: new Map<string, number>() });
    return accounts;
  }

  /** The same population with no nonce taken yet. */
  emptyCopy(): Accounts {
    const copy = Object.create(Accounts.prototype) as Accounts;
    Object.assign(copy, this, { nonces: new Map<string, number>() });
    return copy;
  }

  /** The same population with the same nonces taken, to take more from without changing this one. */
  copy(): Accounts {
    const copy = Object.create(Accounts.prototype) as Accounts;
    Object.assign(copy, this, { nonces: new Map(this.nonces) });
    return copy;
  }

  /** Every nonce taken so far: `[address, next nonce]`. */
  nonceEntries(): IterableIterator<[string, number]> {
    return this.nonces.entries();
  }

  /** Sets the next nonce of `address` (replaying recorded generation state). */
  setNonce(address: string, nonce: number): void {
    this.nonces.set(address, nonce);
  }

  /** Every pool address (busy, regular, miners, sponsor). */
  all(): string[] {
    return [...this.busy, ...this.regular, ...this.miners, this.sponsor];
  }

  /** Takes the next nonce of `address` (any principal that sends: pool, deployers, user-given). */
  nextNonce(address: string): number {
    const nonce = this.nonces.get(address) ?? 0;
    this.nonces.set(address, nonce + 1);
    return nonce;
  }

  /** The next nonce without taking it (for mempool transactions). */
  peekNonce(address: string): number {
    return this.nonces.get(address) ?? 0;
  }

  /** A transaction originator: the busy addresses are heavily favoured. */
  pickSender(rng: Random): string {
    const r = rng.float();
    if (r < 0.32) return this.busy[0];
    if (r < 0.6) return this.busy[1];
    return rng.pick(this.regular);
  }

  /** A counterparty different from `exclude`. */
  pickOther(rng: Random, exclude: string): string {
    for (;;) {
      const r = rng.float();
      const candidate = r < 0.22 ? this.busy[0] : r < 0.44 ? this.busy[1] : rng.pick(this.regular);
      if (candidate !== exclude) return candidate;
    }
  }
}
