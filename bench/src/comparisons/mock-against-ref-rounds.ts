import { fileURLToPath } from 'node:url';
import type { WorldFixtures } from '@blockindex/mock';
import type autocannon from 'autocannon';
import { type InterleavedLoad, type LoadRun, loadInterleaved } from '../load-mixes.js';
import type { ChildServer } from '../servers/child-server.js';
import { workerSamples } from '../workers/run-worker.js';

// The two timed parts of `mock-against-ref`, for any two builds (keyed by label, the ref's first): cold starts in
// fresh processes, and load rounds against fresh pairs of servers.

const COLD_START = fileURLToPath(new URL('../workers/mock-cold-start-entry.mjs', import.meta.url));

/** What `built-mock-entry.mjs` reports once listening. */
export interface BuiltMockInfo {
  url: string;
  fixtures: WorldFixtures;
}

/** What `mock-cold-start-entry.mjs` measures in a fresh process, each in ms from its first line. */
export interface ColdStart {
  importMs: number;
  listenMs: number;
  firstAnswersMs: number;
}

/**
 * Cold starts of each build, in turn: a fresh `node` process (no loader) per sample imports the build, listens and
 * answers `paths` once. One warm-up round, dropped.
 */
export function coldStartSamples(
  serverModules: Record<string, string>,
  paths: readonly string[],
  runs: number,
): Promise<Record<string, ColdStart[]>> {
  return workerSamples<ColdStart>(
    Object.keys(serverModules),
    (label) => [COLD_START, JSON.stringify({ serverModule: serverModules[label], paths })],
    'cold start',
    runs,
  );
}

/** What the load rounds collect per build and mix. */
export interface LoadSamples {
  rps: number[];
  runs: LoadRun[];
  /** The server process's own CPU time per request of each run, in µs. */
  cpuPerRequest: number[];
}

/**
 * `rounds` load rounds, each against a fresh pair of servers (`start` loads one from its build): one process's JIT
 * decisions and memory layout can make it 20% faster or slower than another process of the same build for its
 * whole life, which no number of rounds against the same two processes averages out. Which build goes first
 * alternates.
 */
export async function loadRounds<Mix extends string>(
  serverModules: Record<string, string>,
  mixes: Record<Mix, autocannon.Request[]>,
  start: (serverModule: string) => Promise<ChildServer<BuiltMockInfo>>,
  settings: Pick<InterleavedLoad, 'connections' | 'length' | 'warmupRequests' | 'log'> & { rounds: number },
): Promise<Record<Mix, Record<string, LoadSamples>>> {
  const labels = Object.keys(serverModules);
  const mixNames = Object.keys(mixes) as Mix[];
  const empty = (): Record<string, LoadSamples> =>
    Object.fromEntries(labels.map((label) => [label, { rps: [], runs: [], cpuPerRequest: [] }]));
  const samples = Object.fromEntries(mixNames.map((mix) => [mix, empty()])) as Record<
    Mix,
    Record<string, LoadSamples>
  >;
  for (let round = 0; round < settings.rounds; round++) {
    const pair = Object.fromEntries(
      await Promise.all(
        labels.map(async (label) => [label, await start(serverModules[label] as string)] as const),
      ),
    ) as Record<string, ChildServer<BuiltMockInfo>>;
    try {
      // The server's own CPU time per request, read from its process around every run: unlike req/s it does
      // not move with the load generator, which shares the cores and parses every answer.
      const cpuMicros = async (label: string) =>
        (await (pair[label] as ChildServer<BuiltMockInfo>).ask<{ cpuMicros: number }>({ cpu: true }))
          .cpuMicros;
      const order = round % 2 === 0 ? labels : [...labels].reverse();
      for (const mix of mixNames) {
        const before: Record<string, number> = {};
        const urls = Object.fromEntries(
          order.map((label) => [label, (pair[label] as ChildServer<BuiltMockInfo>).info.url]),
        );
        const { rps, runs } = await loadInterleaved(urls, mixes[mix], {
          connections: settings.connections,
          length: settings.length,
          warmupRequests: settings.warmupRequests,
          rounds: 1,
          beforeRun: async (label) => {
            before[label] = await cpuMicros(label);
          },
          afterRun: async (label, done) => {
            const used = (await cpuMicros(label)) - (before[label] ?? 0);
            samples[mix][label]?.cpuPerRequest.push(used / Math.max(1, done.requests));
          },
          log: (message) => settings.log(`round ${round + 1}: ${message}, ${mix} mix`),
        });
        for (const label of order) {
          samples[mix][label]?.rps.push(...(rps[label] ?? []));
          samples[mix][label]?.runs.push(...(runs[label] ?? []));
        }
      }
    } finally {
      await Promise.all(Object.values(pair).map((server) => server.close()));
    }
  }
  return samples;
}
