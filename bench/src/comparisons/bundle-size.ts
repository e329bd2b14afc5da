import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import type { Comparison, ComparisonOutput } from '../comparison.js';
import { rowsFor, target } from '../harness.js';

const require = createRequire(import.meta.url);
const BASELINE = 'openapi-fetch alone';
const EVERY_FEATURE = 'ours, every feature used';
const LIMIT_BYTES = 5000;
/** The mock's fetch handler in a browser bundle (issue 22): the engine with the default world, no OpenAPI document. */
const MOCK_APP = { label: 'mock createFetchHandler', entry: 'mock-fetch-handler.ts' } as const;
const MOCK_LIMIT_BYTES = 35_000;

const APPS = [
  { label: BASELINE, entry: 'openapi-fetch-one-call.ts' },
  { label: 'ours', entry: 'ours-one-call.ts' },
  { label: 'vendor', entry: 'vendor-one-call.ts' },
  { label: EVERY_FEATURE, entry: 'ours-every-feature.ts' },
] as const;

interface Bundle {
  minified: number;
  gzip: number;
  /** Minified bytes per package (or per local file), largest first. */
  contributors: Array<[string, number]>;
}

/** Groups a metafile input path by the package it belongs to, e.g. `openapi-fetch` or `@blockindex/client`. */
function owner(input: string): string {
  const inPnpm = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  if (inPnpm?.[1] !== undefined) return inPnpm[1];
  const inWorkspace = /packages\/([^/]+)\//.exec(input);
  if (inWorkspace?.[1] !== undefined) return `@blockindex/${inWorkspace[1]}`;
  return input.replace(/^.*fixtures\//, 'fixtures/');
}

function contributors(metafile: Metafile, name: (input: string) => string = owner): Array<[string, number]> {
  const totals = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      totals.set(name(input), (totals.get(name(input)) ?? 0) + bytesInOutput);
    }
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

async function bundle(
  entry: string,
  alias?: Record<string, string>,
): Promise<Bundle & { metafile: Metafile }> {
  const result = await build({
    entryPoints: [new URL(`../../fixtures/bundle/${entry}`, import.meta.url).pathname],
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
    minified: output.contents.length,
    gzip: gzipSync(output.contents, { level: 9 }).length,
    contributors: contributors(result.metafile),
    metafile: result.metafile,
  };
}

/**
 * Diagnostic: the every-feature app bundled from the client's TypeScript source instead of its single-file dist,
 * so esbuild's metafile attributes bytes to each module of the client.
 */
async function clientModules(): Promise<Array<[string, number]>> {
  const source = join(dirname(require.resolve('@blockindex/client/package.json')), 'src', 'index.ts');
  const { metafile } = await bundle('ours-every-feature.ts', { '@blockindex/client': source });
  const name = (input: string) => {
    const inClient = /packages\/client\/(.+)$/.exec(input);
    return inClient?.[1] === undefined ? owner(input) : `client/${inClient[1]}`;
  };
  return contributors(metafile, name);
}

async function run(): Promise<ComparisonOutput> {
  const bundles = new Map<string, Bundle>();
  for (const app of APPS) bundles.set(app.label, await bundle(app.entry));
  const get = (label: string) => bundles.get(label) as Bundle;
  const rows = ['gzip', 'minified'].flatMap((metric) =>
    rowsFor(
      metric === 'gzip' ? 'minified + gzip' : 'minified',
      'bytes',
      BASELINE,
      APPS.map(({ label }) => ({ label, samples: [get(label)[metric as 'gzip' | 'minified']] })),
    ),
  );
  const mock = await bundle(MOCK_APP.entry);
  rows.push(
    ...['gzip', 'minified'].flatMap((metric) =>
      rowsFor(`mock, ${metric === 'gzip' ? 'minified + gzip' : 'minified'}`, 'bytes', null, [
        { label: MOCK_APP.label, samples: [mock[metric as 'gzip' | 'minified']] },
      ]),
    ),
  );
  const modules = await clientModules();
  const describe = (label: string) =>
    `${label}: ${get(label)
      .contributors.slice(0, 5)
      .map(([name, bytes]) => `${name} ${bytes} B`)
      .join(', ')}`;
  return {
    settings: {
      esbuild: { bundle: true, minify: true, platform: 'browser', format: 'esm' },
      gzip: 'node:zlib level 9',
      fixtures: [...APPS, MOCK_APP].map((app) => `fixtures/bundle/${app.entry}`),
    },
    rows,
    targets: [
      target(
        `ours with every feature ≤ ${LIMIT_BYTES} B min + gzip`,
        get(EVERY_FEATURE).gzip,
        '<=',
        LIMIT_BYTES,
      ),
      target(
        `the mock's createFetchHandler ≤ ${MOCK_LIMIT_BYTES} B min + gzip`,
        mock.gzip,
        '<=',
        MOCK_LIMIT_BYTES,
      ),
    ],
    notes: [
      'Sizes are deterministic: one build each, so each row has a single sample. 1 kB = 1000 B.',
      'Each fixture is a tiny browser app making the same call (one page of getAddressTransactions); the every-feature app uses all seven operations, pages, prefetching iteration, batched contract status, retries, timeouts, typed errors and withResponse.',
      `Largest contributors (minified bytes before gzip): ${APPS.map(({ label }) => describe(label)).join('; ')}.`,
      `The mock's fetch handler app (fixtures/bundle/${MOCK_APP.entry}), largest contributors: ${mock.contributors
        .slice(0, 6)
        .map(([name, bytes]) => `${name} ${bytes} B`)
        .join(', ')}.`,
      `The every-feature app rebuilt from the client's source, per module (minified bytes): ${modules
        .slice(0, 10)
        .map(([name, bytes]) => `${name} ${bytes} B`)
        .join(', ')}.`,
    ],
  };
}

/** Minified + gzipped browser bundle of a one-call app with each client, and of ours with every feature. */
export const bundleSize: Comparison = {
  name: 'bundle-size',
  title: 'Bundle size: esbuild (browser, esm, minified) + gzip',
  run,
};
