// biome-ignore-all lint: measurement code, not product code.
// Prices one public contract product.ts does not carry: `ApiErrorInit.secrets` (an exported type; its doc says the
// values are blanked out of the message, the body and the headers of an error built from its fields). Added in the
// smallest way found (the constructor blanks url, body and header values; the message is built from them), checked
// on a built error, then measured as product-price.ts measures. Run from bench/: `npx tsx floor/ctor-secrets-price.ts`.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measure } from './measure.js';

const here = new URL('.', import.meta.url).pathname;
const source = readFileSync(join(here, 'product.ts'), 'utf8');
const from = 'const { status, method, url, body } = (props = message);';
const to = `let { status, method, url, body, headers, secrets = [] } = (props = message);
      const blank = (s: string) => secrets.reduce((t: string, x: string) => (x ? t.split(x).join(R) : t), s);
      url = blank(url);
      body = typeof body == 'string' ? blank(body) : body && JSON.parse(blank(JSON.stringify(body)));
      if (headers) headers = new Headers([...headers].map(([k, v]: string[]) => [k, blank(v)]));
      props = { ...message, url, body, headers };`;
if (!source.includes(from)) throw new Error('product.ts changed: the constructor line to extend is gone');
// Cheaper still: one module-level blanking function shared by the request path and the constructors.
const shared = `const blankAll = (s: string, secrets: string[]) => secrets.reduce((t, x) => (x ? t.split(x).join(R) : t), s);\n`;
const red = 'const red = (s: string) => secrets.reduce((t, x) => t.split(x).join(R), s);';
if (!source.includes(red)) throw new Error('product.ts changed: its redaction line is gone');
const variants: [string, string][] = [
  ['the constructors blank with their own function', source.replace(from, to)],
  [
    'one blanking function shared with the request path',
    source
      .replace('/*<brand*/\n/** The brand', shared + '/*<brand*/\n/** The brand')
      .replace(red, 'const red = (s: string) => blankAll(s, secrets);')
      .replace(
        from,
        to.replace(/const blank = [^\n]*\n/, 'const blank = (s: string) => blankAll(s, secrets);\n'),
      ),
  ],
];

const base = await measure('product.ts', source);
for (const [name, withSecrets] of variants) {
  // Each variant must do what the contract says before its size means anything.
  const file = join(mkdtempSync(join(tmpdir(), 'ctor-secrets-')), 'core.ts');
  writeFileSync(file, withSecrets);
  const { NotFoundError } = await import(file);
  const error = new NotFoundError({
    status: 404,
    method: 'GET',
    url: 'https://api.hiro.so/x?key=sk-secret',
    body: { message: 'no sk-secret here' },
    headers: new Headers({ 'x-echo': 'sk-secret' }),
    secrets: ['sk-secret'],
  });
  const shown = JSON.stringify([error.message, error.url, error.body, [...error.headers]]);
  if (shown.includes('sk-secret') || !shown.includes('[redacted]')) throw new Error(`not blanked: ${shown}`);

  const added = await measure(`+ secrets: ${name}`, withSecrets);
  console.log(`  ApiErrorInit.secrets costs ${added - base} B; the floor is then ${added} B against 5,000 B`);
}
