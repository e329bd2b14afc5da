import { type AllowedHosts, hostRefusal } from '../../engine/request-guard';

// Bounded: a client could send any number of distinct allowed values (ports, IP literals).
const MAX_REMEMBERED_HOSTS = 64;

/**
 * The `Host` check of every request (DNS rebinding), remembering the values already found allowed: a client
 * sends the same one on every request, so the rule runs once per value.
 */
export class HostCheck {
  readonly #bound: string;
  readonly #allowed: AllowedHosts;
  readonly #allowedValues = new Set<string>();
  /**
   * The last `Host` value found allowed. Comparing with it costs less than hashing each request's new string
   * for the set, which shows on cached answers (about 1% of a request's instructions).
   */
  #last: string | undefined;

  /** `bound` is the interface the server listens on, a name it always answers to. */
  constructor(bound: string, allowed: AllowedHosts) {
    this.#bound = bound;
    this.#allowed = allowed;
  }

  /** The refusal of a request with this `Host` value, or undefined when it is allowed (or absent). */
  refusal(host: string | undefined): string | undefined {
    if (host === undefined || host === this.#last) return undefined;
    if (this.#allowedValues.has(host)) {
      this.#last = host;
      return undefined;
    }
    const refused = hostRefusal(host, this.#bound, this.#allowed);
    if (refused !== undefined) return refused;
    if (this.#allowedValues.size < MAX_REMEMBERED_HOSTS) this.#allowedValues.add(host);
    this.#last = host;
    return undefined;
  }
}
