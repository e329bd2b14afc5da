import { fileURLToPath } from 'node:url';
import { defineConfig, type Options } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

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

// msw 2 and 3 load ESM-only packages, so `require("msw/node")` fails in CommonJS Jest with an error about
// some package deep inside msw. In the CommonJS builds every `require("msw…")` goes through
// `explainMswRequireFailure`, which says what failed and what works instead. The ESM builds import msw as is.
const mswPattern = /^msw(\/.*)?$/;
const explainer = fileURLToPath(new URL('src/hosts/msw/require-failure.ts', import.meta.url));
const explainMswRequires: EsbuildPlugin = {
  name: 'explain-msw-requires',
  setup(build) {
    const cjs = build.initialOptions.format === 'cjs';
    build.onResolve({ filter: mswPattern }, (args) =>
      cjs && args.namespace !== 'msw-require'
        ? { path: args.path, namespace: 'msw-require' }
        : { path: args.path, external: true },
    );
    build.onLoad({ filter: /.*/, namespace: 'msw-require' }, (args) => ({
      contents: [
        `const { explainMswRequireFailure } = require(${JSON.stringify(explainer)});`,
        `try { module.exports = require(${JSON.stringify(args.path)}); }`,
        `catch (error) { throw explainMswRequireFailure(${JSON.stringify(args.path)}, error); }`,
      ].join('\n'),
      loader: 'js',
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
    }));
  },
};

// The default world's snapshot (170 kB) is a file of its own that the chunks import, so package.json's `browser`
// field can put an empty one in its place in browser bundles.
const snapshotPattern = /\/generated\/default-world$/;
const snapshotFile: EsbuildPlugin = {
  name: 'default-world-file',
  setup(build) {
    const file = build.initialOptions.format === 'cjs' ? './default-world.cjs' : './default-world.js';
    build.onResolve({ filter: snapshotPattern }, (args) =>
      args.kind === 'entry-point' ? undefined : { path: file, external: true },
    );
  },
};

export default defineConfig([
  {
    entry: {
      ...entries,
      'default-world': 'src/world/generated/default-world.ts',
      'default-world-browser': 'src/world/default-world-browser.ts',
    },
    format: ['esm', 'cjs'],
    // msw is resolved by the plugin above (still external in every build), not by tsup's list of peers.
    noExternal: [mswPattern],
    esbuildPlugins: [explainMswRequires, snapshotFile],
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
