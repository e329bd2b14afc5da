import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { createClient } from '@blockindex/client';
import { createClient as createVendorClient } from '@stacks/blockchain-api-client';
import { cachedRuntime } from '../../../scripts/runtimes.mjs';
import type { BenchContext, Comparison, ComparisonOutput, Row } from '../comparison.js';
import { interleave, medianOf, rowsFor, target, timeMs } from '../harness.js';
import { startChildServer } from '../servers/child-server.js';
import type { MockServerInfo, MockServerOptions } from '../servers/mock-entry.js';
import { stop, track } from '../servers/processes.js';

type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
/**
 * `ours, no time limits` is a diagnostic: our client with `timeoutMs: 0, deadlineMs: 0`, so that the cost of the
 * default time limits (an abort signal on every request) is measured in every run rather than argued.
 */
type Variant = 'raw fetch' | 'ours' | 'vendor' | 'ours, no time limits';
const NO_LIMITS = 'ours, no time limits' satisfies Variant;
const BASELINE: Variant = 'raw fetch';

interface Operation {
  name: string;
  path: string;
  /** Each variant makes the same request and returns the parsed body, so the three can be checked equal. */
  calls: Record<Variant, () => Promise<unknown>>;
}

function operations(
  baseUrl: string,
  info: MockServerInfo,
  fetchImpl: FetchLike,
  warnings: Set<string>,
): Operation[] {
  const { address, burnBlockHeight } = info.fixtures;
  // Both operations are deprecated, so the mock sends a Warning as the real API does: collected for the notes
  // (about the cost of the default, which remembers what it printed) instead of printed into the run's output.
  const onWarning = ({ operation, warning }: { operation: string; warning: string }) => {
    warnings.add(`${operation}: ${warning}`);
  };
  const ours = createClient({ baseUrl, fetch: fetchImpl, retry: false, onWarning });
  const oursNoLimits = createClient({
    baseUrl,
    fetch: fetchImpl,
    retry: false,
    onWarning,
    timeoutMs: 0,
    deadlineMs: 0,
  });
  const vendor = createVendorClient({ baseUrl, fetch: fetchImpl });
  const raw = async (path: string) => {
    const response = await fetchImpl(`${baseUrl}${path}`);
    if (!response.ok) throw new Error(`raw fetch ${path}: ${response.status}`);
    return response.json();
  };
  const listPath = `/extended/v2/addresses/${address}/transactions?limit=20`;
  const blockPath = `/extended/v1/block/by_burn_block_height/${burnBlockHeight}`;
  return [
    {
      name: 'getAddressTransactions (page of 20)',
      path: listPath,
      calls: {
        'raw fetch': async () => ((await raw(listPath)) as { results: unknown }).results,
        ours: async () => (await ours.getAddressTransactions(address, { limit: 20 })).results,
        [NO_LIMITS]: async () => (await oursNoLimits.getAddressTransactions(address, { limit: 20 })).results,
        vendor: async () => {
          const { data, error } = await vendor.GET('/extended/v2/addresses/{address}/transactions', {
            params: { path: { address }, query: { limit: 20 } },
          });
          if (error !== undefined) throw new Error('vendor getAddressTransactions failed');
          return data.results;
        },
      },
    },
    {
      name: 'getBlockByBurnBlockHeight',
      path: blockPath,
      calls: {
        'raw fetch': () => raw(blockPath),
        ours: () => ours.getBlockByBurnBlockHeight(burnBlockHeight),
        [NO_LIMITS]: () => oursNoLimits.getBlockByBurnBlockHeight(burnBlockHeight),
        vendor: async () => {
          const { data, error } = await vendor.GET(
            '/extended/v1/block/by_burn_block_height/{burn_block_height}',
            {
              params: { path: { burn_block_height: burnBlockHeight } },
            },
          );
          if (error !== undefined) throw new Error('vendor getBlockByBurnBlockHeight failed');
          return data;
        },
      },
    },
  ];
}

/**
 * A fetch that never leaves the process: it answers each path with the body the mock gave for it, so the
 * difference between variants is the client's own CPU cost, with no network or server noise to hide it.
 */
async function inMemoryFetch(baseUrl: string, ops: Operation[]): Promise<FetchLike> {
  const bodies = new Map<string, { body: ArrayBuffer; headers: Headers }>();
  for (const op of ops) {
    const response = await fetch(`${baseUrl}${op.path}`);
    bodies.set(new URL(op.path, baseUrl).pathname, {
      body: await response.arrayBuffer(),
      headers: response.headers,
    });
  }
  return async (input) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const canned = bodies.get(new URL(url).pathname);
    if (canned === undefined) return new Response(null, { status: 404 });
    return new Response(canned.body, { status: 200, headers: canned.headers });
  };
}

