import { defineConfig } from 'vitest/config';

// One run over every package's own vitest config, so `pnpm test` reports a single total.
export default defineConfig({
  test: {
    projects: [
      'spec',
      'packages/*',
      'examples/*',
      // Jest's example runs under Jest, in the runtime matrix (test/runtimes).
      '!examples/jest',
      { test: { name: 'docs', include: ['test/docs/**/*.test.ts'], testTimeout: 60_000 } },
      // The benchmarks' own logic (estimators, reports): pure functions, no timing.
      { test: { name: 'bench', include: ['test/bench/**/*.test.ts'] } },
      {
        test: {
          name: 'packaging',
          include: ['test/packaging/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
