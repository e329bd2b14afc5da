/**
 * `STRESS_MODE=short` (what CI sets through `pnpm test`) shrinks the stress suites to a CI-friendly size;
 * anything else runs them at full size.
 */
export const STRESS_MODE: 'short' | 'full' = process.env.STRESS_MODE === 'short' ? 'short' : 'full';

/** Picks the figure of the current mode. */
export function bySize<T>(sizes: { short: T; full: T }): T {
  return sizes[STRESS_MODE];
}

/** A seed to replay a failing run (fast-check prints the one it used), from `FUZZ_SEED`. */
export function fuzzSeed(): number | undefined {
  const seed = process.env.FUZZ_SEED;
  return seed === undefined || seed === '' ? undefined : Number(seed);
}