async function measure(
  ops: Operation[],
  callsPerSample: number,
  warmup: number,
  runs: number,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const op of ops) {
    const results = await Promise.all(Object.values(op.calls).map((call) => call()));
    if (!results.every((result) => isDeepStrictEqual(result, results[0]))) {
      throw new Error(`${op.name}: the variants did not return the same data`);
    }
    const perCallMicros = (call: () => Promise<unknown>) => async () =>
      ((await timeMs(async () => {
        for (let i = 0; i < callsPerSample; i++) await call();
      })) *
        1000) /
      callsPerSample;
    const variants = Object.keys(op.calls) as Variant[];
    const samples = await interleave(
      Object.fromEntries(variants.map((v) => [v, perCallMicros(op.calls[v])])) as Record<
        Variant,
        () => Promise<number>
      >,
      { warmup, runs },
    );
    rows.push(
      ...rowsFor(
        op.name,
        'µs/call',
        BASELINE,
        variants.map((v) => ({ label: v === NO_LIMITS ? `${v} (diagnostic)` : v, samples: samples[v] })),
      ),
    );
  }
  return rows;
}

/** How many calls and rounds each measurement makes. */
export interface OverheadSettings {
  warmupRounds: number;
  rounds: number;
  callsPerSample: number;
  inMemoryCallsPerSample: number;
}

/** The in-memory rows, measured in this process: every variant against a fetch that answers from memory. */
export async function measureInMemory(
  url: string,
  info: MockServerInfo,
  settings: OverheadSettings,
  warnings: Set<string>,
): Promise<Row[]> {
  const stub = await inMemoryFetch(
    url,
    operations(url, info, (input, init) => fetch(input, init), warnings),
  );
  const rows = await measure(
    operations(url, info, stub, warnings),
    settings.inMemoryCallsPerSample,
    settings.warmupRounds,
    settings.rounds,
  );
  return rows.map((row) => ({ ...row, group: `${row.group}, in-memory fetch` }));
}

/** What the parent sends `client-overhead-entry.ts`, and what it answers. */
export interface InMemoryJob {
  url: string;
  info: MockServerInfo;
  settings: OverheadSettings;
}
export type InMemoryReply = { rows: Row[]; version: string } | { error: string };

/** The Node versions users run, from the pinned runtime cache (`node scripts/runtimes.mjs fetch`). */
const USER_NODES = ['node22', 'node24', 'node26'] as const;

/**
 * The in-memory rows again under another Node, in a child process running `client-overhead-entry.ts`: the cost of
 * what the client does (an abort signal, a `Request`, a stream) moves between Node versions, and the bench's own Node
 * may not be one users run. Resolves to `undefined` when that runtime is not in the cache.
 */
