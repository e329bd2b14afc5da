import { defineConfig, type Options } from 'tsup';

// The library entries. `index`, `msw` and `browser` must stay free of `node:*` imports: only `node`, `server`
// (and the CLI) may load them, and the package's `exports` keep those away from browsers.
const entries = {
  index: 'src/index.ts',
  msw: 'src/msw.ts',
  node: 'src/node.ts',
  browser: 'src/browser.ts',
  server: 'src/server.ts',
};

// Declarations are bundled one entry at a time: bundled together, rollup-plugin-dts splits the types the
// entries share into chunks that import each other (its "circular dependency between chunks" warnings).
const declarations = (name: keyof typeof entries): Options => ({
  entry: { [name]: entries[name] },
  format: ['esm', 'cjs'],
  dts: { only: true },
  clean: false,
});

export default defineConfig([
  {
    entry: entries,
    format: ['esm', 'cjs'],
    dts: false,
    sourcemap: true,
    clean: false, // the build script empties dist first: these configs run in parallel
    target: 'es2022',
  },
  ...(Object.keys(entries) as (keyof typeof entries)[]).map(declarations),
  {
    // `bin/blockindex-mock.js` (which carries the shebang) imports this ESM file; no types, no CJS.
    entry: { cli: 'src/hosts/node/cli.ts' },
    format: ['esm'],
    dts: false,
    sourcemap: true,
    clean: false,
    target: 'es2022',
  },
]);
