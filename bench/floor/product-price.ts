// biome-ignore-all lint: measurement code, not product code.
// Prices the floor with the product's guarantees (product.ts) as independent-price.ts prices the independent floor
// (shared: measure.ts): the whole file, each behaviour it adds to independent.ts cut out alone at its markers, all of
// them cut together (what is left differs from independent.ts only by messages aligned to the tests' texts), and the
// behaviours issue 31's discussion names, cut from this floor.
// Run from bench/: `npx tsx floor/product-price.ts`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cut, measure, ours } from './measure.js';

const here = new URL('.', import.meta.url).pathname;
const source = readFileSync(join(here, 'product.ts'), 'utf8');
const independent = readFileSync(join(here, 'independent.ts'), 'utf8');

/** What product.ts adds to independent.ts, by marker. */
const ADDED: [string, string][] = [
  ['apipromise', 'ApiPromise: withResponse(), no unhandled rejection either way'],
  ['hooks', 'hook points: guards (header, body, around, retryAfter, timer), pacer, their checks'],
  ['ctors', 'API error classes constructible from their fields'],
  ['brand', 'cross-copy brands (errors by Symbol.hasInstance, the core by Symbol.for)'],
  ['once', 'a caller signal linked once however many calls share it'],
  ['reasons', "abort reasons: TimeoutError on a time limit, the caller's reason"],
  ['baseurl', 'detailed base URL messages'],
  ['strict', 'option details: integer maxRetries, maxResponseBytes >= 1'],
  ['hdrname', 'a response header named after a credential dropped'],
  ['errhooks', 'error hook points: redactBody, phrase, html, details, hint'],
  ['clip', 'messages cut: the path at 100 characters, a text body on one line at 200'],
  ['jsonecho', 'a credential echoed in a JSON error body as JSON spells it (\\" and \\\\ escaped) redacted'],
];

await ours();
const base = await measure('independent floor (independent.ts)', independent);
const full = await measure('product floor (product.ts), everything', source);
const rows: [string, number][] = [];
for (const [name, what] of ADDED) rows.push([what, full - (await measure(`- ${name}`, cut(source, name)))]);
let none = source;
for (const [name] of ADDED) none = cut(none, name);
const aligned = await measure('- every addition (messages aligned to the tests remain)', none);
console.log('\nthe issue discussion’s items, cut from the product floor:');
const named: [string, string][] = [
  ['checks', 'option checks'],
  ['escape', 'control characters escaped'],
  ['bound', 'bounded read'],
  ['warn', 'deprecation warnings'],
];
for (const [name, what] of named)
  rows.push([
    `(${what})`,
    full - (await measure(`- ${name}`, cut(source, name, name === 'escape' ? 's' : ''))),
  ]);
rows.push([
  '(manual redirects)',
  full - (await measure('- manual redirects', cut(cut(source, 'redirects'), 'manual', "'follow'"))),
]);

console.log('\n| behaviour | saved when cut alone |\n| --- | ---: |');
for (const [what, saved] of rows) console.log(`| ${what} | ${saved.toLocaleString('en')} B |`);
console.log(
  `\nindependent ${base} B; messages aligned +${aligned - base} B; product floor ${full} B; additions together ${full - aligned} B; target 5,000 B: ${full <= 5000 ? `${5000 - full} B under` : `${full - 5000} B over`}`,
);