async function measureInMemoryOn(
  runtime: (typeof USER_NODES)[number],
  job: InMemoryJob,
): Promise<{ rows: Row[]; version: string } | undefined> {
  const { bin } = cachedRuntime(runtime);
  if (!existsSync(bin)) return undefined;
  const entry = new URL('./client-overhead-entry.ts', import.meta.url);
  const child = track(
    fork(entry, [], {
      execPath: bin,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  try {
    const reply = await new Promise<InMemoryReply>((resolve, reject) => {
      child.once('message', (message) => resolve(message as InMemoryReply));
      child.once('exit', (code) =>
        reject(new Error(`${runtime}: the measuring child exited (code ${code})`)),
      );
      child.send(job);
    });
    if ('error' in reply) throw new Error(`${runtime}: ${reply.error}`);
    return reply;
  } finally {
    await stop(child);
  }
}

async function run({ smoke, log }: BenchContext): Promise<ComparisonOutput> {
  const settings = smoke
    ? { warmupRounds: 1, rounds: 1, callsPerSample: 5, inMemoryCallsPerSample: 20 }
    : { warmupRounds: 2, rounds: 15, callsPerSample: 120, inMemoryCallsPerSample: 1500 };
  const mock = await startChildServer<MockServerInfo>('mock-entry.ts', {
    seed: 1,
  } satisfies MockServerOptions);
  const warnings = new Set<string>();
  try {
    const { url } = mock.info;
    const loopbackOps = operations(url, mock.info, (input, init) => fetch(input, init), warnings);
    log(`loopback against ${url}`);
    const loopback = await measure(
      loopbackOps,
      settings.callsPerSample,
      settings.warmupRounds,
      settings.rounds,
    );
    log('in-memory fetch');
    const inMemory = await measureInMemory(url, mock.info, settings, warnings);
    const elsewhere: Row[] = [];
    const versions: string[] = [];
    const missing: string[] = [];
    for (const runtime of USER_NODES) {
      log(`in-memory fetch under ${runtime}`);
      const measured = await measureInMemoryOn(runtime, { url, info: mock.info, settings });
      if (measured === undefined) {
        missing.push(runtime);
        continue;
      }
      versions.push(measured.version);
      elsewhere.push(
        ...measured.rows.map((row) => ({ ...row, group: `${row.group}, Node ${measured.version}` })),
      );
    }
    const targets = [
      ...loopbackOps.map((op) =>
        target(`ours ≤ 1.05× raw fetch: ${op.name} over loopback`, ratioOf(loopback, op.name), '<=', 1.05),
      ),
      // Issue 23: with the transport costing nothing, our own CPU per call is at most twice the vendor client's.
      ...loopbackOps.map((op) =>
        target(
          `ours' overhead ≤ 2× the vendor's (over raw fetch): ${op.name}, in-memory fetch`,
          overheadRatio(inMemory, `${op.name}, in-memory fetch`),
          '<=',
          2,
        ),
      ),
      ...versions.flatMap((version) =>
        loopbackOps.map((op) =>
          target(
            `ours' overhead ≤ 2× the vendor's (over raw fetch): ${op.name}, in-memory fetch, Node ${version}`,
            overheadRatio(elsewhere, `${op.name}, in-memory fetch, Node ${version}`),
            '<=',
            2,
          ),
        ),
      ),
    ];
    const overheads = loopbackOps.map((op) => {
      const group = `${op.name}, in-memory fetch`;
      const micros = medianOf(inMemory, group, 'ours') - medianOf(inMemory, group, BASELINE);
      const share = (micros / medianOf(loopback, op.name, BASELINE)) * 100;
      const limits =
        micros -
        (medianOf(inMemory, group, `${NO_LIMITS} (diagnostic)`) - medianOf(inMemory, group, BASELINE));
      return `${op.name}: our client adds ${micros.toFixed(1)} µs per call over raw fetch + res.json() when the transport costs nothing (in-memory rows), i.e. ${share.toFixed(1)}% of a raw-fetch call over loopback: the part of the loopback ratio that is the client’s own CPU, free of network and server noise. Of that, ${limits.toFixed(1)} µs is the default time limits (the diagnostic row without them).`;
    });
    return {
      settings: { ...settings, server: 'standalone mock (startMockServer) in a child process, seed 1' },
      rows: [...loopback, ...inMemory, ...elsewhere],
      targets,
      notes: [
        'Each sample is the mean per-call time of a batch of sequential calls; variants run in interleaved rounds (the first variant rotates each round) and the row shows the median sample.',
        'Every variant makes the same GET and parses the JSON body; their results were checked equal before timing. Ours runs with retry: false (no retry happens on 200s anyway). The diagnostic row is ours with timeoutMs: 0 and deadlineMs: 0 (no time limits, so no abort signal on the request): no target, it shows what the defaults cost.',
        'The in-memory rows replace the network with a fetch that returns the precomputed body: they isolate the client’s own CPU cost. Their target compares overheads: (ours − raw fetch) / (vendor − raw fetch).',
        ...overheads,
        `The in-memory rows are measured again under the Node versions users run (${versions.length > 0 ? versions.join(', ') : 'none available'}), each in a child process with the same calls and rounds; the rows above them ran on this bench's own Node (${process.version}).${missing.length > 0 ? ` Not in the runtime cache, so not measured: ${missing.join(', ')} (\`node scripts/runtimes.mjs fetch ${missing.join(' ')}\` fetches them from the npm registry).` : ''}`,
        ...(warnings.size > 0
          ? [
              `Our client was given the API's deprecation Warning headers through onWarning (collected, not printed): ${[...warnings].join('; ')}.`,
            ]
          : []),
      ],
    };
  } finally {
    await mock.close();
  }
}

/** Our overhead over raw fetch as a multiple of the vendor client's (Infinity when the vendor's is not positive). */
function overheadRatio(rows: Row[], group: string): number {
  const raw = medianOf(rows, group, BASELINE);
  const vendor = medianOf(rows, group, 'vendor') - raw;
  return vendor > 0 ? (medianOf(rows, group, 'ours') - raw) / vendor : Number.POSITIVE_INFINITY;
}

function ratioOf(rows: Row[], group: string): number {
  return medianOf(rows, group, 'ours') / medianOf(rows, group, BASELINE);
}

/** Per-call time of one operation through our client, raw fetch and the vendor client. */
export const clientOverhead: Comparison = {
  name: 'client-overhead',
  title: 'Client call overhead: ours vs raw fetch vs @stacks/blockchain-api-client',
  run,
};
