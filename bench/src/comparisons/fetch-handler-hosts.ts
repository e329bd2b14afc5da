import { createWorld } from '@blockindex/mock';
import type autocannon from 'autocannon';
import type { BenchContext, Comparison, ComparisonOutput } from '../comparison.js';
import { rowsFor } from '../harness.js';
import { loadDetails, loadInterleaved, variedRequests } from '../load-mixes.js';
import { sevenOperations } from '../operations.js';
import { type ChildServer, startChildServer } from '../servers/child-server.js';
import {
  type FetchHost,
  type FetchHostRuntime,
  runtimeBinary,
  startFetchHost,
} from '../servers/fetch-host.js';
import type { MockServerInfo, MockServerOptions } from '../servers/mock-entry.js';

const CONNECTIONS = 10;
const SEED = 1;
const NODE = 'node:http + fetch handler';
const BUN = 'Bun.serve + fetch handler';
const DENO = 'Deno.serve + fetch handler';
const STANDALONE = 'startMockServer (reference)';
type Variant = typeof NODE | typeof BUN | typeof DENO | typeof STANDALONE;
const HOSTS: ReadonlyArray<[Variant, FetchHostRuntime]> = [
  [NODE, 'node'],
  [BUN, 'bun'],
  [DENO, 'deno'],
];

/** The bodies a server gives to the seven requests; every host must give the same ones before it is timed. */
async function bodies(baseUrl: string, paths: string[]): Promise<string[]> {
  const answers: string[] = [];
  for (const path of paths) {
    const response = await fetch(`${baseUrl}${path}`);
    answers.push(`${response.status} ${await response.text()}`);
  }
  return answers;
}

