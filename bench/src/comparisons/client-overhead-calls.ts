import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { createClient } from '@blockindex/client';
import { createClient as createVendorClient } from '@stacks/blockchain-api-client';
import type { Row } from '../comparison.js';
import { callsPerSample, cpuTimeMs, pairedRounds, type RoundBudget, rowsFor, timeMs } from '../harness.js';
import type { MockServerInfo } from '../servers/mock-entry.js';

// The calls `client-overhead` times, and their in-memory measurement: shared by the comparison and by
// `client-overhead-entry.ts`, which measures them again under another Node.

type FetchLike = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
/**
 * `ours, no time limits` is a diagnostic: our client with `timeoutMs: 0, deadlineMs: 0`, so that the cost of the
 * default time limits (an abort signal on every request) is measured in every run rather than argued.
 * `vendor + timeout` is the vendor's client given what a user adds for the guarantee ours has by default, a
 * per-call `AbortSignal.timeout(30_000)`: the fair baseline of the in-memory target (issue 31, item 6).
 */
export type Variant = 'raw fetch' | 'ours' | 'vendor' | 'vendor + timeout' | 'ours, no time limits';
export const NO_LIMITS = 'ours, no time limits' satisfies Variant;
export const VENDOR_TIMEOUT = 'vendor + timeout' satisfies Variant;
/** The per-call time limit a user gives the vendor's client, the same as our default `timeoutMs`. */
const USER_TIMEOUT_MS = 30_000;
export const BASELINE: Variant = 'raw fetch';

interface Operation {
  name: string;
  path: string;
  /** Each variant makes the same request and returns the parsed body, so the three can be checked equal. */
  calls: Record<Variant, () => Promise<unknown>>;
}

