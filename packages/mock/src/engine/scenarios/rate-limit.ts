import { jsonResponse } from '../../internal/json-response';

/** How the per-key rate limit behaves; every field has the real service's default. */
export interface RateLimitOptions {
  /** Requests a minute allowed to a client without an API key (Hiro: 50). */
  perMinute?: number;
  /** Requests a minute allowed to each API key (Hiro: 500). */
  perMinuteWithKey?: number;
  /** Request header carrying the API key. */
  apiKeyHeader?: string;
  /**
   * Tells anonymous clients apart (Hiro counts per client IP). The default reads the first address of
   * `x-forwarded-for` (which the standalone server sets from the socket), else one shared bucket.
   */
  clientId?: (request: Request) => string;
}

interface Bucket {
  windowStart: number;
  count: number;
}

/** What a rate-limit check decided: headers for every answer, and a 429 when the quota is spent. */
export interface RateLimitDecision {
  headers: Record<string, string>;
  response: Response | undefined;
}

const WINDOW_MS = 60_000;
const MAX_BUCKETS = 10_000;

function defaultClientId(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for');
  const first = forwarded?.split(',')[0]?.trim();
  return first ? first : 'anonymous';
}

/** Body of a 429, in the Fastify error shape the rest of the API uses. */
export function tooManyRequestsBody(retryAfterSeconds: number) {
  return {
    statusCode: 429,
    error: 'Too Many Requests',
    message: `Rate limit exceeded, retry in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`,
  };
}

/**
 * A fixed one-minute window per key, like Hiro's edge: 50 requests without `x-api-key`, 500 with one.
 * Time comes from `now`, so tests move a fake clock instead of waiting.
 */
export class RateLimiter {
  readonly perMinute: number;
  readonly perMinuteWithKey: number;
  readonly apiKeyHeader: string;
  readonly #clientId: (request: Request) => string;
  readonly #now: () => number;
  readonly #buckets = new Map<string, Bucket>();

  constructor(options: RateLimitOptions, now: () => number) {
    this.perMinute = positiveInteger(options.perMinute ?? 50, 'perMinute');
    this.perMinuteWithKey = positiveInteger(options.perMinuteWithKey ?? 500, 'perMinuteWithKey');
    this.apiKeyHeader = options.apiKeyHeader ?? 'x-api-key';
    this.#clientId = options.clientId ?? defaultClientId;
    this.#now = now;
  }

  /** Counts one request against its key and says whether it may pass. */
  check(request: Request): RateLimitDecision {
    const now = this.#now();
    const apiKey = request.headers.get(this.apiKeyHeader);
    const key = apiKey ? `key:${apiKey}` : `client:${this.#clientId(request)}`;
    const limit = apiKey ? this.perMinuteWithKey : this.perMinute;
    const bucket = this.#bucket(key, now);
    bucket.count += 1;
    const windowEnd = bucket.windowStart + WINDOW_MS;
    const headers: Record<string, string> = {
      'ratelimit-limit': String(limit),
      'ratelimit-remaining': String(Math.max(0, limit - bucket.count)),
      // Hiro documents `ratelimit-reset` as a unix timestamp (seconds); `Retry-After` is the delay.
      'ratelimit-reset': String(Math.ceil(windowEnd / 1000)),
    };
    if (bucket.count <= limit) return { headers, response: undefined };
    const retryAfter = Math.max(1, Math.ceil((windowEnd - now) / 1000));
    const errorHeaders = { ...headers, 'retry-after': String(retryAfter) };
    return { headers, response: jsonResponse(tooManyRequestsBody(retryAfter), 429, errorHeaders) };
  }

  #bucket(key: string, now: number): Bucket {
    const existing = this.#buckets.get(key);
    if (existing && now - existing.windowStart < WINDOW_MS) return existing;
    // Re-inserting keeps the map ordered by window start, oldest first, which is what #evict relies on.
    this.#buckets.delete(key);
    this.#evict(now);
    const fresh = { windowStart: now, count: 0 };
    this.#buckets.set(key, fresh);
    return fresh;
  }

  // A long-running server sees many keys. Expired windows carry no information; past the cap, the oldest
  // live windows go too (their clients start a fresh window), so a flood of distinct keys cannot grow memory.
  #evict(now: number): void {
    for (const [key, bucket] of this.#buckets) {
      if (now - bucket.windowStart < WINDOW_MS && this.#buckets.size < MAX_BUCKETS) break;
      this.#buckets.delete(key);
    }
  }

  /** Number of keys currently tracked (bounded by an internal cap). */
  get trackedKeys(): number {
    return this.#buckets.size;
  }
}

/** Highest rate a limit may name: far beyond any real quota, and a finite bound for a control request. */
const MAX_PER_MINUTE = 1_000_000_000;

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 1 || value > MAX_PER_MINUTE) {
    throw new RangeError(`rateLimit: ${name} must be an integer from 1 to ${MAX_PER_MINUTE}, got ${value}`);
  }
  return value;
}
