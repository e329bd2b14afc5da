import { DEPRECATED_OPERATIONS } from '@blockindex/spec/constants';
import { jsonResponse } from '../../internal/json-response';
import { statusText } from '../../internal/status-text';
import type { ReorgOptions } from '../../world';
import {
  type RateLimitDecision,
  RateLimiter,
  type RateLimitOptions,
  tooManyRequestsBody,
} from './rate-limit';
import { ReorgQueue } from './reorg-queue';

export type { RateLimitOptions } from './rate-limit';

/** Options of {@link createScenarios}. */
export interface ScenariosOptions {
  /** Clock used by the rate limit, in epoch milliseconds; inject a fake one in tests. */
  now?: () => number;
}

/** One queued failure: the status to answer with, and an optional `Retry-After`. */
export interface FailNextOptions {
  /** HTTP status, 400–599 (429 and 5xx are the useful ones). */
  status: number;
  /** Seconds sent in `Retry-After` (429 answers default to 1). */
  retryAfterSeconds?: number;
}

/** What the scenarios decided for one request: answer now, or pass with extra headers. */
export interface ScenarioDecision {
  /** When set, the handler returns this instead of answering from the world. */
  response: Response | undefined;
  /** Headers to add to the handler's own answer (the `ratelimit-*` family). */
  headers: Record<string, string>;
  /** Re-orgs to apply to the world before answering this request (see `reorgAfter`). */
  reorgs?: Required<ReorgOptions>[];
}

/** A read-only view of what is configured, for debugging and the control endpoint. */
export interface ScenariosState {
  latencyMs: number;
  pendingFailures: number;
  pendingNetworkErrors: number;
  rateLimit: { perMinute: number; perMinuteWithKey: number } | null;
  /** Re-orgs scheduled with `reorgAfter` that have not happened yet. */
  pendingReorgs: number;
  /** Deprecated operations answering upstream's `410 Gone` (see {@link Scenarios.sunset}). */
  sunset: SunsetOperation[];
}

/** An operation the spec marks deprecated: one that upstream's sunset switch turns into a `410 Gone`. */
export type SunsetOperation = keyof typeof DEPRECATED_OPERATIONS;

/** The operations {@link Scenarios.sunset} accepts: the spec's deprecated ones. */
export const SUNSET_OPERATIONS = Object.keys(DEPRECATED_OPERATIONS) as SunsetOperation[];

/** Switchable misbehaviour in front of the handlers: latency, failures, network errors, a rate limit. */
export interface Scenarios {
  /** Delays every answer by `ms` milliseconds (0 turns it off). */
  latency(ms: number): Scenarios;
  /** The next `count` requests fail with `options.status`; calls queue up in order. */
  failNext(count: number, options?: FailNextOptions): Scenarios;
  /** The next `count` requests fail at the network level (`fetch` rejects). */
  networkErrorNext(count: number): Scenarios;
  /** Turns on a per-key rate limit like the real one (`null` turns it off). */
  rateLimit(options?: RateLimitOptions | null): Scenarios;
  /**
   * A re-org of the world (`world.reorg(options)`) after `requests` more requests: request `requests + 1` is
   * the first answered from the re-orged world, so a test can land one in the middle of a list. If the world
   * cannot re-org that deep by then, that request gets a 500 saying why.
   */
  reorgAfter(requests: number, options: ReorgOptions): Scenarios;
  /**
   * Rehearses upstream's sunset (`ENABLE_DEPRECATED_ENDPOINTS=false`): until changed, every request to the
   * given deprecated operations (`'all'` for the five) answers upstream's exact `410 Gone`, whatever its
   * parameters; `null` or `[]` turns it off. Unlike `failNext`, nothing is consumed.
   */
  sunset(operations: readonly SunsetOperation[] | 'all' | null): Scenarios;
  /** Removes every scenario: no latency, no queued failures, no rate limit, no scheduled re-org, no sunset. */
  clear(): Scenarios;
  /** What is configured now. */
  readonly state: ScenariosState;
  /** Applies the scenarios to one request; the handlers call this before answering. */
  intercept(request: Request): Promise<ScenarioDecision>;
}

