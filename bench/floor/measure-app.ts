// biome-ignore-all lint: measurement code, not product code.
// measure.ts for any fixture app: a floor's source (a variant with regions cut, written to a temporary file whose
// imports of the other floor files and of @blockindex/spec point back here) bundled as the size test bundles the
// fixture (esbuild, browser ESM, minified, gzip -9, `@blockindex/client` aliased to the floor), then run against the
// mock's fetch handler: its answers must be the product's, the fixture bundled against @blockindex/client as built.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleApp, createFetchHandler } from '../src/bundles.js';
import { cut, regions } from './measure.js';

const here = new URL('.', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'floor-app-'));

/** A floor source made importable from a temporary directory. */
export const placed = (source: string) =>
  source
    .replace(/from '\.\/([\w/-]+)\.js'/g, (_m, f) => `from '${join(here, `${f}.ts`)}'`)
    .replace(
      /from '(@blockindex\/spec\/constants)'/g,
      (_m, p) => `from '${fileURLToPath(import.meta.resolve(p))}'`,
    );

/** The fixture's answers for each input, the app bundled as `code`. */
async function answers(code: Uint8Array, file: string, inputs: string[]): Promise<string[]> {
  writeFileSync(file, code);
  const app = await import(file);
  const out: string[] = [];
  // A fresh mock per input, as each fixture run starts from the seed.
  for (const input of inputs) {
    try {
      out.push(await app.run(createFetchHandler({ seed: 1 }), input));
    } catch (e) {
      out.push(`threw ${String(e)}`);
    }
  }
  return out;
}

/** The product's answers and gzip size for `fixture`, printed. */
export async function product(fixture: string, inputs: string[]): Promise<{ gzip: number; said: string[] }> {
  const { code, gzip } = await bundleApp(fixture);
  const said = await answers(code, join(dir, `product-${fixture}.mjs`), inputs);
  console.log(
    `${'@blockindex/client as built'.padEnd(62)} ${String(gzip).padStart(5)} B   ${said.join(' | ')}`,
  );
  return { gzip, said };
}

/** Bundles `fixture` against the floor `source`, runs it, checks the answers are `want`, prints and returns gzip. */
export async function measureApp(
  fixture: string,
  name: string,
  source: string,
  inputs: string[],
  want?: string[],
): Promise<number> {
  const file = join(dir, `${name.replace(/\W+/g, '-')}.ts`);
  writeFileSync(file, placed(source));
  const { code, gzip } = await bundleApp(fixture, { '@blockindex/client': file });
  const said = await answers(code, file.replace(/\.ts$/, '.mjs'), inputs);
  // The whole floor answers as the product does; a variant with a behaviour cut may answer otherwise, never throw.
  if (want ? said.join('\n') !== want.join('\n') : said.some((s) => s.startsWith('threw ')))
    throw new Error(`${name}: answered ${said.join(' | ')}; the product answered ${want?.join(' | ')}`);
  console.log(`${name.padEnd(62)} ${String(gzip).padStart(5)} B   ${said.join(' | ')}`);
  return gzip;
}

/**
 * A check script's `--cuts` mode: the script run again on each variant of the floor at `corePath` with one marker
 * region cut out (`FLOOR_CORE` names the variant); exits 1 unless every variant fails some case.
 */
export function checkCuts(script: string, corePath: string, env: Record<string, string> = {}): never {
  const tmp = mkdtempSync(join(tmpdir(), 'floor-cuts-'));
  const source = readFileSync(corePath, 'utf8');
  let bad = 0;
  for (const name of regions(source)) {
    const file = join(tmp, `cut-${name}.ts`);
    writeFileSync(file, placed(cut(source, name)));
    const run = spawnSync('npx', ['tsx', join(here, script)], {
      env: { ...process.env, ...env, FLOOR_CORE: file },
      encoding: 'utf8',
    });
    const fails = [...run.stdout.matchAll(/^FAIL (.*)$/gm)].map((m) => m[1]);
    if (!fails.length) bad++;
    console.log(
      `${fails.length ? 'ok  ' : 'MISS'} cut ${name}: ${fails.length} failing${fails.length ? ` (${fails[0]})` : ''}`,
    );
  }
  process.exit(bad ? 1 : 0);
}
