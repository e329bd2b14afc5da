import { checkReorgOptions, type ReorgOptions } from '../../world';

/** One scheduled re-org: the requests still to answer before it, and what it does. */
interface ScheduledReorg {
  remaining: number;
  readonly options: Required<ReorgOptions>;
}

/**
 * Re-orgs waiting for their request: `schedule(k, options)` lets `k` requests through, then the next one
 * (k + 1) is answered from the re-orged world. Several may wait, each counting from when it was scheduled.
 */
export class ReorgQueue {
  #scheduled: ScheduledReorg[] = [];

  /** Schedules a re-org after `requests` more requests; throws a TypeError or RangeError for bad arguments. */
  schedule(requests: number, options: ReorgOptions, maxQueued: number): void {
    if (!Number.isInteger(requests) || requests < 0 || requests > maxQueued) {
      throw new RangeError(`reorgAfter: requests must be an integer from 0 to ${maxQueued}, got ${requests}`);
    }
    if (this.#scheduled.length >= MAX_SCHEDULED) {
      throw new RangeError(`reorgAfter: at most ${MAX_SCHEDULED} re-orgs may be scheduled at once`);
    }
    // The depth is checked against the world when the re-org happens: the world may grow until then.
    this.#scheduled.push({
      remaining: requests,
      options: checkReorgOptions(options, Number.MAX_SAFE_INTEGER),
    });
  }

  /** Counts one request: the re-orgs due before it, in the order they were scheduled. */
  take(): Required<ReorgOptions>[] {
    const due: Required<ReorgOptions>[] = [];
    const waiting: ScheduledReorg[] = [];
    for (const entry of this.#scheduled) {
      if (entry.remaining === 0) due.push(entry.options);
      else {
        entry.remaining -= 1;
        waiting.push(entry);
      }
    }
    this.#scheduled = waiting;
    return due;
  }

  /** How many re-orgs wait. */
  get size(): number {
    return this.#scheduled.length;
  }

  clear(): void {
    this.#scheduled = [];
  }
}

/** Most re-orgs waiting at once: plenty for a test, bounded for a long-running server. */
const MAX_SCHEDULED = 1000;