// What `createScenarios` instances know about themselves: whether a request would pass untouched.
const idleChecks = new WeakMap<Scenarios, () => boolean>();

/**
 * True when `scenarios` has nothing configured (no latency, failure, network error or rate limit), so
 * `intercept` would let any request through unchanged. False for scenarios not made by `createScenarios`.
 */
export function isIdle(scenarios: Scenarios): boolean {
  return idleChecks.get(scenarios)?.() ?? false;
}

const sunsetChecks = new WeakMap<Scenarios, (operationId: string) => boolean>();

/** True when `scenarios` has upstream's sunset switched on for `operationId` (see {@link Scenarios.sunset}). */
export function isSunset(scenarios: Scenarios, operationId: string): boolean {
  return sunsetChecks.get(scenarios)?.(operationId) ?? false;
}

/** Upstream's `410` for a deprecated operation once its sunset switch is off, `Warning` included by the caller. */
export function goneResponse(headers: Record<string, string> = {}): Response {
  return jsonResponse(GONE_BODY, 410, headers);
}

interface QueuedFailure {
  remaining: number;
  status: number;
  retryAfterSeconds: number | undefined;
}

/**
 * Creates a set of scenarios to hand to `createHandlers` (or the hosts), for testing how clients cope.
 *
 * @example
 * const scenarios = createScenarios();
 * scenarios.failNext(2, { status: 429, retryAfterSeconds: 1 }).latency(30);
 * const handlers = createHandlers({ world: createWorld(), scenarios });
 */
export function createScenarios(options: ScenariosOptions = {}): Scenarios {
  const now = options.now ?? Date.now;
  let latencyMs = 0;
  let networkErrors = 0;
  let failures: QueuedFailure[] = [];
  let limiter: RateLimiter | undefined;
  const reorgs = new ReorgQueue();
  let sunset = new Set<SunsetOperation>();

  const scenarios: Scenarios = {
    latency(ms) {
      latencyMs = nonNegativeInteger(ms, 'latency', MAX_LATENCY_MS);
      return scenarios;
    },
    failNext(count, failure = { status: 503 }) {
      const remaining = nonNegativeInteger(count, 'failNext count', MAX_QUEUED);
      const queued = failures.reduce((sum, queuedFailure) => sum + queuedFailure.remaining, 0);
      if (queued + remaining > MAX_QUEUED) {
        throw new RangeError(`failNext: at most ${MAX_QUEUED} failures may be queued, ${queued} already are`);
      }
      if (!Number.isInteger(failure.status) || failure.status < 400 || failure.status > 599) {
        throw new RangeError(
          `failNext: status must be an HTTP error status (400-599), got ${failure.status}`,
        );
      }
      const retryAfterSeconds =
        failure.retryAfterSeconds === undefined
          ? failure.status === 429
            ? 1
            : undefined
          : nonNegativeInteger(failure.retryAfterSeconds, 'retryAfterSeconds', MAX_RETRY_AFTER_SECONDS);
      if (remaining > 0) failures.push({ remaining, status: failure.status, retryAfterSeconds });
      return scenarios;
    },
    networkErrorNext(count) {
      const added = nonNegativeInteger(count, 'networkErrorNext count', MAX_QUEUED);
      if (networkErrors + added > MAX_QUEUED) {
        throw new RangeError(
          `networkErrorNext: at most ${MAX_QUEUED} network errors may be queued, ${networkErrors} already are`,
        );
      }
      networkErrors += added;
      return scenarios;
    },
    rateLimit(rateLimitOptions = {}) {
      limiter = rateLimitOptions === null ? undefined : new RateLimiter(rateLimitOptions, now);
      return scenarios;
    },
    reorgAfter(requests, reorgOptions) {
      reorgs.schedule(requests, reorgOptions, MAX_QUEUED);
      return scenarios;
    },
    sunset(operations) {
      const chosen = operations === 'all' ? SUNSET_OPERATIONS : (operations ?? []);
      const unknown = chosen.find((id) => !SUNSET_OPERATIONS.includes(id));
      if (unknown !== undefined) {
        throw new RangeError(
          `sunset: ${String(unknown)} is not a deprecated operation (one of: ${SUNSET_OPERATIONS.join(', ')})`,
        );
      }
      sunset = new Set(chosen);
      return scenarios;
    },
    clear() {
      reorgs.clear();
      sunset = new Set();
      latencyMs = 0;
      networkErrors = 0;
      failures = [];
      limiter = undefined;
      return scenarios;
    },
    get state() {
      return {
        latencyMs,
        pendingFailures: failures.reduce((sum, failure) => sum + failure.remaining, 0),
        pendingNetworkErrors: networkErrors,
        rateLimit: limiter
          ? { perMinute: limiter.perMinute, perMinuteWithKey: limiter.perMinuteWithKey }
          : null,
        pendingReorgs: reorgs.size,
        sunset: SUNSET_OPERATIONS.filter((id) => sunset.has(id)),
      };
    },
    async intercept(request) {
      // Counted when the request arrives, so the k requests before a re-org are the first k to arrive.
      const due = reorgs.size > 0 ? reorgs.take() : [];
      const withReorgs = (decision: ScenarioDecision): ScenarioDecision =>
        due.length > 0 ? { ...decision, reorgs: due } : decision;
      if (latencyMs > 0) await sleep(latencyMs);
      if (networkErrors > 0) {
        networkErrors -= 1;
        return withReorgs({ response: Response.error(), headers: {} });
      }
      const failure = failures[0];
      if (failure) {
        failure.remaining -= 1;
        if (failure.remaining === 0) failures.shift();
        return withReorgs({ response: failureResponse(failure, limiter, now()), headers: {} });
      }
      const decision: RateLimitDecision | undefined = limiter?.check(request);
      return withReorgs({ response: decision?.response, headers: decision?.headers ?? {} });
    },
  };
  idleChecks.set(
    scenarios,
    () =>
      latencyMs === 0 &&
      networkErrors === 0 &&
      failures.length === 0 &&
      limiter === undefined &&
      reorgs.size === 0 &&
      sunset.size === 0,
  );
  sunsetChecks.set(scenarios, (operationId) => sunset.has(operationId as SunsetOperation));
  return scenarios;
}

