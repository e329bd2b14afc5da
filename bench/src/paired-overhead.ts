import { median } from './harness.js';

// Overheads over a baseline, and ratios of whole costs, from paired rounds: each round times every variant once,
// back to back, so the difference (or ratio) of two variants within a round cancels what the round shared (a busy
// neighbour, a CPU frequency step, the heap's state), and the median of the per-round values is robust to the rounds
// a burst of noise hit. Differences of medians taken from separate sample sets cancel nothing: when an overhead is a
// few µs inside a spread of tens, they swing from run to run. Pure functions over sample arrays, tested as such.

/** Confidence level of every interval here. */
const CONFIDENCE = 0.95;

/**
 * Fewer rounds give no interval: below 6, even [min, max] covers a median with less than 95 % probability (the
 * sign test: 2 / 2^5 > 5 %), and a bootstrap of so few values would claim more than they hold.
 */
const MIN_ROUNDS = 6;

/** A median and its 95 % interval (infinite bounds when there are too few rounds for one). */
export interface Estimate {
  median: number;
  low: number;
  high: number;
}

/** `variant[i] - baseline[i]` for each round i; both lists must come from the same rounds. */
export function pairedDifferences(variant: readonly number[], baseline: readonly number[]): number[] {
  if (variant.length !== baseline.length || variant.length === 0) {
    throw new Error(
      `paired differences need the same rounds on both sides (got ${variant.length} and ${baseline.length})`,
    );
  }
  return variant.map((value, i) => value - (baseline[i] as number));
}

/** How intervals are drawn: `runs[i]` names the process round i ran in, when the rounds come from several. */
export interface BootstrapOptions {
  runs?: readonly number[];
  resamples?: number;
  seed?: number;
}

/**
 * Medians of `columns` (per-round values, index i from round i) over bootstrap resamples: each draws whole
 * processes with replacement, then rounds within each, the same rounds for every column (values of one round
 * belong together). A process settles into its own compiled code and heap, so its rounds resemble each other more
 * than another process's do: drawing processes first puts that spread into the intervals. Seeded, so the same
 * samples always give the same answer.
 */
function resampledMedians(
  columns: readonly (readonly number[])[],
  { runs, resamples = 2000, seed = 1 }: BootstrapOptions,
): number[][] {
  const n = columns[0]?.length ?? 0;
  const runOf = runs ?? Array.from({ length: n }, () => 0);
  if (runOf.length !== n) throw new Error(`runs names ${runOf.length} rounds, the samples hold ${n}`);
  const byRun = new Map<number, number[]>();
  runOf.forEach((run, i) => {
    byRun.set(run, [...(byRun.get(run) ?? []), i]);
  });
  const groups = [...byRun.values()];
  const random = mulberry32(seed);
  const medians = columns.map(() => [] as number[]);
  for (let r = 0; r < resamples; r++) {
    const picks: number[] = [];
    for (let g = 0; g < groups.length; g++) {
      const group = groups[Math.floor(random() * groups.length)] as number[];
      for (let i = 0; i < group.length; i++) picks.push(group[Math.floor(random() * group.length)] as number);
    }
    columns.forEach((column, c) => {
      medians[c]?.push(median(picks.map((pick) => column[pick] as number)));
    });
  }
  return medians;
}

/** The 95 % percentile interval of bootstrap draws; infinite when there are fewer than `MIN_ROUNDS` rounds. */
function percentiles(draws: number[], rounds: number) {
  if (rounds < MIN_ROUNDS) return { low: Number.NEGATIVE_INFINITY, high: Number.POSITIVE_INFINITY };
  const sorted = [...draws].sort((a, b) => a - b);
  const tail = (1 - CONFIDENCE) / 2;
  return {
    low: sorted[Math.floor(tail * (sorted.length - 1))] as number,
    high: sorted[Math.ceil((1 - tail) * (sorted.length - 1))] as number,
  };
}

/**
 * A variant's overhead over the baseline: the median of the per-round differences, with a bootstrap interval
 * over processes and rounds (`resampledMedians`).
 * @example
 * pairedOverhead(oursSamples, rawSamples, { runs }); // { median: 12.3, low: 11.0, high: 13.9 }
 */
