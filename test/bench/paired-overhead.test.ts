// The estimator behind client-overhead's in-memory target (issue 31, item 6): overheads over raw fetch as medians of
// per-round differences, with bootstrap intervals over processes and rounds, and a ratio that is refused rather than
// formed when the reference's overhead cannot be told from zero. Deterministic inputs only: no timing here.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { median, pairedRounds } from '../../bench/src/harness.js';
import {
  overheadRatio,
  pairedDifferences,
  pairedOverhead,
  pairedRatio,
  pairedRatios,
} from '../../bench/src/paired-overhead.js';
import { writeMarkdown } from '../../bench/src/report.js';

/** Deterministic values in [-1, 1): a linear congruential sequence, so a failing case reproduces exactly. */
function noise(count: number, seed: number): number[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return (state / 2 ** 31) * 2 - 1;
  });
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('pairedOverhead', () => {
  it('is the median of the per-round differences, with an interval as narrow as they are alike', () => {
    const baseline = range(1, 20).map((i) => 100 + 7 * i);
    expect(
      pairedOverhead(
        baseline.map((raw) => raw + 3),
        baseline,
      ),
    ).toEqual({ median: 3, low: 3, high: 3 });
  });

  it('gives no interval from fewer than 6 rounds, however alike', () => {
    expect(pairedOverhead([4, 5, 6, 7, 8], [1, 2, 3, 4, 5])).toEqual({
      median: 3,
      low: Number.NEGATIVE_INFINITY,
      high: Number.POSITIVE_INFINITY,
    });
    expect(pairedOverhead([4, 5, 6, 7, 8, 9], [1, 2, 3, 4, 5, 6])).toEqual({ median: 3, low: 3, high: 3 });
  });

  it('widens its interval to the spread between processes when told which round ran where', () => {
    // Three processes: in two the variant adds 10 µs, in the third 20 µs (a process that compiled it worse).
    const perProcess = 40;
    const jitter = noise(3 * perProcess, 3);
    const runs = range(0, 3 * perProcess - 1).map((i) => Math.floor(i / perProcess));
    const baseline = noise(3 * perProcess, 5).map((n) => 200 + 50 * n);
    const variant = baseline.map((raw, i) => raw + (runs[i] === 2 ? 20 : 10) + (jitter[i] as number));
    const pooled = pairedOverhead(variant, baseline);
    const byProcess = pairedOverhead(variant, baseline, { runs });
    expect(pooled.median).toBeCloseTo(byProcess.median);
    expect(pooled.high).toBeLessThan(12);
    expect(byProcess.high).toBeGreaterThan(18);
  });

  it('refuses runs that do not name every round', () => {
    expect(() => pairedOverhead([2, 3], [1, 1], { runs: [0] })).toThrow(
      /runs names 1 rounds, the samples hold 2/,
    );
  });
});

describe('pairedDifferences', () => {
  it('subtracts round by round', () => {
    expect(pairedDifferences([5, 7, 10], [1, 2, 3])).toEqual([4, 5, 7]);
  });

  it.each([
    ['different lengths', [1, 2], [1]],
    ['no rounds', [], []],
  ])('refuses %s', (_, variant, baseline) => {
    expect(() => pairedDifferences(variant, baseline)).toThrow(/same rounds/);
  });
});

