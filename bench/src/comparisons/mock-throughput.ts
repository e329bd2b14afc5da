import { createRequire } from 'node:module';
import { createWorld } from '@blockindex/mock';
import autocannon from 'autocannon';
import type { BenchContext, Comparison, ComparisonOutput, Row } from '../comparison.js';
import { interleave, median, rowsFor, target } from '../harness.js';
import { type LoadRun, summarize, variedRequests } from '../load-mixes.js';
import { sevenOperations } from '../operations.js';
import type { BareServerOptions, CannedResponse } from '../servers/bare-entry.js';
import { startChildServer } from '../servers/child-server.js';
import type { MockServerInfo, MockServerOptions } from '../servers/mock-entry.js';
import { startPrism } from '../servers/prism.js';

const require = createRequire(import.meta.url);
const prismVersion = (require('@stoplight/prism-cli/package.json') as { version: string }).version;
const CONNECTIONS = 10;
const BARE = 'bare node:http';
type Server = typeof BARE | 'ours' | 'prism';
const SERVERS: Server[] = [BARE, 'ours', 'prism'];

// Hop-by-hop and per-response headers: node:http writes its own.
const DROPPED_HEADERS = new Set(['connection', 'keep-alive', 'date', 'transfer-encoding', 'content-length']);

async function cannedResponses(baseUrl: string, paths: string[]): Promise<Record<string, CannedResponse>> {
  const routes: Record<string, CannedResponse> = {};
  for (const path of paths) {
    const response = await fetch(`${baseUrl}${path}`);
    const headers = Object.fromEntries([...response.headers].filter(([name]) => !DROPPED_HEADERS.has(name)));
    routes[path] = { status: response.status, headers, body: await response.text() };
  }
  return routes;
}

