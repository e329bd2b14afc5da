// Bundles the fixture apps of `fixtures/bundle/` as a browser app would ship them (esbuild, esm, minified) and
// measures them gzipped: shared by the `bundle-size` comparison and the size-budget test of `pnpm test`.
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';

/** The apps of the small-core budgets, with the targets (min + gzip, bytes). */
export const BUDGETED_APPS = [
  {
    label: 'ours: one call (createCore + getBrc20Token + NotFoundError)',
    entry: 'core-one-call.ts',
    target: 5000,
  },
  {
    label: 'ours: hardened one call (the same, with every opt-in guard on)',
    entry: 'core-hardened-call.ts',
    target: 6500,
  },
  { label: 'ours: one page (createCore + getAddressTransactions)', entry: 'core-one-page.ts', target: 5500 },
  { label: 'ours: full app (createClient, every feature)', entry: 'full-app.ts', target: 12_000 },
  {
    label: 'ours: one query (createCore + getBrc20TokenOptions, @tanstack/* external)',
    entry: 'query-one-call.ts',
    target: 6500,
  },
] as const;

export interface Bundle {
  code: Uint8Array;
  minified: number;
  gzip: number;
  metafile: Metafile;
}

/** One fixture app bundled for the browser, minified, with its gzip (level 9) size. */
export async function bundleApp(entry: string, alias?: Record<string, string>): Promise<Bundle> {
  const result = await build({
    entryPoints: [new URL(`../fixtures/bundle/${entry}`, import.meta.url).pathname],
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    outfile: 'app.js',
    ...(alias === undefined ? {} : { alias }),
  });
  const output = result.outputFiles.find((file) => file.path.endsWith('.js'));
  if (output === undefined) throw new Error(`esbuild produced no JavaScript for ${entry}`);
  return {
    code: output.contents,
    minified: output.contents.length,
    gzip: gzipSync(output.contents, { level: 9 }).length,
    metafile: result.metafile,
  };
}

/** The mock's fetch handler, which the size test runs each bundle against (resolved from this package). */
export { createFetchHandler } from '@blockindex/mock';