describe('overheadRatio', () => {
  // Raw fetch drifts by ±40 µs from round to round (a busy neighbour), far more than either overhead, while within a
  // round the three variants see the same conditions: ours adds 10 µs, the reference 4 µs, each ±1 µs.
  const rounds = 60;
  const drift = noise(rounds, 7).map((n) => 150 + 40 * n);
  const jitterOurs = noise(rounds, 11);
  const jitterReference = noise(rounds, 13);
  const samples = {
    baseline: drift,
    ours: drift.map((raw, i) => raw + 10 + (jitterOurs[i] as number)),
    reference: drift.map((raw, i) => raw + 4 + (jitterReference[i] as number)),
  };

  it('recovers the overheads and their ratio through drift that swamps medians of separate samples', () => {
    const result = overheadRatio(samples);
    if (result.kind !== 'ratio') throw new Error(`expected a ratio, got ${result.kind}`);
    expect(result.ours.median).toBeCloseTo(10, 0);
    expect(result.reference.median).toBeCloseTo(4, 0);
    expect(result.ratio).toBeGreaterThan(2.2);
    expect(result.ratio).toBeLessThan(2.8);
    expect(result.low).toBeLessThanOrEqual(result.ratio);
    expect(result.high).toBeGreaterThanOrEqual(result.ratio);
    expect(result.low).toBeGreaterThan(2);
    expect(result.high).toBeLessThan(3.2);
    // What the old estimator saw: with one sample set per variant (here each variant's rounds shifted, as if measured
    // apart), the difference of medians is mostly drift.
    const apart = median(samples.reference.slice(30)) - median(samples.baseline.slice(0, 30));
    expect(Math.abs(apart - 4)).toBeGreaterThan(Math.abs(result.reference.median - 4));
  });

  it('gives exactly the ratio when every round agrees', () => {
    const baseline = range(1, 20).map((i) => 100 + i * 3);
    const result = overheadRatio({
      baseline,
      ours: baseline.map((raw) => raw + 9),
      reference: baseline.map((raw) => raw + 6),
    });
    expect(result).toMatchObject({ kind: 'ratio', ratio: 1.5, low: 1.5, high: 1.5 });
  });

  it('is reproducible: the bootstrap is seeded', () => {
    expect(overheadRatio(samples)).toEqual(overheadRatio(samples));
  });

  it('forms no ratio when the reference overhead cannot be told from zero', () => {
    const result = overheadRatio({
      baseline: samples.baseline,
      ours: samples.ours,
      // The reference adds nothing: its per-round differences are ±3 µs around 0.
      reference: samples.baseline.map((raw, i) => raw + 3 * (jitterReference[i] as number)),
    });
    expect(result.kind).toBe('indistinct');
    expect(result.reference.low).toBeLessThanOrEqual(0);
    expect(result.ours.median).toBeCloseTo(10, 0);
  });

  it('forms no ratio from too few rounds for an interval, however clear they look', () => {
    expect(overheadRatio({ baseline: [1, 1, 1], ours: [3, 3, 3], reference: [2, 2, 2] }).kind).toBe(
      'indistinct',
    );
  });
});

describe('pairedRatio', () => {
  // Over loopback a neighbour stretches whole rounds: the vendor's call drifts between 600 and 1,400 µs from round to
  // round, and within a round ours takes 1.03x the vendor's time, ±1 %.
  const rounds = 80;
  const vendor = noise(rounds, 17).map((n) => 1000 + 400 * n);
  const jitter = noise(rounds, 19);
  const ours = vendor.map((v, i) => v * 1.03 * (1 + 0.01 * (jitter[i] as number)));

  it('recovers the per-round ratio through drift that swamps a ratio of medians of separate samples', () => {
    const result = pairedRatio(ours, vendor);
    expect(result.median).toBeGreaterThan(1.02);
    expect(result.median).toBeLessThan(1.04);
    expect(result.low).toBeLessThanOrEqual(result.median);
    expect(result.high).toBeGreaterThanOrEqual(result.median);
    expect(result.low).toBeGreaterThan(1.01);
    expect(result.high).toBeLessThan(1.05);
    // What the old estimator saw: each variant's rounds taken apart (as if measured at different times), the ratio of
    // medians is mostly drift.
    const apart = median(ours.slice(0, 40)) / median(vendor.slice(40));
    expect(Math.abs(apart - 1.03)).toBeGreaterThan(Math.abs(result.median - 1.03));
  });

  it('gives exactly the ratio when every round agrees', () => {
    const reference = range(1, 20).map((i) => 500 + 25 * i);
    expect(
      pairedRatio(
        reference.map((v) => v * 1.25),
        reference,
      ),
    ).toEqual({ median: 1.25, low: 1.25, high: 1.25 });
  });

  it('is the median of per-round ratios, not a ratio of medians', () => {
    // Medians 10 and 10 (ratio 1), but in three rounds of five ours took twice the reference's time.
    expect(median([20, 20, 10, 10, 10]) / median([10, 10, 20, 20, 5])).toBe(1);
    expect(pairedRatio([20, 20, 10, 10, 10], [10, 10, 20, 20, 5]).median).toBe(2);
  });

  it('is reproducible: the bootstrap is seeded', () => {
    expect(pairedRatio(ours, vendor)).toEqual(pairedRatio(ours, vendor));
  });

  it('gives no interval from fewer than 6 rounds', () => {
    expect(pairedRatio([2, 4, 6], [1, 2, 3])).toEqual({
      median: 2,
      low: Number.NEGATIVE_INFINITY,
      high: Number.POSITIVE_INFINITY,
    });
  });

  it('widens its interval to the spread between processes when told which round ran where', () => {
    const perProcess = 40;
    const runs = range(0, 3 * perProcess - 1).map((i) => Math.floor(i / perProcess));
    const reference = noise(3 * perProcess, 23).map((n) => 1000 + 300 * n);
    const small = noise(3 * perProcess, 29);
    // Ours takes 1.02x the reference in two processes and 1.10x in the third.
    const variant = reference.map(
      (v, i) => v * (runs[i] === 2 ? 1.1 : 1.02) * (1 + 0.002 * (small[i] as number)),
    );
    expect(pairedRatio(variant, reference).high).toBeLessThan(1.04);
    expect(pairedRatio(variant, reference, { runs }).high).toBeGreaterThan(1.08);
  });
});

