// biome-ignore-all lint: measurement code, golfed for size on purpose; not product code.
// Prices the default behaviours of the from-scratch core (core.ts): bundles the size test's one-call fixture as it
// does (esbuild, browser ESM, minified, gzip -9), once as is and once per behaviour removed, and
// checks the bundle answers right against the mock. Run from bench/: `npx tsx floor/price.ts`.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleApp, createFetchHandler } from '../src/bundles.js';

const here = new URL('.', import.meta.url).pathname;
const source = readFileSync(join(here, 'core.ts'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'floor-'));

/** The size test's one-call fixture, bundled as it bundles it, with the client swapped for `core`. */
async function measure(name: string, core: string): Promise<void> {
  const file = name.replace(/\W+/g, '-');
  writeFileSync(join(dir, `${file}.ts`), core);
  const { code, gzip } = await bundleApp('core-one-call.ts', {
    '@blockindex/client': join(dir, `${file}.ts`),
  });
  writeFileSync(join(dir, `${file}.mjs`), code);
  const { run } = await import(join(dir, `${file}.mjs`));
  const handler = createFetchHandler({ seed: 1 });
  const answers = `${await run(handler, 'ordi')} | ${await run(handler, 'zzzzq')}`;
  console.log(`${name.padEnd(36)} ${String(gzip).padStart(5)} B   ${answers}`);
}

/** `core` with `from` replaced by `to`; a missing `from` is an error (the price would be of nothing). */
const without = (core: string, from: string | RegExp, to: string): string => {
  const out = core.replace(from, to);
  if (out === core) throw new Error(`not found: ${String(from).slice(0, 60)}`);
  return out;
};
const cut = (core: string, start: string, end: string, to: string): string => {
  const a = core.indexOf(start);
  const b = core.indexOf(end, a);
  if (a < 0 || b < 0) throw new Error(`not found: ${start}`);
  return core.slice(0, a) + to + core.slice(b);
};

await measure('from scratch, our behaviours', source);
await measure(
  '- option checks',
  without(without(source, "check(o, CORE_KEYS, 'createCore options');", ''), 'check(options, REQ), ', ''),
);
await measure(
  '- manual redirects',
  cut(source, 'for (let hop = 0;', "const w = got.headers.get('warning');", 'got = await f(cur);\n'),
);
await measure(
  '- bounded read',
  cut(source, 'if (!done.body || max === INF)', 'if (!done.ok) {', 'text = await done.text(); }\n'),
);
await measure(
  '- control characters escaped',
  without(source, 't.replace(/[\\u0000', 't;0&&t.replace(/[\\u0000'),
);
await measure(
  '- TypeError/RangeError prose',
  source.replace(/new (TypeError|RangeError)\(`[^`]*`\)/g, "new $1('x')"),
);
await measure(
  '- path parameter checks',
  cut(
    source,
    'const v = Object.hasOwn(params.path, k)',
    '}) + (q[0] ?',
    'return encodeURIComponent(params.path[k]);\n',
  ),
);
await measure(
  '- detailed base URL messages',
  cut(
    source,
    'function baseOf',
    'const setH',
    "function baseOf(b: any, opt = 'baseUrl') { const u = new URL(b); if (!/^https?:$/.test(u.protocol) || u.username || u.search) throw new TypeError(`${opt} must be an absolute http(s) URL`); return u.href.replace(/\\/+$/, ''); }\n",
  ),
);
await measure(
  '- response header redaction',
  without(
    source,
    'const redH = (h: Headers, s: string[] = []) => {',
    'const redH = (h: Headers, _s: string[] = []) => h; const _r = (h: Headers, s: string[] = []) => {',
  ),
);
await measure(
  '- deprecation warnings',
  without(
    source,
    'if (w !== null && !warned.has(op.id)) { warned.add(op.id); onWarning({ operation: op.id, warning: red(w, secrets), replacement: op.replacement, url: red(got.url, secrets) }); }',
    '',
  ),
);
