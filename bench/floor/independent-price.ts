// biome-ignore-all lint: measurement code, not product code.
// Prices the independent second floor (independent.ts): bundles the size test's one-call fixture with the client
// aliased to it (bundleApp: esbuild, browser ESM, minified, gzip -9), runs each bundle against the mock's fetch
// handler (no network: `ordi` must give the token, `zzzzq` a NotFoundError), and does the same for variants cut out
// of the source at its `/*<name*/ ... /*name>*/` markers or with its message texts emptied.
// Run from bench/: `npx tsx floor/independent-price.ts`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// The workspace root's TypeScript, only to find the message arguments of independent.ts.
import ts from 'typescript';
import { cut, measure, ours } from './measure.js';
import { emptied, literalSpans } from './spans.js';

const here = new URL('.', import.meta.url).pathname;
const source = readFileSync(join(here, 'independent.ts'), 'utf8');

/** The message arguments: the first of `new TypeError/RangeError(...)` and `console.warn(...)`, the second of `fail(...)`. */
function messageArgs(core: string): ts.Node[] {
  const file = ts.createSourceFile('independent.ts', core, ts.ScriptTarget.Latest, true);
  const out: ts.Node[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && /^(TypeError|RangeError)$/.test(node.expression.getText(file))) {
      if (node.arguments?.[0]) out.push(node.arguments[0]);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(file);
      if (callee === 'fail' && node.arguments[1]) out.push(node.arguments[1]);
      if (callee === 'console.warn' && node.arguments[0]) out.push(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

await ours();
const full = await measure('independent floor, every default', source);
const args = messageArgs(source);
const texts = literalSpans(source, () => args);
const chars = texts.reduce((n, s) => n + s.end - s.start, 0);
await measure('- every message text emptied', emptied(source, texts));
// Each message argument replaced by '' whole (substitutions too: no URL, status or option name left).
let whole = source;
for (const a of [...args].sort((x, y) => y.getStart() - x.getStart()))
  whole = `${whole.slice(0, a.getStart())}''${whole.slice(a.getEnd())}`;
await measure('- every message argument emptied whole', whole);
await measure('- option checks', cut(source, 'checks'));
await measure('- deprecation warnings', cut(source, 'warn'));
await measure(
  '- manual redirects (fetch follows, credentials go along)',
  cut(cut(source, 'redirects'), 'manual', "'follow'"),
);
await measure('- bounded read', cut(source, 'bound'));
await measure('- control characters escaped', cut(source, 'escape', 's'));
// The second row (typed errors ... option checks, no deprecation warnings) and its first row.
const row2 = cut(source, 'warn');
await measure("issue's row 2: - deprecation warnings", row2);
const row1 = cut(
  cut(cut(cut(cut(row2, 'checks'), 'redirects'), 'manual', "'follow'"), 'bound'),
  'escape',
  's',
);
await measure("issue's row 1: also - checks, redirects, bound, escaping", row1);
console.log(
  `\n${args.length} message sites, ${texts.length} literal text pieces, ${chars} characters of literal text (${(chars / args.length).toFixed(1)} a message); full ${full} B`,
);
