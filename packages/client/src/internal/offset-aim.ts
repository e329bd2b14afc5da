/**
 * Where to send offset-mode requests while a list grows at its head (lists without a cursor).
 *
 * What it tracks, for the pager's frame (`Growth`, updated in place):
 * - `delta`: how much `total` has grown since the first page: position `p` is then at offset `p + delta`;
 * - `ahead`: how much the list grew during one recent round trip; added to the offset of a first request for a
 *   position, so a list growing at a steady rate is met where it will be when the request arrives;
 * - `growing`: whether the last answers showed growth (the pager then sends one request at a time).
 * Each request is an {@link AimedRequest}: sent (aimed), then answered (its answer's `total` updates `delta`), then
 * placed (where its rows started relative to the position it was for), which decides whether the next request
 * for that position adds `ahead` again.
 */

/** What is known of an offset-paged list's growth since iteration started; carried from page to page. */
export interface Growth {
  /** Latest known growth of `total` since the first page: the base of every offset. */
  delta: number;
  /** Growth during one round trip, added to the offset of a first request so a steadily growing list is met. */
  ahead: number;
  /** Whether the last answers showed growth: requests then go one at a time. */
  growing: boolean;
}

/** One offset-mode request, from when it is sent until its answer is placed. */
export interface AimedRequest {
  /** Send order: the answer to the latest request sent is the best measure of the current growth. */
  readonly order: number;
  /** The `delta` its offset was computed from. */
  readonly growthUsed: number;
  /** Whether `growthUsed` came from the answer just before, to a request sent alone: then it is one round trip old. */
  readonly basedOnLastAnswer: boolean;
  /** The `ahead` added to its offset (0 when none). */
  readonly ahead: number;
  /** No other request was in flight at any moment of this one's. */
  alone: boolean;
  answered: boolean;
}

/** Where an answer started, relative to the position its request was for. */
export type Placement = 'covered' | 'before' | 'after' | 'empty';

/**
 * Computes offsets. A request for position `p` goes to offset `p + growthUsed + ahead`; its answer, cut from a
 * list grown by `g`, starts at position `p + growthUsed + ahead - g`:
 * - without `ahead` it never starts past `p` (the list only grew since `growthUsed` was measured), and it covers
 *   `p` when the list grew by less than a page since then, which a growth measured on the last answer makes one
 *   round trip;
 * - `ahead` saves that overlap and catches a list growing faster than a page per round trip, but overshoots `p` when
 *   the growth slows down (past the end of the list: an empty page that measures nothing). So it is added to the
 *   first request for a position only; the following ones go without it, unless one without it, based on the last
 *   answer, still came back entirely before `p`: growth beyond a page per round trip, which only `ahead` catches.
 * Under "less than a page per round trip" a position thus needs at most three requests: one with `ahead` that
 * overshoots, one from an old measure that lands before, one from the last answer's measure that covers it.
 */
export class OffsetAim {
  /** Updated in place: it is the pager's frame. */
  readonly #growth: Growth;
  #order = 1;
  /** Which answer `growth.delta` comes from, and whether it makes a basedOnLastAnswer growthUsed for the next request. */
  #deltaOrder = -1;
  #basedOnLastAnswer: boolean;
  /** A request without `ahead`, based on the last answer, still landed before its position: add `ahead` again. */
  #needAhead = false;
  /** Growth during the last round trip measured (a request sent alone, based on the answer before it). */
  #lastRoundTripGrowth: number;

  /** `growth` is updated in place (it is the pager's frame); `first` says it comes from the first page. */
  constructor(growth: Growth, first: boolean) {
    this.#growth = growth;
    this.#lastRoundTripGrowth = growth.ahead;
    // After the first page the next request follows it at once; a page kept for later may be any age.
    this.#basedOnLastAnswer = first;
    if (first) this.#deltaOrder = 0;
  }

  /** The offset at which to request position `pos`, and the request to report back when answered and placed. */
  aim(pos: number, options: { alone: boolean; firstTry: boolean }): { offset: number; aimed: AimedRequest } {
    const useAhead = this.#growth.growing && (options.firstTry || this.#needAhead);
    const ahead = useAhead ? this.#growth.ahead : 0;
    const aimed: AimedRequest = {
      order: this.#order++,
      growthUsed: this.#growth.delta,
      basedOnLastAnswer: this.#basedOnLastAnswer,
      ahead,
      alone: options.alone,
      answered: false,
    };
    return { offset: Math.max(0, pos + this.#growth.delta + ahead), aimed };
  }

  /** Reads the growth off an answer as it lands; `delta` is `undefined` for an empty page, which measures nothing. */
  answerArrived(aimed: AimedRequest, delta: number | undefined): void {
    aimed.answered = true;
    if (delta === undefined || aimed.order < this.#deltaOrder) {
      this.#basedOnLastAnswer = false;
      return;
    }
    const roundTripGrowth = delta - aimed.growthUsed;
    this.#growth.delta = delta;
    this.#deltaOrder = aimed.order;
    this.#basedOnLastAnswer = aimed.alone;
    // Only a request sent alone and based on the answer before it measures the rate: answers landing side by side, or
    // an old measure, add growth that the next request made alone will not meet. `ahead` is the smaller of the last
    // two measures: aiming a little
    // short costs a few rows of overlap, aiming past `p` a request, and a steady rate is learned on its second one.
    if (aimed.alone && aimed.basedOnLastAnswer) {
      const measured = Math.max(0, roundTripGrowth);
      this.#growth.ahead = Math.min(measured, this.#lastRoundTripGrowth);
      this.#lastRoundTripGrowth = measured;
    }
    if (roundTripGrowth !== 0) this.#growth.growing = true;
    else if (aimed.alone) this.#growth.growing = false;
  }

  /** Tells where the answer to a request for the position still needed started, relative to that position. */
  answerPlaced(aimed: AimedRequest, placement: Placement): void {
    if (placement === 'before') {
      if (aimed.ahead === 0 && aimed.basedOnLastAnswer && aimed.alone) this.#needAhead = true;
    } else {
      this.#needAhead = false;
    }
  }
}

/** Where a non-empty page of `count` rows starting at position `start` lies relative to position `next`. */
export function placement(start: number, count: number, next: number): Placement {
  if (start > next) return 'after';
  return start + count <= next ? 'before' : 'covered';
}
