/** What is known of an offset-paged list's growth since iteration started; carried from page to page. */
export interface Growth {
  /** Latest known growth `T - total0`, the base of every offset. */
  delta: number;
  /** Growth during one round trip, added to the aim so a steadily growing list is hit first time. */
  lead: number;
  /** Whether the last answers showed growth: requests then go one at a time. */
  growing: boolean;
}

/** One offset-mode request as the aim sees it, from when it is sent until its answer is placed. */
export interface Shot {
  /** Issue order: the answer to the latest request sent is the best guess of the current growth. */
  readonly seq: number;
  /** The growth the offset was computed from. */
  readonly basis: number;
  /** Whether `basis` came from the answer just before, to a request made alone: then the lag is one round trip. */
  readonly fresh: boolean;
  /** The lead added on top of `basis`. */
  readonly lead: number;
  /** No other request was in flight at any moment of this one's. */
  solo: boolean;
  landed: boolean;
}

/** Where an answer started, relative to the position its request was for. */
export type Placement = 'covered' | 'before' | 'after' | 'empty';

/**
 * Aims offset-mode requests while the list grows at its head. A request for position `p` goes to offset
 * `p + basis + lead`; its answer, cut from a list grown by `g`, starts at position `p + basis + lead - g`:
 * - without the lead it never starts past `p` (the list only grew since `basis` was measured), and it covers `p`
 *   when the list grew by less than a page since then, which a fresh basis makes one round trip;
 * - the lead, the growth of recent round trips, saves that overlap and catches a list growing faster than a page
 *   per round trip, but overshoots `p` when the growth slows down (past the end of the list: an empty page that
 *   measures nothing). So it goes on the first request for a position only; the following ones go without it,
 *   unless one without it, from a fresh basis, still came back entirely before `p`: growth beyond a page per
 *   round trip, which only the lead can catch.
 * Under "less than a page per round trip" a position thus needs at most three requests: one with the lead that
 * overshoots, one from the stale basis that leaves behind, one from a fresh basis that covers it.
 */
export class OffsetAim {
  /** Updated in place: it is the pager's frame. */
  readonly #growth: Growth;
  #seq = 1;
  /** Which answer `growth.delta` comes from, and whether it makes a fresh basis for the next request. */
  #deltaSeq = -1;
  #fresh: boolean;
  /** A request without the lead fell short from a fresh basis: use the lead again. */
  #needLead = false;
  /** Growth during the last fresh round trip measured. */
  #lastLag: number;

  /** `growth` is updated in place (it is the pager's frame); `first` says it comes from the first page. */
  constructor(growth: Growth, first: boolean) {
    this.#growth = growth;
    this.#lastLag = growth.lead;
    // After the first page the next request follows it at once; a page kept for later may be any age.
    this.#fresh = first;
    if (first) this.#deltaSeq = 0;
  }

  /** The offset at which to request position `pos`, and the shot to report back as it lands and is placed. */
  aim(pos: number, options: { solo: boolean; firstTry: boolean }): { offset: number; shot: Shot } {
    const useLead = this.#growth.growing && (options.firstTry || this.#needLead);
    const lead = useLead ? this.#growth.lead : 0;
    const shot: Shot = {
      seq: this.#seq++,
      basis: this.#growth.delta,
      fresh: this.#fresh,
      lead,
      solo: options.solo,
      landed: false,
    };
    return { offset: Math.max(0, pos + this.#growth.delta + lead), shot };
  }

  /** Reads the growth off an answer as it lands; `delta` is `undefined` for an empty page, which measures nothing. */
  landed(shot: Shot, delta: number | undefined): void {
    shot.landed = true;
    if (delta === undefined || shot.seq < this.#deltaSeq) {
      this.#fresh = false;
      return;
    }
    const lag = delta - shot.basis;
    this.#growth.delta = delta;
    this.#deltaSeq = shot.seq;
    this.#fresh = shot.solo;
    // Only a fresh round trip measures the rate: answers landing side by side, or a stale basis, add growth that
    // the next request made alone will not meet. The lead is the smaller of the last two measures: aiming a little
    // short costs a few rows of overlap, aiming past `p` a request, and a steady rate is learned on its second one.
    if (shot.solo && shot.fresh) {
      const measured = Math.max(0, lag);
      this.#growth.lead = Math.min(measured, this.#lastLag);
      this.#lastLag = measured;
    }
    if (lag !== 0) this.#growth.growing = true;
    else if (shot.solo) this.#growth.growing = false;
  }

  /** Tells where the answer to a request for the position still needed started, relative to that position. */
  placed(shot: Shot, placement: Placement): void {
    if (placement === 'before') {
      if (shot.lead === 0 && shot.fresh && shot.solo) this.#needLead = true;
    } else {
      this.#needLead = false;
    }
  }
}
