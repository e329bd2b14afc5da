import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'mock',
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/helpers/fast-check-seed.ts'],
    // Type tests (`test/**/*.test-d.ts`) are compiled by `pnpm typecheck` (this package's tsconfig includes
    // test/), where a failed expectTypeOf or an unused @ts-expect-error is a type error; vitest's own typecheck
    // mode did the same work again and printed an "experimental feature" notice on every run.
    // The property and HTTP suites make thousands of requests; give slow shared CI machines room.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
