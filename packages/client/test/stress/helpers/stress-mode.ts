/**
 * `STRESS_MODE=short` (what CI sets through `pnpm test`) shrinks the stress suites to a CI-friendly size;
 * anything else runs them at full size.
 */
export const STRESS_MODE: 'short' | 'full' = process.env.STRESS_MODE === 'short' ? 'short' : 'full';

/** Picks the figure of the current mode. */
export function bySize<T>(sizes: { short: T; full: T }): T {
  return sizes[STRESS_MODE];
}
