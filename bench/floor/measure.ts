// biome-ignore-all lint: measurement code, not product code.
// What the floor price scripts share: cutting a behaviour out of a floor's source at its `/*<name*/ ... /*name>*/`
// markers, and measuring a floor as the size test measures (the one-call fixture through bundleApp: esbuild, browser
// ESM, minified, gzip -9, `@blockindex/client` aliased to the floor), each bundle run against the mock's fetch handler
// (no network: `ordi` must give the token, `zzzzq` a NotFoundError).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleApp, createFetchHandler } from '../src/bundles.js';

/** `core` with every `/*<name*\/ ... /*name>*\/` region replaced by `to`; at least one must exist. */
export function cut(core: string, name: string, to = ''): string {
  const re = new RegExp(`/\\*<${name}\\*/[\\s\\S]*?/\\*${name}>\\*/`, 'g');
  const n = core.match(re)?.length ?? 0;
  if (n === 0) throw new Error(`no region ${name}`);
  return core.replace(re, to);
}

/** The marker names of `core`, in order of first appearance. */
export function regions(core: string): string[] {
  return [...new Set([...core.matchAll(/(?<!`)\/\*<(\w+)\*\//g)].map((m) => m[1]!))];
}

const dir = mkdtempSync(join(tmpdir(), 'floor-'));

/** Bundles the fixture against `core`, runs it against the mock, prints and returns its gzip bytes. */
export async function measure(name: string, core: string): Promise<number> {
  const file = name.replace(/\W+/g, '-');
  writeFileSync(join(dir, `${file}.ts`), core);
  const { code, gzip } = await bundleApp('core-one-call.ts', {
    '@blockindex/client': join(dir, `${file}.ts`),
  });
  writeFileSync(join(dir, `${file}.mjs`), code);
  const app = await import(join(dir, `${file}.mjs`));
  const handler = createFetchHandler({ seed: 1 });
  const found = await app.run(handler, 'ordi');
  const missing = await app.run(handler, 'zzzzq');
  if (!found.startsWith('ordi ') || missing !== 'no such token')
    throw new Error(`${name}: ${found} | ${missing}`);
  console.log(`${name.padEnd(58)} ${String(gzip).padStart(5)} B   ${found} | ${missing}`);
  return gzip;
}

/** Our one-call app as built, printed and returned. */
export async function ours(): Promise<number> {
  const { gzip } = await bundleApp('core-one-call.ts');
  console.log(`${'@blockindex/client as built'.padEnd(58)} ${String(gzip).padStart(5)} B`);
  return gzip;
}
