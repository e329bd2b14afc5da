// biome-ignore-all lint: measurement code, not product code.
// Prices the one-page floor (one-page.ts = product.ts + a from-scratch getAddressTransactions page with getNextPage)
// as the size test measures the one-page fixture (core-one-page.ts): the whole floor, each behaviour cut alone at its
// markers, all of them cut (a bare page: first page and an overlapping next page, no checks, no re-org search), and
// the one-call fixture on product.ts for reference. Every bundle runs against the mock and must answer as the product.
// Run from bench/: `npx tsx floor/one-page-price.ts`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFetchHandler } from '../src/bundles.js';
import { cut, regions } from './measure.js';
import { measureApp, product } from './measure-app.js';

const here = new URL('.', import.meta.url).pathname;
const source = readFileSync(join(here, 'one-page.ts'), 'utf8');
const FIXTURE = 'core-one-page.ts';
const INPUTS = [createFetchHandler({ seed: 1 }).world.fixtures.address];

const ours = await product(FIXTURE, INPUTS);
const full = await measureApp(FIXTURE, 'one-page floor (one-page.ts), everything', source, INPUTS, ours.said);
const rows: [string, number][] = [];
for (const name of regions(source))
  rows.push([name, full - (await measureApp(FIXTURE, `- ${name}`, cut(source, name), INPUTS, ours.said))]);
let none = source;
for (const name of regions(source)) none = cut(none, name);
const bare = await measureApp(FIXTURE, '- every behaviour (a bare page)', none, INPUTS, ours.said);
const oneCall = await measureApp(
  'core-one-call.ts',
  'one-call fixture on product.ts',
  readFileSync(join(here, 'product.ts'), 'utf8'),
  ['ordi', 'zzzzq'],
  ['ordi 21000000.000000000000000000', 'no such token'],
);

// What the verdict names: the behaviours whose removal would meet the target.
await measureApp(
  FIXTURE,
  '- pcheck, reorg and param',
  cut(cut(cut(source, 'pcheck'), 'reorg'), 'param'),
  INPUTS,
  ours.said,
);

console.log('\n| behaviour | saved when cut alone |\n| --- | ---: |');
for (const [name, saved] of rows) console.log(`| ${name} | ${saved.toLocaleString('en')} B |`);
console.log(
  `\none call on product.ts ${oneCall} B; bare page ${bare} B (+${bare - oneCall} B); one-page floor ${full} B (behaviours together ${full - bare} B); product ${ours.gzip} B; target 5,500 B: ${full <= 5500 ? `${5500 - full} B under` : `${full - 5500} B over`}`,
);
