// The stress suites' figures (requests fuzzed, faults survived, memory) are printed and also recorded here, so
// `pnpm bench` can put the last full `pnpm test:stress` run into bench/RESULTS.md next to the benchmarks.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const RESULTS = new URL('../../bench/results/', import.meta.url).pathname;

/** One stress run's figures: `hardening.json` for a full run, `hardening-short.json` (not committed) for CI's. */
interface StressFigures {
  mode: 'short' | 'full';
  date: string;
  suites: Record<string, string[]>;
}

/** Prints a suite's figures and records them under its name in the current mode's file. */
export function recordStressFigures(suite: string, mode: 'short' | 'full', lines: string[]): void {
  console.log(lines.join('\n'));
  const file = join(RESULTS, mode === 'full' ? 'hardening.json' : 'hardening-short.json');
  let figures: StressFigures = { mode, date: new Date().toISOString(), suites: {} };
  try {
    const previous = JSON.parse(readFileSync(file, 'utf8')) as StressFigures;
    // Suites of the same run (within the hour) are merged; an older file is started afresh.
    if (Date.now() - Date.parse(previous.date) < 3_600_000) figures = previous;
  } catch {}
  figures.suites[suite] = lines;
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
}
