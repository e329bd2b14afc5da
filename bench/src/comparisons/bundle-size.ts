import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Metafile } from 'esbuild';
import { BUDGETED_APPS, bundleApp } from '../bundles.js';
import type { Comparison, ComparisonOutput } from '../comparison.js';
import { rowsFor, target } from '../harness.js';

const require = createRequire(import.meta.url);
const BASELINE = 'openapi-fetch alone';
/** The mock's fetch handler in a browser bundle (issue 22): the engine with the default world, no OpenAPI document. */
const MOCK_APP = { label: 'mock createFetchHandler', entry: 'mock-fetch-handler.ts' } as const;
const MOCK_LIMIT_BYTES = 35_000;

const APPS = [
  { label: BASELINE, entry: 'openapi-fetch-one-call.ts' },
  { label: 'vendor', entry: 'vendor-one-call.ts' },
  ...BUDGETED_APPS,
  { label: 'ours: one page with createClient', entry: 'ours-one-call.ts' },
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
  const { minified, gzip, metafile } = await bundleApp(entry, alias);
  return { minified, gzip, contributors: contributors(metafile), metafile };
}

/**
 * Diagnostic: the full app bundled from the client's TypeScript source instead of its single-file dist,
 * so esbuild's metafile attributes bytes to each module of the client.
 */
async function clientModules(): Promise<Array<[string, number]>> {
  const source = join(dirname(require.resolve('@blockindex/client/package.json')), 'src', 'index.ts');
  const { metafile } = await bundle('full-app.ts', { '@blockindex/client': source });
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
      ...BUDGETED_APPS.map((app) =>
        target(`${app.label} ≤ ${app.target} B min + gzip`, get(app.label).gzip, '<=', app.target),
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
      'openapi-fetch alone and the vendor client fetch one page of getAddressTransactions. Ours: one call is createCore + getBrc20Token + NotFoundError; one page is createCore + getAddressTransactions (awaited, with getNextPage); the full app uses createClient with all seven operations, pages, prefetching iteration, batched contract status, pacing, retries, timeouts, typed errors and withResponse; "one page with createClient" is the old one-object app.',
      `The full app's client, per module: see the last note. \`pnpm test\` holds each of ours under a size ceiling (test/packaging/bundle-size.test.ts).`,
      `Largest contributors (minified bytes before gzip): ${APPS.map(({ label }) => describe(label)).join('; ')}.`,
      `The mock's fetch handler app (fixtures/bundle/${MOCK_APP.entry}), largest contributors: ${mock.contributors
        .slice(0, 6)
        .map(([name, bytes]) => `${name} ${bytes} B`)
        .join(', ')}.`,
      `The full app rebuilt from the client's source, per module (minified bytes): ${modules
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
