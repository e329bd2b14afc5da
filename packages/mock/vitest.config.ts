import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'mock',
    include: ['test/**/*.test.ts'],
    typecheck: { enabled: true, include: ['test/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    // The property and HTTP suites make thousands of requests; give slow shared CI machines room.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
