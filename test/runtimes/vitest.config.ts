import { defineConfig } from 'vitest/config';

// Cells whose dependency has not landed yet (see each file's header): left out of `pnpm test` so CI stays green,
// run with BLOCKINDEX_MATRIX_ALL=1. bun.test.ts waits for the client's ApiPromise/PagePromise to become real Promises (branch client).
const pending = ['bun.test.ts'];

// The runtime matrix (issue 12): other Node versions, msw 2 and 3, Jest, Bun, Deno, workerd and host recipes.
// Run by `pnpm test` after the main suites; `pnpm test:runtimes` runs it alone. Cells run one at a time: each
// spawns a runtime that wants both cores of a small CI machine.
export default defineConfig({
  test: {
    name: 'runtimes',
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.test.ts'],
    exclude: ['fixtures/**', '**/node_modules/**', ...(process.env.BLOCKINDEX_MATRIX_ALL ? [] : pending)],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 900_000,
    hookTimeout: 900_000,
  },
});
