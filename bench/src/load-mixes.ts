// Request mixes and load-run summaries shared by the comparisons that load a mock server with autocannon.
import type { World, WorldFixtures } from '@blockindex/mock';
import autocannon from 'autocannon';
import { interleave, median } from './harness.js';

/** A request autocannon rewrites before every send (its `setupRequest` hook). */
export interface VariedRequest extends autocannon.Request {
  setupRequest(request: autocannon.Request): autocannon.Request;
}

/**
 * The seven operations again, but every request asks for something else: list pages at pseudo-random limits
 * and offsets over the fixture address's whole history, events of its other transactions, blocks all over
 * the chain, other sets of contract ids, other tickers. Values come from `createWorld(options)`, the same
 * deterministic world the child server builds, so every request is a 200 answered from real data. Almost no
 * request repeats an earlier one while it could still be in the mock's answer cache; only the world's few
 * BRC-20 tickers (and some of its few hundred blocks) can.
 */
export function variedRequests(
  world: World,
  fixtures: WorldFixtures,
): { requests: VariedRequest[]; issued: Issued } {
  const { address } = fixtures;
  const history = world.listAddressTransactions(address, { limit: 0, offset: 0 });
  if ('error' in history) throw new Error(`fixture address cannot be listed: ${history.error}`);
  const total = history.total;
  const txIds: string[] = [];
  for (let offset = 0; offset < total; offset += 50) {
    const page = world.listAddressTransactions(address, { limit: 50, offset });
    if (!('error' in page)) txIds.push(...page.results.map((row) => row.tx.tx_id));
  }
  const blocks: { burn_block_height: number; burn_block_hash: string }[] = [];
  for (let height = 1; height <= world.tip.height; height += 1) {
    const block = world.getBlockByHeight(height);
    if (block && world.getBlockByBurnBlockHeight(block.burn_block_height)) blocks.push(block);
  }
  const contractIds = [
    ...new Set(
      txIds
        .slice(0, 400)
        .map((txId) => world.getTransaction(txId))
        .flatMap((tx) => (tx?.tx_type === 'contract_call' ? [tx.contract_call.contract_id] : [])),
    ),
    ...fixtures.contractIds,
  ];
  const tickers = [
    'ordi',
    'sats',
    'rats',
    'meme',
    'pepe',
    'trac',
    'mmss',
    'vmpx',
    'piin',
    'btcs',
    'pizza',
  ].filter((ticker) => world.getBrc20Token(ticker) !== undefined);
  // A counter through a multiplicative hash: deterministic, spread, and cheap for the load generator.
  let drawn = 0;
  const draw = (range: number) => {
    drawn += 1;
    return (Math.imul(drawn, 0x9e3779b1) >>> 0) % range;
  };
  const pick = <T>(values: readonly T[]): T => values[draw(values.length)] as T;
  const issued: Issued = { paths: new Set(), count: 0 };
  const varied = (path: () => string): VariedRequest => ({
    method: 'GET',
    path: path(),
    setupRequest: (request) => {
      const next = path();
      issued.count += 1;
      issued.paths.add(next);
      return { ...request, path: next };
    },
  });
  const requests = [
    varied(() => `/ordinals/v1/brc-20/tokens/${pick(tickers)}`),
    varied(() => {
      const ids = [pick(contractIds), pick(contractIds), pick(contractIds)];
      return `/extended/v2/smart-contracts/status?${ids.map((id) => `contract_id=${encodeURIComponent(id)}`).join('&')}`;
    }),
    varied(
      () =>
        `/extended/v2/addresses/${address}/transactions/${pick(txIds)}/events?limit=${1 + draw(50)}&offset=0`,
    ),
    varied(
      () =>
        `/extended/v1/address/${address}/transactions_with_transfers?limit=${1 + draw(50)}&offset=${draw(total)}`,
    ),
    varied(
      () => `/extended/v2/addresses/${address}/transactions?limit=${1 + draw(50)}&offset=${draw(total)}`,
    ),
    varied(() => `/extended/v1/block/by_burn_block_height/${pick(blocks).burn_block_height}`),
    varied(() => `/extended/v1/block/by_burn_block_hash/${pick(blocks).burn_block_hash}`),
  ];
  return { requests, issued };
}

/** The paths a load run sent: how many requests, how many distinct. */
export interface Issued {
  paths: Set<string>;
  count: number;
}

/** What one autocannon run measured. */
export interface LoadRun {
  /** Requests completed. */
  requests: number;
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
  bytesPerResponse: number;
}

/** The figures the reports keep from one autocannon result. */
export function summarize(result: autocannon.Result): LoadRun {
  return {
    requests: result.requests.total,
    rps: result.requests.total / result.duration,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    bytesPerResponse: result.requests.total === 0 ? 0 : result.throughput.total / result.requests.total,
  };
}

/** How long each load run lasts (seconds), or how many requests it sends (smoke runs: bounded whatever the speed). */
type RunLength = { duration: number } | { amount: number };

/** Settings of {@link loadInterleaved}. */
export interface InterleavedLoad {
  connections: number;
  length: RunLength;
  /** Requests sent to each server before timing (0: none). */
  warmupRequests: number;
  rounds: number;
  /** Called before every timed run of a server, e.g. to reset an {@link Issued} record or read a counter. */
  beforeRun?: (server: string) => void | Promise<void>;
  /** Called after every timed run of a server, with what it measured. */
  afterRun?: (server: string, run: LoadRun) => void | Promise<void>;
  log: (message: string) => void;
}

/**
 * Sends the same request mix to every server in interleaved rounds (the first server rotates), after a warm-up
 * of each: the req/s samples per server, and every run's summary.
 * @example
 * const { rps, runs } = await loadInterleaved({ ours: a.url, base: b.url }, requests, settings);
 */
export async function loadInterleaved<Server extends string>(
  urls: Readonly<Record<Server, string>>,
  requests: autocannon.Request[],
  settings: InterleavedLoad,
): Promise<{ rps: Record<Server, number[]>; runs: Record<Server, LoadRun[]> }> {
  const { connections, length, warmupRequests, rounds, beforeRun, afterRun, log } = settings;
  const servers = Object.keys(urls) as Server[];
  if (warmupRequests > 0)
    for (const server of servers)
      await autocannon({ url: urls[server], connections, amount: warmupRequests, requests });
  const runs = Object.fromEntries(servers.map((server) => [server, [] as LoadRun[]])) as Record<
    Server,
    LoadRun[]
  >;
  const rps = await interleave(
    Object.fromEntries(
      servers.map((server) => [
        server,
        async () => {
          log(`autocannon ${server}`);
          await beforeRun?.(server);
          const result = summarize(await autocannon({ url: urls[server], connections, ...length, requests }));
          await afterRun?.(server, result);
          runs[server].push(result);
          return result.rps;
        },
      ]),
    ) as Record<Server, () => Promise<number>>,
    { warmup: 0, runs: rounds },
  );
  return { rps, runs };
}

/** The per-run figures of a server's load runs, as a row's details: failures summed, sizes and p99 as medians. */
export function loadDetails(runs: readonly LoadRun[]): Record<string, number> {
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return {
    non2xx: sum(runs.map((r) => r.non2xx)),
    errors: sum(runs.map((r) => r.errors)),
    bytesPerResponse: Math.round(median(runs.map((r) => r.bytesPerResponse))),
    p99Ms: median(runs.map((r) => r.p99)),
  };
}
