import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'query',
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/helpers/fast-check-seed.ts'],
    // Type tests (`test/**/*.test-d.ts`) are compiled by `pnpm typecheck` (this package's tsconfig includes
    // test/), where a failed expectTypeOf or an unused @ts-expect-error is a type error; vitest's own typecheck
    // mode did the same work again and printed an "experimental feature" notice on every run.
  },
});