describe('pairedRatios', () => {
  it('divides round by round', () => {
    expect(pairedRatios([6, 9, 10], [3, 3, 4])).toEqual([2, 3, 2.5]);
  });

  it.each([
    ['different lengths', [1, 2], [1], /same rounds/],
    ['no rounds', [], [], /same rounds/],
    ['a zero reference', [1, 2], [1, 0], /round 1: 2 \/ 0/],
    ['a negative reference', [1, 2], [-1, 1], /positive reference/],
    ['a sample that is not a number', [Number.NaN, 2], [1, 1], /finite samples/],
  ])('refuses %s', (_, variant, reference, message) => {
    expect(() => pairedRatios(variant, reference)).toThrow(message);
  });
});

describe('pairedRounds', () => {
  it('runs every variant once per round, rotating the order and reversing it every other cycle', async () => {
    const order: string[] = [];
    const variant = (name: string, value: number) => async () => {
      order.push(name);
      return value + order.length;
    };
    const samples = await pairedRounds(
      { a: variant('a', 0), b: variant('b', 100), c: variant('c', 200) },
      { warmupMs: 0, budgetMs: 0, minRounds: 4, maxRounds: 4 },
    );
    expect(order.join('')).toBe(['abc', 'bca', 'cab', 'cba'].join(''));
    // Samples are kept in round order, so index i of each list comes from round i.
    expect(samples).toEqual({ a: [1, 6, 8, 12], b: [102, 104, 109, 111], c: [203, 205, 207, 210] });
  });

  it('puts each of two variants first as often as the other', async () => {
    const events: string[] = [];
    const variant = (name: string) => async () => {
      events.push(name);
      return 0;
    };
    await pairedRounds(
      { a: variant('a'), b: variant('b') },
      { warmupMs: 0, budgetMs: 0, minRounds: 4, maxRounds: 4 },
    );
    expect(events.join('')).toBe(['ab', 'ba', 'ba', 'ab'].join(''));
  });
});

describe('an in-memory target with no ratio', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paired-overhead-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('says why in RESULTS.md instead of printing NaN, and is not met', async () => {
    const file = join(dir, 'RESULTS.md');
    const detail = "no ratio: the vendor's overhead is not distinguishable from zero";
    await writeMarkdown(file, {
      command: 'pnpm bench',
      date: '2026-01-01T00:00:00.000Z',
      smoke: false,
      durationMs: 1,
      machine: {
        cpuModel: 'cpu',
        cores: 2,
        memoryGiB: 1,
        node: 'v20',
        platform: 'linux',
        loadAverage: [0, 0, 0],
      },
      comparisons: [
        {
          name: 'client-overhead',
          title: 'Client call overhead',
          status: 'ran',
          durationMs: 1,
          settings: {},
          rows: [],
          targets: [
            {
              description: 'in memory',
              measured: Number.NaN,
              comparator: '<=',
              limit: 1.5,
              met: false,
              detail,
            },
            {
              description: 'in memory, Node 22',
              measured: 1.234,
              comparator: '<=',
              limit: 1.5,
              met: true,
              detail: '95 % CI 1.10–1.40',
            },
          ],
          notes: [],
        },
      ],
    });
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(`| client-overhead | in memory | ${detail} | ≤ 1.50 | **MISSED** |`);
    expect(text).toContain('| in memory, Node 22 | 1.23 (95 % CI 1.10–1.40) | ≤ 1.50 | met |');
    expect(text).not.toContain('NaN');
  });
});
