// biome-ignore-all lint: measurement code, not product code.
// Runs the client's test files of the opt-in guards that use only what the hardened app ships against the hardened
// floor: the client's `src/index.js` is aliased to `hardened.ts`, and what json-cost.test.ts imports from the guards
// and the counter to `hardened-shim.ts` (the floor's counter on the decoded text).
// Run from the repository root: `pnpm exec vitest run --config bench/floor/hardened.vitest.config.ts`.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// FLOOR_CORE names another build of the floor (a variant with a guard cut out).
const floor = process.env.FLOOR_CORE ?? fileURLToPath(new URL('./hardened.ts', import.meta.url));
const shim = fileURLToPath(new URL('./hardened-shim.ts', import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^(\.\.\/)+src\/index\.js$/, replacement: floor },
      { find: /^(\.\.\/)+src\/(guards|internal\/json-cost)\.js$/, replacement: shim },
    ],
  },
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: [
      'packages/client/test/opt-in-guards.test.ts',
      'packages/client/test/internal/body-redaction.test.ts',
      'packages/client/test/internal/json-cost.test.ts',
      'packages/client/test/internal/signals.test.ts',
    ],
  },
});
