// biome-ignore-all lint: measurement code, golfed for size on purpose; not product code.
// Prices the default behaviours of the from-scratch core (core.ts): bundles the size test's one-call fixture as it
// does (esbuild, browser ESM, minified, gzip -9), once as is, once per behaviour removed and once per message
// variant (messages.ts), and checks the bundle answers right against the mock. Every cut must match core.ts as it
// is: one that finds nothing throws (the price would be of nothing).
// Run from bench/: `npx tsx floor/price.ts` (add `--each` for what each string literal costs, emptied alone).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The workspace root's TypeScript (a dev dependency there), only to find the string literals of core.ts.
import ts from 'typescript';
import { bundleApp, createFetchHandler } from '../src/bundles.js';
import { MESSAGES, worded } from './messages.js';
import { emptied, literalSpans } from './spans.js';

const here = new URL('.', import.meta.url).pathname;
const source = readFileSync(join(here, 'core.ts'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'floor-'));

/** The size test's one-call fixture bundled as it bundles it, with the client swapped for `core`; its gzip bytes. */
async function size(name: string, core: string): Promise<{ gzip: number; file: string; code: Uint8Array }> {
  const file = name.replace(/\W+/g, '-');
  writeFileSync(join(dir, `${file}.ts`), core);
  const { code, gzip } = await bundleApp('core-one-call.ts', {
    '@blockindex/client': join(dir, `${file}.ts`),
  });
  return { gzip, file, code };
}

/** Prints the size and the bundle's answers for a known ticker and an unknown one. */
async function measure(name: string, core: string, run = true): Promise<number> {
  const { gzip, file, code } = await size(name, core);
  let answers = '(not run)';
  if (run) {
    writeFileSync(join(dir, `${file}.mjs`), code);
    const app = await import(join(dir, `${file}.mjs`));
    const handler = createFetchHandler({ seed: 1 });
    answers = `${await app.run(handler, 'ordi')} | ${await app.run(handler, 'zzzzq')}`;
  }
  console.log(`${name.padEnd(44)} ${String(gzip).padStart(5)} B   ${answers}`);
  return gzip;
}