/** The two operations timed, each as the same GET made by every variant, through `fetchImpl`. */
export function operations(
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
  const vendorList = async (signal?: AbortSignal) => {
    const { data, error } = await vendor.GET('/extended/v2/addresses/{address}/transactions', {
      params: { path: { address }, query: { limit: 20 } },
      ...(signal === undefined ? {} : { signal }),
    });
    if (error !== undefined) throw new Error('vendor getAddressTransactions failed');
    return data.results;
  };
  const vendorBlock = async (signal?: AbortSignal) => {
    const { data, error } = await vendor.GET('/extended/v1/block/by_burn_block_height/{burn_block_height}', {
      params: { path: { burn_block_height: burnBlockHeight } },
      ...(signal === undefined ? {} : { signal }),
    });
    if (error !== undefined) throw new Error('vendor getBlockByBurnBlockHeight failed');
    return data;
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
        vendor: () => vendorList(),
        [VENDOR_TIMEOUT]: () => vendorList(AbortSignal.timeout(USER_TIMEOUT_MS)),
      },
    },
    {
      name: 'getBlockByBurnBlockHeight',
      path: blockPath,
      calls: {
        'raw fetch': () => raw(blockPath),
        ours: () => ours.getBlockByBurnBlockHeight(burnBlockHeight),
        [NO_LIMITS]: () => oursNoLimits.getBlockByBurnBlockHeight(burnBlockHeight),
        vendor: () => vendorBlock(),
        [VENDOR_TIMEOUT]: () => vendorBlock(AbortSignal.timeout(USER_TIMEOUT_MS)),
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

/** Checks that every variant of `op` returns the same data, so that they are timed doing the same work. */
async function checkSameData(op: Operation): Promise<void> {
  const results = await Promise.all(Object.values(op.calls).map((call) => call()));
  if (!results.every((result) => isDeepStrictEqual(result, results[0]))) {
    throw new Error(`${op.name}: the variants did not return the same data`);
  }
}

/** A sample: the mean per-call time, in µs, of `calls` sequential calls, by `clock` (wall time by default). */
const perCallMicros =
  (call: () => Promise<unknown>, calls: number, clock = timeMs) =>
  async () =>
    ((await clock(async () => {
      for (let i = 0; i < calls; i++) await call();
    })) *
      1000) /
    calls;

const label = (v: Variant) => (v === NO_LIMITS ? `${v} (diagnostic)` : v);

/** How the loopback rows are measured: paired rounds within a time budget, each sample a batch of about `batchMs`. */
export type LoopbackBudget = RoundBudget & { batchMs: number };

/**
 * How a sample is timed: its clock, how many calls a batch holds (the same for every variant, sized on the baseline
 * so that it takes about `batchMs`), the rows' unit and what the baseline row's details say.
 */
interface Timing {
  clock: (work: () => Promise<unknown>) => Promise<number>;
  calls: (call: () => Promise<unknown>, batchMs: number) => Promise<number>;
  unit: string;
  details: (calls: number, rounds: number) => Record<string, number>;
}

/**
 * Times every variant of each operation in paired rounds (`pairedRounds`), after checking that they all return the
 * same data; each sample is the per-call time of one batch by `timing`. Row samples stay in round order, so that two
 * variants' samples can be paired round by round.
 */
async function measureRounds(
  ops: Operation[],
  { batchMs, ...budget }: RoundBudget & { batchMs: number },
  timing: Timing,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const op of ops) {
    await checkSameData(op);
    const calls = await timing.calls(op.calls[BASELINE], batchMs);
    const variants = Object.keys(op.calls) as Variant[];
    const samples = await pairedRounds(
      Object.fromEntries(variants.map((v) => [v, perCallMicros(op.calls[v], calls, timing.clock)])) as Record<
        Variant,
        () => Promise<number>
      >,
      budget,
    );
    rows.push(
      ...rowsFor(
        op.name,
        timing.unit,
        BASELINE,
        variants.map((v) => ({
          label: label(v),
          samples: samples[v],
          ...(v === BASELINE ? { details: timing.details(calls, samples[v].length) } : {}),
        })),
      ),
    );
  }
  return rows;
}

/**
 * The loopback rows: a sample is the wall time per call of a batch (sized so that raw fetch takes about `batchMs`;
 * in the baseline row's details): a call over loopback waits on the server's process, so wall time is what it costs
 * (CPU time would leave out the round trip).
 */
export const measure = (ops: Operation[], budget: LoopbackBudget): Promise<Row[]> =>
  measureRounds(ops, budget, {
    clock: timeMs,
    calls: callsPerSample,
    unit: 'µs/call',
    details: (calls, rounds) => ({ calls, rounds }),
  });

/** How the in-memory rows are measured: paired rounds within a time budget, each sample a batch of `batchMs`. */
export type InMemoryBudget = RoundBudget & { batchMs: number };

/**
 * How many calls of `call` take about `batchMs` of CPU time, from a 200 ms trial after a 200 ms warm-up (cold code
 * and its compilation, on V8's threads, would count in the CPU time): sized by CPU time, so a neighbour holding
 * the CPU during the trial does not shrink every batch.
 */
async function batchSize(call: () => Promise<unknown>, batchMs: number): Promise<number> {
  const trial = async () => {
    let calls = 0;
    const start = performance.now();
    const cpuMs = await cpuTimeMs(async () => {
      while (performance.now() - start < 200 || calls < 5) {
        await call();
        calls++;
      }
    });
    return cpuMs / calls;
  };
  await trial();
  return Math.max(5, Math.round(batchMs / (await trial())));
}

/**
 * The in-memory rows: every sample the CPU time of a batch (sized so that raw fetch takes `batchMs` of CPU; in the
 * baseline row's details).
 */
const measurePaired = (ops: Operation[], budget: InMemoryBudget): Promise<Row[]> =>
  measureRounds(ops, budget, {
    clock: cpuTimeMs,
    calls: batchSize,
    unit: 'µs CPU/call',
    details: (calls) => ({ calls }),
  });

/** The in-memory rows, measured in this process: every variant against a fetch that answers from memory. */
export async function measureInMemory(
  url: string,
  info: MockServerInfo,
  budget: InMemoryBudget,
  warnings: Set<string>,
): Promise<Row[]> {
  const stub = await inMemoryFetch(
    url,
    operations(url, info, (input, init) => fetch(input, init), warnings),
  );
  const rows = await measurePaired(operations(url, info, stub, warnings), budget);
  return rows.map((row) => ({ ...row, group: `${row.group}, in-memory fetch` }));
}

/** What the parent sends `client-overhead-entry.ts`, and what it answers. */
export interface InMemoryJob {
  url: string;
  info: MockServerInfo;
  budget: InMemoryBudget;
}
export type InMemoryReply = { rows: Row[]; version: string } | { error: string };