export function pairedOverhead(
  variant: readonly number[],
  baseline: readonly number[],
  options: BootstrapOptions = {},
): Estimate {
  const differences = pairedDifferences(variant, baseline);
  const [draws] = resampledMedians([differences], options) as [number[]];
  return { median: median(differences), ...percentiles(draws, differences.length) };
}

/** Per-round samples of the baseline, our variant and the reference variant, index i from round i. */
export interface PairedSamples {
  baseline: readonly number[];
  ours: readonly number[];
  reference: readonly number[];
}

/**
 * Our overhead over the baseline as a multiple of the reference's. `ratio` when the reference's overhead is
 * distinguishable from zero (its interval lies above 0); otherwise `indistinct`, because a ratio to an overhead
 * that may be nothing is no measurement at all.
 */
export type OverheadRatio =
  | { kind: 'ratio'; ratio: number; low: number; high: number; ours: Estimate; reference: Estimate }
  | { kind: 'indistinct'; ours: Estimate; reference: Estimate };

/**
 * Our and the reference's overheads over the baseline (`pairedOverhead`) and their ratio, its interval from the
 * same bootstrap resamples (a resample whose reference overhead is not positive counts as an infinite ratio).
 * @example
 * overheadRatio({ baseline: raw, ours, reference: vendorWithTimeout }, { runs });
 */
export function overheadRatio(samples: PairedSamples, options: BootstrapOptions = {}): OverheadRatio {
  const oursDiff = pairedDifferences(samples.ours, samples.baseline);
  const referenceDiff = pairedDifferences(samples.reference, samples.baseline);
  const [oursDraws, referenceDraws] = resampledMedians([oursDiff, referenceDiff], options) as [
    number[],
    number[],
  ];
  const n = oursDiff.length;
  const ours = { median: median(oursDiff), ...percentiles(oursDraws, n) };
  const reference = { median: median(referenceDiff), ...percentiles(referenceDraws, n) };
  if (!(reference.low > 0)) return { kind: 'indistinct', ours, reference };
  const ratios = oursDraws.map((o, i) => {
    const r = referenceDraws[i] as number;
    return r > 0 ? o / r : Number.POSITIVE_INFINITY;
  });
  return {
    kind: 'ratio',
    ratio: ours.median / reference.median,
    ...percentiles(ratios, n),
    ours,
    reference,
  };
}

/** `variant[i] / reference[i]` for each round i; both lists must come from the same rounds, the reference's positive. */
export function pairedRatios(variant: readonly number[], reference: readonly number[]): number[] {
  if (variant.length !== reference.length || variant.length === 0) {
    throw new Error(
      `paired ratios need the same rounds on both sides (got ${variant.length} and ${reference.length})`,
    );
  }
  return variant.map((value, i) => {
    const divisor = reference[i] as number;
    if (!(divisor > 0 && Number.isFinite(divisor)) || !Number.isFinite(value)) {
      throw new Error(
        `paired ratios need finite samples and a positive reference (round ${i}: ${value} / ${divisor})`,
      );
    }
    return value / divisor;
  });
}

/**
 * How many times the reference a variant takes, when both are whole costs (a call over loopback in wall time) rather
 * than overheads over a baseline: the median of the per-round ratios, with a bootstrap interval over processes and
 * rounds (`resampledMedians`). A round whose batches a neighbour slowed slows both sides alike, so their ratio
 * cancels most of it where medians of separate sample sets keep it.
 * @example
 * pairedRatio(oursSamples, vendorSamples); // { median: 1.02, low: 0.99, high: 1.04 }
 */
export function pairedRatio(
  variant: readonly number[],
  reference: readonly number[],
  options: BootstrapOptions = {},
): Estimate {
  const ratios = pairedRatios(variant, reference);
  const [draws] = resampledMedians([ratios], options) as [number[]];
  return { median: median(ratios), ...percentiles(draws, ratios.length) };
}

// A small seeded generator (mulberry32): the bootstrap must be reproducible, and Math.random cannot be seeded.
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
