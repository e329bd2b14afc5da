import type { WithResponse } from '../api-promise.js';
import { MAX_PAGE_SIZE, type PageRequest } from './list-page.js';
import type { AimedRequest, OffsetAim } from './offset-aim.js';
import type { Frame } from './page-frame.js';

/**
 * Requests aimed at one position before giving up on it; keeps every iteration finite. Under the growth the pager
 * promises to keep up with, a position needs at most three (see {@link OffsetAim}).
 */
export const MAX_ATTEMPTS_PER_POSITION = 5;

/** A page request the pager sent and has not absorbed yet. */
export interface InFlight<TBody> {
  request: PageRequest;
  /** First position this request is aimed at (one before the first it is for: the overlap), and its size. */
  pos: number;
  limit: number;
  /** How an offset-mode request was aimed. */
  aimed: AimedRequest | undefined;
  promise: Promise<WithResponse<TBody>>;
}

/** Whether a request in flight holds `pos` and the row before it. */
export function covers(inFlight: readonly InFlight<unknown>[], pos: number): boolean {
  return inFlight.some((f) => (f.pos < pos || f.pos === 0) && pos < f.pos + f.limit);
}

/**
 * The most requests the rest of `frame` (whose end is known) justifies, counted from `sent`: every page of what is
 * left, each aimed at most {@link MAX_ATTEMPTS_PER_POSITION} times, plus the prefetches that may overshoot.
 */
export function requestBudget(frame: Frame, sent: number, concurrency: number): number {
  const pages = Math.ceil((frame.end - frame.next) / Math.max(1, frame.pageSize - 1)) + 1;
  return sent + (pages + concurrency) * MAX_ATTEMPTS_PER_POSITION;
}

/**
 * The request for position `pos`: from the row before it (the overlap that links the answers), so one row more
 * than a page. Cursor mode names positions exactly; offset mode asks `aim` where the list has moved them.
 */
export function requestFor(
  frame: Frame,
  pos: number,
  aim: OffsetAim | undefined,
  how: { alone: boolean; firstTry: boolean },
): Omit<InFlight<unknown>, 'promise'> {
  const from = Math.max(0, pos - 1);
  const size = Math.min(MAX_PAGE_SIZE, frame.pageSize + (from < pos ? 1 : 0));
  if (frame.mode === 'cursor') {
    const limit = Math.max(1, Math.min(size, frame.end - from));
    return {
      request: { cursor: frame.anchor as string, offset: from, limit },
      pos: from,
      limit,
      aimed: undefined,
    };
  }
  // Always a full page: under growth the answer lands earlier than aimed, and the slack absorbs that.
  const target = (aim as OffsetAim).aim(from, how);
  return { request: { offset: target.offset, limit: size }, pos: from, limit: size, aimed: target.aimed };
}