/** `core` with `from` replaced by `to`, where `from` must occur exactly once. */
const without = (core: string, from: string, to: string): string => {
  const parts = core.split(from);
  if (parts.length !== 2) throw new Error(`${parts.length - 1} matches (want 1): ${from.slice(0, 60)}`);
  return parts.join(to);
};
/** `core` with the text from `start` up to (not including) `end` replaced by `to`. */
const cut = (core: string, start: string, end: string, to: string): string => {
  const a = core.indexOf(start);
  const b = core.indexOf(end, a);
  if (a < 0 || b < 0 || core.indexOf(start, a + 1) >= 0) throw new Error(`not found once: ${start}`);
  return core.slice(0, a) + to + core.slice(b);
};
/** Every `new TypeError(<literal>…)` / `new RangeError(<literal>…)` with its argument list replaced by `('x')`. */
const withoutProse = (core: string): string => {
  let out = '';
  let i = 0;
  let n = 0;
  for (const m of core.matchAll(/new (TypeError|RangeError)\(\s*[`'"]/g)) {
    const open = (m.index ?? 0) + m[0].indexOf('(');
    let depth = 0;
    let j = open;
    // Balanced parentheses; the messages hold no unbalanced ( or ) inside their text.
    for (; j < core.length; j++) {
      if (core[j] === '(') depth++;
      else if (core[j] === ')' && --depth === 0) break;
    }
    out += `${core.slice(i, open)}('x')`;
    i = j + 1;
    n++;
  }
  const all = core.match(/new (TypeError|RangeError)\(/g)?.length ?? 0;
  // `new RangeError(why)` passes a variable: every other construction must have been cut.
  if (n === 0 || n !== all - 1) throw new Error(`prose cut matched ${n} of ${all} constructions`);
  return out + core.slice(i);
};
/** The spans of whole string literals and whole template literals, substitutions included. */
const wholeLiterals = (core: string): { start: number; end: number }[] => {
  const file = ts.createSourceFile('core.ts', core, ts.ScriptTarget.Latest, true);
  const out: { start: number; end: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateExpression(node)
    ) {
      // An import specifier or a literal type stays: only values are emptied.
      if (!ts.isImportDeclaration(node.parent) && !ts.isLiteralTypeNode(node.parent))
        out.push({ start: node.getStart(file) + 1, end: node.getEnd() - 1 });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
};
const ours = await bundleApp('core-one-call.ts');
console.log(
  `${'ours: @blockindex/client as built'.padEnd(44)} ${String(ours.gzip).padStart(5)} B   (the size test runs it)`,
);
const today = await measure('from scratch, our behaviours', source);
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
await measure('- TypeError/RangeError prose', withoutProse(source));
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
    without(
      cut(source, "const w = got.headers.get('warning');", 'pacer?.observe(', ''),
      'onWarning = warnOnce }',
      '}',
    ),
    'const warned = new Set();',
    '',
  ),
);
console.log('');
const pinned = await measure(
  'messages: shortest passing every test',
  worded(source, (m) => m.pinned),
);
const pre = await measure(
  'messages: shortest passing pre-issue tests',
  worded(source, (m) => m.preIssue),
);
const all = literalSpans(source);
const none = await measure('every string literal emptied', emptied(source, all), false);
// The literal texts inside the messages of messages.ts (the rest are names: options, headers, classes, the path).
const spans = MESSAGES.map((m) => ({ start: source.indexOf(m.at), end: source.indexOf(m.at) + m.at.length }));
const TYPEOF = ['function', 'object', 'string', 'number', 'boolean', 'bigint'];
const inMessages = all.filter(
  (l) => !TYPEOF.includes(l.text) && spans.some((s) => l.start >= s.start && l.end <= s.end),
);
const noMessages = await measure('every message literal emptied', emptied(source, inMessages));
// The same, one class of messages.ts at a time: what the messages of that class cost together.
for (const cls of ['a', 'a+c', 'a+b', 'b', 'c']) {
  const rows = MESSAGES.filter((m) => m.cls === cls);
  const theirs = inMessages.filter((l) =>
    rows.some((m) => l.start >= source.indexOf(m.at) && l.end <= source.indexOf(m.at) + m.at.length),
  );
  const gzip = (await size(`class-${cls}`, emptied(source, theirs))).gzip;
  console.log(
    `  class ${cls.padEnd(4)} ${String(rows.length).padStart(2)} messages, ${String(theirs.length).padStart(2)} literal texts: ${today - gzip} B`,
  );
}
const whole = wholeLiterals(source);
// A template emptied whole loses its substitutions too (`${a} must be ${b}` becomes ``).
await measure('every string and template emptied whole', emptied(source, whole), false);
console.log(
  `\nsaved: ${today - pinned} B (pinned), ${today - pre} B (pre-issue only), ${today - noMessages} B (the ${inMessages.length} literal texts of messages), ${today - none} B (all ${all.length} literal texts)`,
);

if (process.argv.includes('--each')) {
  // What each literal costs: the bundle with that one literal's text emptied (not run: some no longer work).
  const rows: [number, number, string][] = [];
  for (const [i, l] of all.entries()) {
    if (l.text.length < 4) continue;
    const { gzip } = await size(`each-${i}`, emptied(source, [l]));
    rows.push([today - gzip, l.line, l.text]);
  }
  rows.sort((a, b) => b[0] - a[0]);
  console.log('\nB saved  line  literal (emptied alone)');
  for (const [d, line, text] of rows.slice(0, 25))
    console.log(`${String(d).padStart(7)}  ${String(line).padStart(4)}  ${text.slice(0, 90)}`);
}
