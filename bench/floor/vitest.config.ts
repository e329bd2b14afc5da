// biome-ignore-all lint: measurement code, not product code.
// Runs client test files that use only what the one-call app ships (createCore, getBrc20Token, error classes) against
// the floor with the product's guarantees: the client's `src/index.js` is aliased to `product.ts`.
// Run from the repository root: `pnpm exec vitest run --config bench/floor/vitest.config.ts`.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// FLOOR_CORE names another build of the floor (a variant with a behaviour cut out).
const floor = process.env.FLOOR_CORE ?? fileURLToPath(new URL('./product.ts', import.meta.url));

export default defineConfig({
  resolve: { alias: [{ find: /^(\.\.\/)+src\/index\.js$/, replacement: floor }] },
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['packages/client/test/internal/signals.test.ts'],
  },
});