function failureResponse(failure: QueuedFailure, limiter: RateLimiter | undefined, nowMs: number): Response {
  const headers: Record<string, string> = {};
  if (failure.retryAfterSeconds !== undefined) headers['retry-after'] = String(failure.retryAfterSeconds);
  if (failure.status === 429) {
    const retryAfter = failure.retryAfterSeconds ?? 1;
    headers['ratelimit-limit'] = String(limiter?.perMinute ?? 50);
    headers['ratelimit-remaining'] = '0';
    headers['ratelimit-reset'] = String(Math.ceil(nowMs / 1000) + retryAfter);
    return jsonResponse(tooManyRequestsBody(retryAfter), 429, headers);
  }
  // A 410 is what the real service answers once it disables its deprecated endpoints: that exact body.
  if (failure.status === 410) return jsonResponse(GONE_BODY, 410, headers);
  const body = {
    statusCode: failure.status,
    error: statusText(failure.status),
    message: `Simulated ${failure.status} ${statusText(failure.status)}`,
  };
  return jsonResponse(body, failure.status, headers);
}

/** Body of the Stacks API's 410 for a disabled deprecated endpoint (`ENABLE_DEPRECATED_ENDPOINTS=false`). */
const GONE_BODY = {
  error: 'Gone',
  message: 'This endpoint has been disabled. See https://docs.hiro.so/stacks/api for more information',
};

/** Most failures (or network errors) one scenario set queues: enough for any test, finite for a server. */
const MAX_QUEUED = 1_000_000;
/** Longest latency a scenario adds: one minute. */
const MAX_LATENCY_MS = 60_000;
/** Longest `Retry-After` a simulated failure sends: one day. */
const MAX_RETRY_AFTER_SECONDS = 86_400;

function nonNegativeInteger(value: number, name: string, max: number): number {
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new RangeError(`${name} must be an integer from 0 to ${max}, got ${value}`);
  }
  return value;
}

// A timer started per delayed request only: nothing runs at import, and nothing outlives the wait.
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
