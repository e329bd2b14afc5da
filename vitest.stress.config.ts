import { defineConfig } from 'vitest/config';

// `pnpm test:stress`: the long hardening suites (fuzzing, load, soak). STRESS_MODE=short (CI) shrinks their counts.
export default defineConfig({
  test: {
    include: ['packages/*/test/stress/**/*.stress.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
