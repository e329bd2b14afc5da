import { BoundedCache } from '../internal/bounded-cache';
import type { Answer } from './answer';

/** Bounds of one handler set's answer cache. */
export interface ResponseCacheLimits {
  readonly maxEntries: number;
  readonly maxBytes: number;
}

const DEFAULT_LIMITS: ResponseCacheLimits = { maxEntries: 512, maxBytes: 16 * 1024 * 1024 };
const encoder = new TextEncoder();

/**
 * 200 answers of one world, serialized once (body as UTF-8 bytes) and kept while the world's version stays the
 * same. Only what the operation computes is cached: scenarios, `Warning`, `ratelimit-*` and 304s are applied
 * to every request afterwards.
 */
export class ResponseCache {
  readonly #answers: BoundedCache<string, Answer>;
  #version: number | undefined;

  constructor(limits: ResponseCacheLimits = DEFAULT_LIMITS) {
    this.#answers = new BoundedCache({ maxEntries: limits.maxEntries, maxWeight: limits.maxBytes });
  }

  /** The answer under `key` at world `version`, computed by `compute` (and kept when it is a 200) on a miss. */
  answer(version: number, key: string, compute: () => Answer): Answer {
    if (version !== this.#version) {
      this.#answers.clear();
      this.#version = version;
    }
    const hit = this.#answers.get(key);
    if (hit !== undefined) return hit;
    const fresh = compute();
    if (fresh.status !== 200 || fresh.body === null) return fresh;
    const body = typeof fresh.body === 'string' ? encoder.encode(fresh.body) : fresh.body;
    const kept: Answer = { ...fresh, body };
    this.#answers.set(key, kept, body.byteLength + key.length);
    return kept;
  }

  /** Number of answers kept. */
  get size(): number {
    return this.#answers.size;
  }
}
