import { performance } from 'node:perf_hooks';
import type { Row, Target } from './comparison.js';

/** Median of a non-empty list (mean of the two middle values for even lengths). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of an empty list');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  // Non-null: `mid` and `mid - 1` are inside a non-empty sorted copy.
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** `value / baseline`, or `null` when the baseline is zero or missing. */
function ratio(value: number, baseline: number | undefined): number | null {
  return baseline === undefined || baseline === 0 ? null : value / baseline;
}

/** Milliseconds taken by one call of `fn`. */
export async function timeMs(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/**
 * CPU time (user + system, every thread of this process) taken by one call of `fn`, in ms. Unlike wall time it
 * leaves out the time other processes held the CPU, so on a shared machine it measures what `fn` costs; it fits
 * work that never waits (an in-memory fetch), not a round trip to another process.
 */
export async function cpuTimeMs(fn: () => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage();
  await fn();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

/**
 * How many sequential calls of `call` fill about `sampleMs`, measured on a short trial run (which also warms it),
 * so a sample is long enough to dwarf timer resolution whatever a call costs on this machine.
 */
export async function callsPerSample(call: () => unknown, sampleMs: number, min = 5): Promise<number> {
  const trial = async () => {
    let calls = 0;
    const start = performance.now();
    while (performance.now() - start < sampleMs / 10 || calls < min) {
      await call();
      calls++;
    }
    return (performance.now() - start) / calls;
  };
  // The first trial pays for cold code paths; only the second is used.
  await trial();
  return Math.max(min, Math.round(sampleMs / (await trial())));
}

/** Repetition counts: `warmup` runs are discarded, `runs` are kept. */
export interface RepeatOptions {
  warmup: number;
  runs: number;
}

/**
 * Runs each variant once per round, rotating which goes first, so drift (GC, JIT, a busy neighbour) spreads over
 * every variant instead of landing on whichever ran last. Each call returns one sample (its own unit).
 * @example
 * const samples = await interleave({ raw: () => timeMs(callRaw), ours: () => timeMs(callOurs) }, { warmup: 1, runs: 5 });
 */
export async function interleave<K extends string>(
  variants: Record<K, () => Promise<number>>,
  { warmup, runs }: RepeatOptions,
): Promise<Record<K, number[]>> {
  const names = Object.keys(variants) as K[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < warmup + runs; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length] as K;
      const value = await variants[name]();
      if (round >= warmup) samples[name].push(value);
    }
  }
  return samples;
}

/** How long `pairedRounds` measures: at least `minRounds` and `budgetMs`, at most `maxRounds`, after `warmupMs`. */
export interface RoundBudget {
  warmupMs: number;
  budgetMs: number;
  minRounds: number;
  maxRounds: number;
}

/**
 * Runs each variant once per round, back to back, so that `samples[a][i] - samples[b][i]` compares two variants
 * under the same conditions; the order rotates every round and runs backwards in every other cycle of rotations,
 * so every variant runs both before and after every other. Rounds go on until the time budget is spent (warm-up
 * rounds discarded). No forced garbage collection between samples: tried (`global.gc()` before every sample, then
 * before every round), it left every variant running colder and inflated the overheads several times over.
 */
export async function pairedRounds<K extends string>(
  variants: Record<K, () => Promise<number>>,
  { warmupMs, budgetMs, minRounds, maxRounds }: RoundBudget,
): Promise<Record<K, number[]>> {
  const names = Object.keys(variants) as K[];
  const round = async (index: number, samples?: Record<K, number[]>) => {
    const rotated = names.map((_, i) => names[(index + i) % names.length] as K);
    const backwards = Math.floor(index / names.length) % 2 === 1;
    for (const name of backwards ? rotated.reverse() : rotated) {
      const value = await variants[name]();
      samples?.[name].push(value);
    }
  };
  const warmupStart = performance.now();
  for (let index = 0; performance.now() - warmupStart < warmupMs; index++) await round(index);
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  const start = performance.now();
  for (let index = 0; index < maxRounds; index++) {
    if (index >= minRounds && performance.now() - start >= budgetMs) break;
    await round(index, samples);
  }
  return samples;
}

/** One variant's samples, before the group's baseline is known. */
export interface Measured {
  label: string;
  samples: number[];
  details?: Record<string, number | string>;
}

/**
 * Turns the variants of one group into report rows: medians, and ratios to the baseline variant's median.
 * @example
 * rowsFor('getBrc20Token', 'µs/call', 'raw fetch', [{ label: 'raw fetch', samples }, { label: 'ours', samples }]);
 */
export function rowsFor(
  group: string,
  unit: string,
  baselineLabel: string | null,
  measured: Measured[],
): Row[] {
  const baselineSamples = measured.find((m) => m.label === baselineLabel)?.samples;
  const baselineMedian = baselineSamples === undefined ? undefined : median(baselineSamples);
  return measured.map(({ label, samples, details }) => {
    const isBaseline = label === baselineLabel;
    const row: Row = {
      group,
      label,
      unit,
      median: median(samples),
      samples,
      ratio: isBaseline ? null : ratio(median(samples), baselineMedian),
      baseline: isBaseline,
    };
    if (details !== undefined) row.details = details;
    return row;
  });
}

/** Builds a target entry; a measurement that is not a finite number never counts as met. */
export function target(
  description: string,
  measured: number,
  comparator: '<=' | '>=',
  limit: number,
): Target {
  const met = Number.isFinite(measured) && (comparator === '<=' ? measured <= limit : measured >= limit);
  return { description, measured, comparator, limit, met };
}

/** Finds a row's median by group and label, failing loudly when a comparison forgot to measure it. */
export function medianOf(rows: readonly Row[], group: string, label: string): number {
  const row = rows.find((r) => r.group === group && r.label === label);
  if (row === undefined) throw new Error(`no row ${label} in ${group}`);
  return row.median;
}
