import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  // `@internal` members (constructors taking the pager's private types) stay out of the published types, and with
  // them every internal type they mention.
  dts: { compilerOptions: { stripInternal: true } },
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