/** Status codes a server gives to the seven requests, e.g. `200×6, 422×1`. */
async function statusSummary(baseUrl: string, paths: string[]): Promise<string> {
  const counts = new Map<number, number>();
  for (const path of paths) {
    const { status } = await fetch(`${baseUrl}${path}`);
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  return [...counts].map(([status, count]) => `${status}×${count}`).join(', ');
}

async function run({ smoke, log }: BenchContext): Promise<ComparisonOutput> {
  const settings = smoke
    ? {
        connections: CONNECTIONS,
        durationSeconds: 1,
        warmupRequests: 100,
        rounds: 1,
        perOperationRequests: 50,
        uncachedRounds: 1,
      }
    : {
        connections: CONNECTIONS,
        durationSeconds: 10,
        warmupRequests: 2000,
        rounds: 5,
        perOperationSeconds: 3,
        uncachedRounds: 3,
      };
  const specPath = require.resolve('@blockindex/spec/openapi.yaml');
  const closers: Array<() => Promise<void>> = [];
  try {
    const mock = await startChildServer<MockServerInfo>('mock-entry.ts', {
      seed: 1,
    } satisfies MockServerOptions);
    closers.push(mock.close);
    const ops = sevenOperations(mock.info.fixtures);
    const paths = ops.map((op) => op.path);
    const requests: autocannon.Request[] = paths.map((path) => ({ method: 'GET', path }));
    const bare = await startChildServer<{ url: string }>('bare-entry.ts', {
      routes: await cannedResponses(mock.info.url, paths),
    } satisfies BareServerOptions);
    closers.push(bare.close);
    log('starting prism');
    const prism = await startPrism(specPath);
    closers.push(prism.close);
    const urls: Record<Server, string> = { [BARE]: bare.info.url, ours: mock.info.url, prism: prism.url };

    const statuses = {} as Record<Server, string>;
    for (const server of SERVERS) statuses[server] = await statusSummary(urls[server], paths);
    log(`statuses of the seven requests: ${JSON.stringify(statuses)}`);
    for (const server of SERVERS) {
      await autocannon({
        url: urls[server],
        connections: CONNECTIONS,
        amount: settings.warmupRequests,
        requests,
      });
    }

    const runs: Record<Server, LoadRun[]> = { [BARE]: [], ours: [], prism: [] };
    const load = (server: Server) => async () => {
      log(`autocannon ${server} ${settings.durationSeconds} s`);
      const result = summarize(
        await autocannon({
          url: urls[server],
          connections: CONNECTIONS,
          duration: settings.durationSeconds,
          requests,
        }),
      );
      runs[server].push(result);
      return result.rps;
    };
    const rps = await interleave(
      { [BARE]: load(BARE), ours: load('ours'), prism: load('prism') },
      { warmup: 0, runs: settings.rounds },
    );

    // Diagnostic: which operation limits our server (one run each, ours only, no target).
    const perOperation: Row[] = [];
    for (const op of ops) {
      const result = summarize(
        await autocannon({
          url: urls.ours,
          connections: CONNECTIONS,
          requests: [{ method: 'GET', path: op.path }],
          ...('perOperationSeconds' in settings
            ? { duration: settings.perOperationSeconds }
            : { amount: settings.perOperationRequests }),
        }),
      );
      perOperation.push(
        ...rowsFor('ours, one operation at a time (diagnostic)', 'req/s', null, [
          {
            label: op.operationId,
            samples: [result.rps],
            details: { p99Ms: result.p99, bytesPerResponse: Math.round(result.bytesPerResponse) },
          },
        ]),
      );
    }

    // The same mix with every request different: what the mock costs when its answer cache cannot help.
    // The bare server only knows the seven canned paths, so only Prism runs next to ours here.
    const world = createWorld({ seed: 1 });
    if (world.fixtures.address !== mock.info.fixtures.address)
      throw new Error('the local world is not the mock’s');
    const { requests: varied, issued } = variedRequests(world, mock.info.fixtures);
    const uncachedRuns: Record<'ours' | 'prism', LoadRun[]> = { ours: [], prism: [] };
    const repeats: Record<'ours' | 'prism', number[]> = { ours: [], prism: [] };
    const loadVaried = (server: 'ours' | 'prism') => async () => {
      log(`autocannon ${server} ${settings.durationSeconds} s, uncached mix`);
      issued.paths.clear();
      issued.count = 0;
      const result = summarize(
        await autocannon({
          url: urls[server],
          connections: CONNECTIONS,
          duration: settings.durationSeconds,
          requests: varied,
        }),
      );
      uncachedRuns[server].push(result);
      repeats[server].push(issued.count === 0 ? 0 : 1 - issued.paths.size / issued.count);
      return result.rps;
    };
    for (const server of ['ours', 'prism'] as const) {
      await autocannon({
        url: urls[server],
        connections: CONNECTIONS,
        amount: settings.warmupRequests,
        requests: varied,
      });
    }
    const uncachedRps = await interleave(
      { ours: loadVaried('ours'), prism: loadVaried('prism') },
      { warmup: 0, runs: settings.uncachedRounds },
    );

    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const details = (server: Server) => ({
      non2xx: sum(runs[server].map((r) => r.non2xx)),
      errors: sum(runs[server].map((r) => r.errors)),
      bytesPerResponse: Math.round(median(runs[server].map((r) => r.bytesPerResponse))),
    });
    const rows = [
      ...rowsFor(
        'throughput, seven-operation mix',
        'req/s',
        BARE,
        SERVERS.map((server) => ({ label: server, samples: rps[server], details: details(server) })),
      ),
      ...rowsFor(
        'p99 latency, seven-operation mix',
        'ms',
        BARE,
        SERVERS.map((server) => ({ label: server, samples: runs[server].map((r) => r.p99) })),
      ),
      ...perOperation,
      ...rowsFor(
        'throughput, uncached mix (every request different)',
        'req/s',
        'prism',
        (['prism', 'ours'] as const).map((server) => ({
          label: server,
          samples: uncachedRps[server],
          details: {
            non2xx: sum(uncachedRuns[server].map((r) => r.non2xx)),
            errors: sum(uncachedRuns[server].map((r) => r.errors)),
            bytesPerResponse: Math.round(median(uncachedRuns[server].map((r) => r.bytesPerResponse))),
            p99Ms: median(uncachedRuns[server].map((r) => r.p99)),
            // Requests whose path had already been sent in the same run: an upper bound on answer-cache hits.
            repeatedPathShare: Number(median(repeats[server]).toFixed(3)),
          },
        })),
      ),
    ];
    const ours = median(rps.ours);
    return {
      settings: {
        ...settings,
        mix: ops.map((op) => op.operationId),
        uncachedMix: 'the seven operations, every request rewritten (autocannon setupRequest)',
        prism: `${prismVersion}, static examples, -v error`,
      },
      rows,
      targets: [
        target('ours ≥ 10× Prism (req/s ratio)', ours / median(rps.prism), '>=', 10),
        target(`ours ≥ 0.5× ${BARE} (req/s ratio)`, ours / median(rps[BARE]), '>=', 0.5),
      ],
      notes: [
        `Load: autocannon in the runner process, ${CONNECTIONS} connections, each cycling through the seven operations in order (one request each, list pages of 20); every server runs in its own child process on 127.0.0.1. Rounds are interleaved (the first server rotates); req/s = requests completed / duration.`,
        `The bare server answers each of the seven paths with the exact status, headers and body our mock gave for it, precomputed: the ceiling for any mock on this machine, not a competitor.`,
        `Prism ${prismVersion} serves spec/openapi.yaml from its examples (static mode) with logging at error level, its fastest setup. Its bodies are the spec's single examples, much smaller than our full pages (see bytesPerResponse), so it does less work per request than our mock. Statuses of the seven requests: ${SERVERS.map((s) => `${s}: ${statuses[s]}`).join('; ')}.`,
        'Load generator and servers share the 2 cores, so every req/s here is a floor set partly by autocannon itself; the ratios are what carry over to other machines.',
        'The seven-operation mix asks the same seven URLs over and over, which our mock answers from memory after the first time (the route and validated input of each request target, and the serialized 200 answer until the world changes; scenarios, rate-limit headers, Warning and 304 are still applied per request). That is why it approaches the bare server. The uncached mix shows the cost without that help: every request asks for another page (limit 1–50 at any offset of the address’s history), the events of another transaction, another set of three contract ids, a block anywhere in the chain or one of the BRC-20 tokens, all drawn from the same world. Only the tokens (11) and the blocks (a few hundred) repeat often; repeatedPathShare is the share of a run’s requests whose path had been sent before in that run, an upper bound on answer-cache hits (the cache keeps 512 answers). The bare server cannot answer such a mix, so the baseline there is Prism.',
      ],
    };
  } finally {
    for (const close of closers.reverse()) await close();
  }
}

/** Our standalone mock vs a bare node:http server vs Stoplight Prism, under autocannon. */
export const mockThroughput: Comparison = {
  name: 'mock-throughput',
  title: 'Mock server throughput and p99: ours vs bare node:http (ceiling) vs Prism',
  run,
};
