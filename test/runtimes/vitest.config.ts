import { defineConfig } from 'vitest/config';

// Cells waiting for a change on another branch are listed here, left out of `pnpm test` so CI stays green, and
// run with BLOCKINDEX_MATRIX_ALL=1. None today.
const pending: string[] = [];

// The runtime matrix (issue 12: other Node versions, msw 2 and 3, Jest, Bun, Deno, workerd and host recipes) and the
// consumer matrix (issue 20, test/consumers: each package installed by npm from its tarball as its README says).
// Run by `pnpm test` after the main suites; `pnpm test:runtimes` runs it alone. Cells run one at a time: each
// spawns a runtime that wants both cores of a small CI machine.
export default defineConfig({
  test: {
    name: 'runtimes',
    root: new URL('..', import.meta.url).pathname,
    include: ['runtimes/**/*.test.ts', 'consumers/*.test.ts'],
    exclude: [
      'runtimes/fixtures/**',
      '**/node_modules/**',
      ...(process.env.BLOCKINDEX_MATRIX_ALL ? [] : pending),
    ],
    globalSetup: ['./runtimes/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 900_000,
    hookTimeout: 900_000,
  },
});
