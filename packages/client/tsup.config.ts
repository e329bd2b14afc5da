import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  // `@internal` members (constructors taking the pager's private types) stay out of the published types, and with
  // them every internal type they mention.
  // The spec's types and constants are inlined: the published package needs neither the spec nor its document.
  dts: {
    compilerOptions: {
      stripInternal: true,
      // A path inside the repository, not a package, so the declaration bundler inlines it.
      paths: { '@blockindex/spec/types': ['../../spec/dist/types.d.ts'] },
    },
  },
  noExternal: ['@blockindex/spec'],
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
