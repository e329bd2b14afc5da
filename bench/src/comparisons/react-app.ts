import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createClient, type paths } from '@blockindex/client';
import { startMockServer } from '@blockindex/mock/server';
import { createQueryOptions } from '@blockindex/query';
import {
  type FetchQueryOptions,
  InfiniteQueryObserver,
  QueryClient,
  type QueryFunctionContext,
} from '@tanstack/query-core';
import { transform } from 'esbuild';
import createFetchClient from 'openapi-fetch';
import { build } from 'vite';
import type { Comparison, ComparisonOutput } from '../comparison.js';
import { rowsFor } from '../harness.js';

const OURS = 'examples/react-app (@blockindex/query)';
const TWIN = 'twin on openapi-react-query';
type AnyQuery = FetchQueryOptions<unknown, Error, unknown, readonly unknown[]>;
const PAGE_SIZE = 10;
const LOADS = 3;
const root = (path: string) => fileURLToPath(new URL(`../../../${path}`, import.meta.url));
const APPS = [
  { label: OURS, root: root('examples/react-app') },
  { label: TWIN, root: root('bench/fixtures/react-twin') },
] as const;

/** Who a module of the bundle belongs to: the split the issue asks for, plus what both apps share. */
function part(id: string): string {
  if (/packages\/client\/|node_modules\/openapi-fetch\/|openapi-typescript-helpers/.test(id)) return 'client';
  if (/packages\/query\/|node_modules\/openapi-react-query\//.test(id)) return 'query layer';
  if (/examples\/react-app\/src\/|fixtures\/react-twin\/src\//.test(id)) return 'app';
  if (/node_modules\/(react|react-dom|scheduler|@tanstack\/[^/]+)\//.test(id))
    return 'React + TanStack Query';
  return 'other (bundler runtime)';
}

interface Split {
  total: { minified: number; gzip: number };
  /** Per part: its modules as rendered into the production chunk, minified again and gzipped on their own. */
  parts: Map<string, { minified: number; gzip: number }>;
}

/** Builds one app for production with the example's own Vite config and measures its JavaScript. */
async function measureBundle(appRoot: string): Promise<Split> {
  const result = await build({
    configFile: root('examples/react-app/vite.config.ts'),
    root: appRoot,
    mode: 'production',
    logLevel: 'silent',
    build: { write: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []));
  const chunks = outputs.filter((o) => o.type === 'chunk');
  const code = chunks.map((chunk) => chunk.code).join('\n');
  const byPart = new Map<string, string[]>();
  for (const chunk of chunks) {
    for (const [id, module] of Object.entries(chunk.modules)) {
      const name = part(id);
      byPart.set(name, [...(byPart.get(name) ?? []), module.code ?? '']);
    }
  }
  const parts = new Map<string, { minified: number; gzip: number }>();
  for (const [name, codes] of byPart) {
    const minified = (await transform(codes.join('\n'), { minify: true, loader: 'js' })).code;
    parts.set(name, { minified: Buffer.byteLength(minified), gzip: gzipSync(minified, { level: 9 }).length });
  }
  return { total: { minified: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length }, parts };
}

interface Requests {
  perLoadMore: number[];
  perLoadMoreAfterBlock: number[];
  perRefetch: number;
  duplicateRows: number;
  failing503: number;
  missing404: number;
}

/**
 * What each approach sends: "load more" with and without a block mined in between, a refetch of every page, and a
 * failing query. The twin's options are the ones openapi-react-query's `useInfiniteQuery` builds (key from
 * `queryOptions`, the page param merged into the query as `offset`), run on query-core's observer like ours.
 */
async function measureRequests(): Promise<Record<string, Requests>> {
  const server = await startMockServer({ port: 0, seed: 1 });
  try {
    const { address } = server.world.fixtures;
    let sent = 0;
    const fetch = (request: Request) => {
      sent += 1;
      return globalThis.fetch(request);
    };
    // Retries off the timer: counts are what we compare, and TanStack's browser default is `retry: 3`.
    const browserLike = () => new QueryClient({ defaultOptions: { queries: { retry: 3, retryDelay: 0 } } });

    // The list is a deprecated operation: its Warning header is expected here, not news worth a line per run.
    const ours = createQueryOptions(createClient({ baseUrl: server.url, fetch, onWarning: () => {} }), {
      retry: { initialDelayMs: 0 },
    });
    const api = createFetchClient<paths>({ baseUrl: server.url, fetch });
    type TxPage = { results: { tx: { tx_id: string } }[]; total: number; limit: number; offset: number };
    const twinList = {
      queryKey: ['get', '/extended/v2/addresses/{address}/transactions', { address }] as const,
      queryFn: async ({ pageParam, signal }: QueryFunctionContext<readonly unknown[], number>) => {
        const { data, error } = await api.GET('/extended/v2/addresses/{address}/transactions', {
          params: { path: { address }, query: { limit: PAGE_SIZE, offset: pageParam } },
          signal,
        });
        if (error) throw error;
        return data as TxPage;
      },
      initialPageParam: 0,
      getNextPageParam: (last: TxPage) =>
        last.offset + last.limit < last.total ? last.offset + last.limit : undefined,
    };
    const lists = {
      [OURS]: () => ({
        queryClient: browserLike(),
        options: ours.getAddressTransactionsInfinite(address, {}, { pageSize: PAGE_SIZE }),
      }),
      [TWIN]: () => ({ queryClient: browserLike(), options: twinList }),
    };
    const failing: Record<typeof OURS | typeof TWIN, (ticker: string) => AnyQuery> = {
      [OURS]: (ticker: string) => ours.getBrc20Token(ticker),
      [TWIN]: (ticker: string) => ({
        queryKey: ['get', '/ordinals/v1/brc-20/tokens/{ticker}', { ticker }],
        queryFn: async () => {
          const { data, error } = await api.GET('/ordinals/v1/brc-20/tokens/{ticker}', {
            params: { path: { ticker } },
          });
          if (error) throw error;
          return data;
        },
      }),
    };

    const out: Record<string, Requests> = {};
    for (const label of [OURS, TWIN] as const) {
      server.scenarios.clear();
      const { queryClient, options } = lists[label]();
      // biome-ignore lint/suspicious/noExplicitAny: the two apps' options differ in type; the observer takes either.
      const observer = new InfiniteQueryObserver(queryClient, { ...(options as any), staleTime: Infinity });
      const unsubscribe = observer.subscribe(() => {});
      const count = async (step: () => Promise<unknown>) => {
        const before = sent;
        await step();
        return sent - before;
      };
      await count(() => observer.refetch());
      const perLoadMore: number[] = [];
      const perLoadMoreAfterBlock: number[] = [];
      for (let i = 0; i < LOADS; i++) perLoadMore.push(await count(() => observer.fetchNextPage()));
      for (let i = 0; i < LOADS; i++) {
        server.world.mineBlock({ address });
        perLoadMoreAfterBlock.push(await count(() => observer.fetchNextPage()));
      }
      const rows = (observer.getCurrentResult().data?.pages ?? []) as TxPage[];
      const ids = rows.flatMap((page) => page.results.map((row) => row.tx.tx_id));
      const perRefetch = await count(() => observer.refetch());
      unsubscribe();

      server.scenarios.failNext(100, { status: 503 });
      const failing503 = await count(() =>
        queryClient.fetchQuery(failing[label]('ordi')).catch(() => undefined),
      );
      server.scenarios.clear();
      const missing404 = await count(() =>
        queryClient.fetchQuery(failing[label]('zzzz')).catch(() => undefined),
      );
      out[label] = {
        perLoadMore,
        perLoadMoreAfterBlock,
        perRefetch,
        duplicateRows: ids.length - new Set(ids).size,
        failing503,
        missing404,
      };
    }
    return out;
  } finally {
    await server.close();
  }
}

async function run(): Promise<ComparisonOutput> {
  const bundles = new Map<string, Split>();
  for (const app of APPS) bundles.set(app.label, await measureBundle(app.root));
  const get = (label: string) => bundles.get(label) as Split;
  const partNames = [...new Set([...bundles.values()].flatMap((split) => [...split.parts.keys()]))].sort();
  const rows = [
    ...rowsFor(
      'whole production bundle, minified + gzip',
      'bytes',
      TWIN,
      APPS.map(({ label }) => ({
        label,
        samples: [get(label).total.gzip],
        details: { minified: get(label).total.minified },
      })),
    ),
    ...partNames.flatMap((name) =>
      rowsFor(
        `${name}, minified + gzip on its own`,
        'bytes',
        TWIN,
        APPS.map(({ label }) => ({
          label,
          samples: [get(label).parts.get(name)?.gzip ?? 0],
          details: { minified: get(label).parts.get(name)?.minified ?? 0 },
        })),
      ),
    ),
  ];

  const requests = await measureRequests();
  const figure = (group: string, pick: (r: Requests) => number) =>
    rowsFor(
      group,
      'requests',
      TWIN,
      APPS.map(({ label }) => ({ label, samples: [pick(requests[label] as Requests)] })),
    );
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  rows.push(
    ...figure(
      `requests per "load more" (mean of ${LOADS}, chain unchanged)`,
      (r) => sum(r.perLoadMore) / LOADS,
    ),
    ...figure(
      `requests per "load more" (mean of ${LOADS}, a block mined before each)`,
      (r) => sum(r.perLoadMoreAfterBlock) / LOADS,
    ),
    ...figure(`requests per refetch of all ${1 + 2 * LOADS} pages`, (r) => r.perRefetch),
    ...figure('duplicate rows shown after those loads (React duplicate keys)', (r) => r.duplicateRows),
    ...figure(
      'requests for one query failing with 503 (TanStack browser default retry: 3)',
      (r) => r.failing503,
    ),
    ...figure('requests for one query answered 404', (r) => r.missing404),
  );

  return {
    settings: {
      vite: 'examples/react-app/vite.config.ts, mode production, for both apps',
      gzip: 'node:zlib level 9',
      pageSize: PAGE_SIZE,
      loads: LOADS,
      mock: 'startMockServer (seed 1) on 127.0.0.1, port 0',
    },
    rows,
    targets: [],
    notes: [
      'Figures, not targets: both apps show the same token card, contract status and address transactions with "load more"; the twin (bench/fixtures/react-twin) uses openapi-fetch + openapi-react-query as its README shows, offset as the page param.',
      "Sizes are deterministic (one build each). The whole-bundle row is the real production chunk; each part row is that part's modules as rendered in the chunk, minified and gzipped on their own, so the parts add up to a little more than the whole (gzip shares a dictionary across parts).",
      '"client" is @blockindex/client with openapi-fetch (ours) or openapi-fetch alone (twin); "query layer" is @blockindex/query or openapi-react-query.',
      "Requests are counted on query-core's InfiniteQueryObserver in Node against the standalone mock; the twin runs the options openapi-react-query's useInfiniteQuery builds. Retry delays are set to 0 so failing queries finish at once: counts, not timings, are compared.",
    ],
  };
}

/** Production bundle of the React example split into client, query layer and app, next to an openapi-react-query twin. */
export const reactApp: Comparison = {
  name: 'react-app',
  title: 'React example: bundle split and requests per interaction, vs openapi-react-query',
  run,
};