async function run({ smoke, log }: BenchContext): Promise<ComparisonOutput> {
  const settings = smoke
    ? { connections: CONNECTIONS, requestsPerSample: 200, warmupRequests: 0, rounds: 1, uncachedRounds: 1 }
    : { connections: CONNECTIONS, durationSeconds: 5, warmupRequests: 2000, rounds: 5, uncachedRounds: 3 };
  // Smoke samples are a fixed number of requests, so a slow host cannot stretch the run.
  const length =
    'durationSeconds' in settings
      ? { duration: settings.durationSeconds }
      : { amount: settings.requestsPerSample };
  const closers: Array<() => Promise<void>> = [];
  const skipped: string[] = [];
  try {
    // Started side by side: the hosts are independent and each takes a moment to load the mock.
    const available = HOSTS.flatMap(([variant, runtime]) => {
      const binary = runtimeBinary(runtime);
      if ('bin' in binary) return [{ variant, runtime, bin: binary.bin }];
      skipped.push(`${variant} skipped: ${binary.missing}.`);
      log(`skipping ${variant}: ${binary.missing}`);
      return [];
    });
    const started = await Promise.allSettled([
      startChildServer<MockServerInfo>('mock-entry.ts', { seed: SEED } satisfies MockServerOptions),
      ...available.map(({ runtime, bin }) => startFetchHost(runtime, bin, { seed: SEED })),
    ]);
    for (const outcome of started) if (outcome.status === 'fulfilled') closers.push(outcome.value.close);
    const failed = started.find((outcome) => outcome.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
    const [standalone, ...hosts] = started.map(
      (outcome) => (outcome as PromiseFulfilledResult<unknown>).value,
    );
    const urls: Partial<Record<Variant, string>> = {};
    const hostNames: Partial<Record<Variant, string>> = {};
    available.forEach(({ variant }, i) => {
      const host = hosts[i] as FetchHost;
      urls[variant] = host.url;
      hostNames[variant] = host.host;
    });
    const { info } = standalone as ChildServer<MockServerInfo>;
    urls[STANDALONE] = info.url;
    hostNames[STANDALONE] =
      `startMockServer from @blockindex/mock/server (node:http, no Request/Response) (Node ${process.version})`;
    const variants = Object.keys(urls) as Variant[];

    const ops = sevenOperations(info.fixtures);
    const paths = ops.map((op) => op.path);
    const expected = await bodies(info.url, paths);
    if (!expected.every((answer) => answer.startsWith('200 ')))
      throw new Error('the standalone mock does not answer the seven requests with 200');
    for (const variant of variants) {
      const got = await bodies(urls[variant] as string, paths);
      const differs = got.findIndex((answer, i) => answer !== expected[i]);
      if (differs !== -1)
        throw new Error(`${variant} answers ${ops[differs]?.operationId} differently from startMockServer`);
    }

    const world = createWorld({ seed: SEED });
    if (world.fixtures.address !== info.fixtures.address)
      throw new Error('the local world is not the hosts’');
    const { requests: varied } = variedRequests(world, info.fixtures);
    const mixes = {
      cached: paths.map((path): autocannon.Request => ({ method: 'GET', path })),
      uncached: varied,
    };
    type Mix = keyof typeof mixes;
    const measure = (mix: Mix, rounds: number) =>
      loadInterleaved(urls as Record<Variant, string>, mixes[mix], {
        connections: CONNECTIONS,
        length,
        // Smoke skips the warm-up: an autocannon run costs about a second however few requests it sends.
        warmupRequests: settings.warmupRequests,
        rounds,
        log: (message) => log(`${message}, ${mix} mix`),
      });
    const cached = await measure('cached', settings.rounds);
    const uncached = await measure('uncached', settings.uncachedRounds);
    const rowsOf = (group: string, { rps, runs }: typeof cached) =>
      rowsFor(
        group,
        'req/s',
        urls[NODE] === undefined ? null : NODE,
        variants.map((variant) => ({
          label: variant,
          samples: rps[variant],
          details: loadDetails(runs[variant]),
        })),
      );
    return {
      settings: {
        ...settings,
        hosts: Object.fromEntries(variants.map((variant) => [variant, hostNames[variant]])),
        ...(skipped.length > 0 ? { skipped } : {}),
        mix: ops.map((op) => op.operationId),
        uncachedMix:
          'the seven operations, every request rewritten (autocannon setupRequest), as mock-throughput',
      },
      rows: [
        ...rowsOf('throughput, seven-operation mix', cached),
        ...rowsOf('throughput, uncached mix (every request different)', uncached),
      ],
      targets: [],
      notes: [
        ...skipped,
        `The same file, src/servers/fetch-host-entry.mjs, runs under each runtime and serves \`createFetchHandler({ seed: ${SEED} })\` from @blockindex/mock's build with the runtime's own server: Bun.serve and Deno.serve take the handler as it is; Node has no built-in way to serve a fetch handler, so a small adapter there turns IncomingMessage into a Request and writes the Response back (what Hono's node-server and similar adapters do). Bun and Deno come from the pinned runtime cache (scripts/runtimes.mjs), never downloaded by the benchmark.`,
        `startMockServer is the mock's own node:http host (the engine without Request/Response objects), the server measured in mock-throughput; it is here as a reference for what the Request/Response round trip costs on Node.`,
        'Before timing, every host answered the seven requests with the same statuses and bodies as startMockServer.',
        `Load: autocannon in the runner process (Node ${process.version}), ${CONNECTIONS} connections, the same two mixes as mock-throughput: the seven operations repeated (answered from the engine's answer cache after the first time) and the uncached mix (every request different). Every host runs in its own child process on 127.0.0.1; rounds are interleaved (the first host rotates). Load generator and hosts share the 2 cores, so the ratios, not the req/s, are what carry over.`,
      ],
    };
  } finally {
    for (const close of closers.reverse()) await close();
  }
}

/** The mock's fetch handler served by Bun.serve, Deno.serve and node:http, under the same load. */
export const fetchHandlerHosts: Comparison = {
  name: 'fetch-handler-hosts',
  title: 'Fetch handler throughput by host: node:http vs Bun.serve vs Deno.serve',
  run,
};
