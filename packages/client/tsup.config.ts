import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  // `@internal` members (constructors taking the pager's private types) stay out of the published types, and with
  // them every internal type they mention.
  // The spec's types and constants are inlined, in the JavaScript and in the declarations: the published package
  // needs neither the spec (a devDependency) nor its 0.9 MB of documents, and its .d.ts imports nothing of it.
  dts: {
    compilerOptions: {
      stripInternal: true,
      // Paths inside the repository, not packages, so the declaration bundler inlines them.
      paths: {
        '@blockindex/spec/types': ['../../spec/dist/types.d.ts'],
        '@blockindex/spec/constants': ['../../spec/dist/constants.d.ts'],
      },
    },
  },
  noExternal: ['@blockindex/spec'],
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
