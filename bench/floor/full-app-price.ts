// biome-ignore-all lint: measurement code, not product code.
// Prices the full-app floor (full-app.ts = hardened.ts + the from-scratch pager + what createClient adds) as the size
// test measures the full-app fixture (full-app.ts, every feature used): the whole floor, run against the mock, must
// answer as the product does; then each addition cut alone at its markers. A cut the fixture cannot run without
// (iteration, pages) is bundled and measured but not run; every other cut runs and must not throw.
// Run from bench/: `npx tsx floor/full-app-price.ts`.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleApp, createFetchHandler } from '../src/bundles.js';
import { cut, regions } from './measure.js';
import { measureApp, placed, product } from './measure-app.js';

const here = new URL('.', import.meta.url).pathname;
const source = readFileSync(join(here, 'full-app.ts'), 'utf8');
const FIXTURE = 'full-app.ts';
const { fixtures } = createFetchHandler({ seed: 1 }).world;
// measure-app.ts runs `app.run(fetch, input)`: the full-app fixture takes the world's fixtures object.
const INPUTS = [fixtures as never as string];
const RUNS_WITHOUT = new Set(['items', 'pages']);
const dir = mkdtempSync(join(tmpdir(), 'full-app-price-'));

/** Bundled size of the fixture on `src`, not run (the fixture needs what was cut). */
async function size(name: string, src: string): Promise<number> {
  const file = join(dir, `${name.replace(/\W+/g, '-')}.ts`);
  writeFileSync(file, placed(src));
  const { gzip } = await bundleApp(FIXTURE, { '@blockindex/client': file });
  console.log(`${name.padEnd(62)} ${String(gzip).padStart(5)} B   (not run: the fixture needs it)`);
  return gzip;
}
const m = (name: string, src: string) =>
  RUNS_WITHOUT.has(name.slice(2)) ? size(name, src) : measureApp(FIXTURE, name, src, INPUTS);

const ours = await product(FIXTURE, INPUTS);
const full = await measureApp(FIXTURE, 'full-app floor (full-app.ts), everything', source, INPUTS, ours.said);
const rows: [string, number][] = [];
for (const name of regions(source)) rows.push([name, full - (await m(`- ${name}`, cut(source, name)))]);
// Prefetch lives in the pager: priced with a copy of pager/ whose `prefetching` is the identity.
const stub = join(dir, 'pager');
mkdirSync(stub);
for (const f of readdirSync(join(here, 'pager'))) copyFileSync(join(here, 'pager', f), join(stub, f));
writeFileSync(join(stub, 'prefetch.ts'), 'export const prefetching = (get: any, _n: number) => get;\n');
rows.push([
  'prefetch',
  full - (await m('- prefetch', source.replaceAll("from './pager/", `from '${stub}/`))),
]);
let none = source;
for (const name of regions(source)) none = cut(none, name);
const bare = await size('- every addition', none);
const hardened = await measureApp(
  'core-hardened-call.ts',
  'hardened fixture on hardened.ts',
  readFileSync(join(here, 'hardened.ts'), 'utf8'),
  ['ordi', 'zzzzq'],
);

// Which default guard of createClient would have to become opt-in: each taken off the client's list alone.
const guards: [string, number][] = [];
for (const g of [...source.matchAll(/^ {6}(\w+)\((?:\.\.\.use)?\),$/gm)].map((x) => x[0])) {
  const name = g.trim().replace(/\(.*/, '');
  guards.push([name, full - (await m(`- ${name}() off in createClient`, source.replace(g + '\n', '')))]);
}

console.log('\n| guard off in createClient | saved |\n| --- | ---: |');
for (const [name, saved] of guards) console.log(`| ${name}() | ${saved.toLocaleString('en')} B |`);
console.log('\n| addition | saved when cut alone |\n| --- | ---: |');
for (const [name, saved] of rows) console.log(`| ${name} | ${saved.toLocaleString('en')} B |`);
console.log(
  `\nhardened fixture on hardened.ts ${hardened} B; full-app fixture with every addition cut ${bare} B; full-app floor ${full} B; product ${ours.gzip} B; target 12,000 B: ${full <= 12000 ? `${12000 - full} B under` : `${full - 12000} B over`}`,
);
