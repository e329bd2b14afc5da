import type { Answer, OperationId } from '../../engine/answer';
import type { Prepared } from '../../engine/context';
import { BoundedCache } from '../../internal/bounded-cache';

/** A request target already routed to an operation and prepared by it. */
export interface KnownTarget {
  readonly operationId: OperationId;
  readonly url: URL;
  readonly params: Readonly<Record<string, string>>;
  readonly prepared: Prepared | Answer;
}

/**
 * How many distinct request targets one server remembers, and how many characters of them: a target is kept
 * about three times (as sent, as a URL, in the cache key), and may be 16 KiB long.
 */
const KNOWN_TARGETS = { maxEntries: 2048, maxWeight: 8 * 1024 * 1024 };

/**
 * Request targets (path and query, as sent) seen before, with their route and prepared request. Parsing,
 * routing and validating depend on nothing but the target, so a repeated GET goes straight to the answer.
 */
export class KnownTargets {
  readonly #cache = new BoundedCache<string, KnownTarget>(KNOWN_TARGETS);

  get(path: string): KnownTarget | undefined {
    return this.#cache.get(path);
  }

  remember(path: string, known: KnownTarget): void {
    this.#cache.set(path, known, 3 * path.length);
  }
}
