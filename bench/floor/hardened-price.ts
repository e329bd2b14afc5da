// biome-ignore-all lint: measurement code, not product code.
// Prices the hardened floor (hardened.ts = product.ts + the nine opt-in guards) as the size test measures the
// hardened fixture (core-hardened-call.ts, every guard on): the whole floor, each guard cut alone at its markers (it
// becomes an empty guard), every guard cut, and the one-call fixture on product.ts for reference. Every bundle runs
// against the mock and must answer as the product does (measure-app.ts).
// Run from bench/: `npx tsx floor/hardened-price.ts`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cut, regions } from './measure.js';
import { measureApp, product } from './measure-app.js';

const here = new URL('.', import.meta.url).pathname;
const source = readFileSync(join(here, 'hardened.ts'), 'utf8');
const FIXTURE = 'core-hardened-call.ts';
const INPUTS = ['ordi', 'zzzzq'];

const ours = await product(FIXTURE, INPUTS);
const m = (name: string, src: string) => measureApp(FIXTURE, name, src, INPUTS);
const full = await measureApp(
  FIXTURE,
  'hardened floor (hardened.ts), every guard',
  source,
  INPUTS,
  ours.said,
);
const rows: [string, number][] = [];
for (const name of regions(source)) rows.push([name, full - (await m(`- ${name}`, cut(source, name)))]);
let none = source;
for (const name of regions(source)) none = cut(none, name);
const empty = await m('- every guard (product.ts with empty guards)', none);
const oneCall = await measureApp(
  'core-one-call.ts',
  'one-call fixture on product.ts',
  readFileSync(join(here, 'product.ts'), 'utf8'),
  INPUTS,
  ['ordi 21000000.000000000000000000', 'no such token'],
);

// What the verdict names: pairs of guards whose removal would meet the target.
const pairs: [string, string][] = [
  ['jsonStructureLimit', 'longTimers'],
  ['statusPhrases', 'middleware'],
];
for (const [a, b] of pairs) await m(`- ${a} and ${b}`, cut(cut(source, a), b));

console.log('\n| guard | saved when cut alone |\n| --- | ---: |');
for (const [name, saved] of rows) console.log(`| ${name} | ${saved.toLocaleString('en')} B |`);
console.log(
  `\none call on product.ts ${oneCall} B; hardened fixture with empty guards ${empty} B (+${empty - oneCall} B: the fixture's own code and imports); hardened floor ${full} B (guards together ${full - empty} B); product ${ours.gzip} B; target 6,500 B: ${full <= 6500 ? `${6500 - full} B under` : `${full - 6500} B over`}`,
);
