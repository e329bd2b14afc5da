import { defineConfig } from 'tsup';

export default defineConfig([
  {
    // The library entries. `index` and `browser` must stay free of `node:*` imports: only `node`, `server`
    // (and the CLI) may load them, and the package's `exports` keep those away from browsers.
    entry: {
      index: 'src/index.ts',
      msw: 'src/msw.ts',
      node: 'src/node.ts',
      browser: 'src/browser.ts',
      server: 'src/server.ts',
    },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
  },
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
