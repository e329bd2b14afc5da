import { join } from 'node:path';
import { createWorld } from '@blockindex/mock';
import type autocannon from 'autocannon';
import { type CountedMix, instructionsPerRequest, valgrindVersion } from '../callgrind.js';
import type { BenchContext, Comparison, ComparisonOutput, Row, Target } from '../comparison.js';
import { fetchHandlerStartUp } from '../fetch-handler-start-up.js';
import { median, rowsFor, target } from '../harness.js';
import { loadDetails, type VariedRequest, variedRequests } from '../load-mixes.js';
import { sevenOperations } from '../operations.js';
import { checkOutAndBuild, WORKSPACE_ROOT } from '../ref-checkout.js';
import { startChildServer } from '../servers/child-server.js';
import {
  type BuiltMockInfo,
  type ColdStart,
  coldStartSamples,
  type LoadSamples,
  loadRounds,
} from './mock-against-ref-rounds.js';

const CONNECTIONS = 10;
const SEED = 1;
const WORKSPACE = 'this workspace';
/** The targets' tolerance: a gap this small is never a finding on a shared 2-core machine (see the notes). */
const NOISE = 0.05;

/** What a server answers to each request: status and body, and its header names (values vary: dates, ETags). */
async function answers(
  baseUrl: string,
  paths: string[],
): Promise<{ bodies: string[]; headerNames: string[] }> {
  const bodies: string[] = [];
  const headerNames: string[] = [];
  for (const path of paths) {
    const response = await fetch(`${baseUrl}${path}`);
    bodies.push(`${response.status} ${await response.text()}`);
    headerNames.push([...response.headers.keys()].filter((name) => name !== 'date').join(', '));
  }
  return { bodies, headerNames };
}

/**
 * The standalone mock server of this workspace against the one of another commit (`pnpm bench --against <ref>`),
 * both loaded from their builds by the same child script and driven by the same mixes as `mock-throughput`: a
 * regression check that does not depend on the machine, unlike ratios to Prism recorded on another day.
 */
export function mockAgainstRef(ref: string): Comparison {
  return {
    name: 'mock-against-ref',
    title: `Mock server throughput: this workspace vs ${ref}`,
    run: (context) => run(ref, context),
  };
}

async function run(ref: string, { smoke, log }: BenchContext): Promise<ComparisonOutput> {
  const settings = smoke
    ? {
        connections: CONNECTIONS,
        requestsPerSample: 200,
        warmupRequests: 0,
        rounds: 1,
        coldStarts: 1,
        counted: {
          cached: { warmupRequests: 100, measuredRequests: 100 },
          uncached: { warmupRequests: 100, measuredRequests: 100 },
        },
      }
    : {
        connections: CONNECTIONS,
        durationSeconds: 5,
        warmupRequests: 2000,
        rounds: 10,
        coldStarts: 10,
        // Requests under callgrind: the uncached mix needs more to let V8 finish optimizing its many paths.
        counted: {
          cached: { warmupRequests: 30_000, measuredRequests: 10_000 },
          uncached: { warmupRequests: 10_000, measuredRequests: 20_000 },
        },
      };
  const length =
    'durationSeconds' in settings
      ? { duration: settings.durationSeconds }
      : { amount: settings.requestsPerSample };
  const base = await checkOutAndBuild(ref, log);
  const baseLabel = `${ref} (${base.commit.slice(0, 10)})`;
  const closers: Array<() => Promise<void>> = [base.remove];
  try {
    const serverModules = {
      [baseLabel]: join(base.dir, 'packages/mock/dist/server.js'),
      // The same file of both builds (the ESM one): `require.resolve` would pick this workspace's CommonJS build.
      [WORKSPACE]: join(WORKSPACE_ROOT, 'packages/mock/dist/server.js'),
    };
    const start = (serverModule: string) =>
      startChildServer<BuiltMockInfo>('built-mock-entry.mjs', { serverModule, seed: SEED });
    const [ours, theirs] = await Promise.all([
      start(serverModules[WORKSPACE] as string),
      start(serverModules[baseLabel] as string),
    ]);
    const ops = sevenOperations(ours.info.fixtures);
    const paths = ops.map((op) => op.path);
    const [expected, got] = await Promise.all([
      answers(ours.info.url, paths),
      answers(theirs.info.url, paths),
    ]);
    const differing = paths.filter((_, i) => expected.bodies[i] !== got.bodies[i]);
    const headersDiffer = ops.flatMap(({ operationId }, i) => {
      const theirNames = (got.headerNames[i] ?? '').split(', ');
      const ourNames = (expected.headerNames[i] ?? '').split(', ');
      const added = ourNames.filter((name) => !theirNames.includes(name));
      const dropped = theirNames.filter((name) => !ourNames.includes(name));
      if (added.length + dropped.length === 0) return [];
      return [`${operationId} ${[...added.map((n) => `+${n}`), ...dropped.map((n) => `-${n}`)].join(' ')}`];
    });
    const world = createWorld({ seed: SEED });
    const { requests: varied } = variedRequests(world, ours.info.fixtures);
    const mixes: Record<'cached' | 'uncached', autocannon.Request[]> = {
      cached: paths.map((path) => ({ method: 'GET', path })),
      uncached: varied,
    };
    closers.push(ours.close, theirs.close);
    // Only the first pair's answers are compared; every load round starts its own pair.
    await Promise.all([ours.close(), theirs.close()]);

    // Cold starts first, while nothing else runs: each is a fresh `node` process (no loader) importing a build.
    const coldStarts = await coldStartSamples(serverModules, paths, settings.coldStarts);
    const coldRows = (group: string, metric: keyof ColdStart) =>
      rowsFor(
        group,
        'ms',
        baseLabel,
        [baseLabel, WORKSPACE].map((label) => ({
          label,
          samples: (coldStarts[label] ?? []).map((sample) => sample[metric]),
        })),
      );
    const startUp = await fetchHandlerStartUp(
      {
        [baseLabel]: join(base.dir, 'packages/mock/dist/index.js'),
        [WORKSPACE]: join(WORKSPACE_ROOT, 'packages/mock/dist/index.js'),
      },
      // The first answer is a list page: it needs the chain, where the BRC-20 answer (the first of the seven) does not.
      [
        ...ops.filter((op) => op.operationId === 'getAddressTransactions'),
        ...ops.filter((op) => op.operationId !== 'getAddressTransactions'),
      ].map((op) => op.path),
      settings.coldStarts,
    );
    const samples = await loadRounds(serverModules, mixes, start, {
      connections: CONNECTIONS,
      length,
      warmupRequests: settings.warmupRequests,
      rounds: settings.rounds,
      log,
    });
    const counted = await countInstructions(
      Object.fromEntries([baseLabel, WORKSPACE].map((label) => [label, serverModules[label] as string])),
      {
        cached: paths,
        uncached: variedPaths(
          varied,
          settings.counted.uncached.warmupRequests + settings.counted.uncached.measuredRequests,
        ),
      },
      settings.counted,
      baseLabel,
      ref,
      log,
    );
    const { cached, uncached } = samples;
    const rowsOf = (group: string, mix: Record<string, LoadSamples>) =>
      rowsFor(
        group,
        'req/s',
        baseLabel,
        [baseLabel, WORKSPACE].map((label) => ({
          label,
          samples: mix[label]?.rps ?? [],
          details: loadDetails(mix[label]?.runs ?? []),
        })),
      );
    const cpuRows = (group: string, mix: Record<string, LoadSamples>) =>
      rowsFor(
        group,
        'µs',
        baseLabel,
        [baseLabel, WORKSPACE].map((label) => ({ label, samples: mix[label]?.cpuPerRequest ?? [] })),
      );
    const cpuRatio = (mix: Record<string, LoadSamples>) =>
      median(mix[WORKSPACE]?.cpuPerRequest ?? []) / median(mix[baseLabel]?.cpuPerRequest ?? []);
    const coldRatio =
      median((coldStarts[WORKSPACE] ?? []).map((sample) => sample.firstAnswersMs)) /
      median((coldStarts[baseLabel] ?? []).map((sample) => sample.firstAnswersMs));
    return {
      settings: { ...settings, ref, commit: base.commit, seed: SEED },
      rows: [
        ...coldRows('cold start: import @blockindex/mock/server', 'importMs'),
        ...coldRows('cold start: import and listen', 'listenMs'),
        ...coldRows('cold start: import, listen and answer the seven requests once', 'firstAnswersMs'),
        ...startUp.rows,
        ...cpuRows('server CPU per request, seven-operation mix', cached),
        ...cpuRows('server CPU per request, uncached mix', uncached),
        ...counted.rows,
        ...rowsOf('throughput, seven-operation mix', cached),
        ...rowsOf('throughput, uncached mix (every request different)', uncached),
      ],
      targets: [
        target(
          `cold start to the seven answers ≤ ${1 + NOISE}× ${ref} (ms ratio)`,
          coldRatio,
          '<=',
          1 + NOISE,
        ),
        target(
          `server CPU per request, uncached mix ≤ ${1 + NOISE}× ${ref}`,
          cpuRatio(uncached),
          '<=',
          1 + NOISE,
        ),
        ...startUp.targets,
        ...counted.targets,
      ],
      notes: [
        `${ref} was checked out as a detached git worktree, installed from its lockfile and built; both servers are \`startMockServer({ seed: ${SEED} })\` loaded from a build by the same child script (src/servers/built-mock-entry.mjs), each in its own process on 127.0.0.1.`,
        differing.length === 0
          ? 'Before timing, both answered the seven requests with the same statuses and bodies.'
          : `Both builds do not answer alike: ${differing.length} of the seven requests differ (${differing.join(', ')}), so part of the gap is different work, not speed.`,
        headersDiffer.length === 0
          ? 'Both sent the same header names.'
          : `Header names this workspace adds (+) or drops (-) compared with ${ref}: ${headersDiffer.join('; ')}.`,
        `Load: autocannon in the runner process, ${CONNECTIONS} connections, the mixes of mock-throughput; the uncached mix is drawn from this workspace's world (seed ${SEED}), so a ref with another world answers some of it with 404 (see non2xx). Every round starts a fresh pair of server processes, warms each with both mixes and loads them in turn (the first alternates): one process can run 20% faster or slower than another of the same build for its whole life, so samples from one long-lived pair measure that pair, not the builds.`,
        'Cold starts: a fresh `node` process (no loader) per sample imports the build, starts the server on 127.0.0.1 and fetches the seven requests once; times are from its first line. One discarded warm-up round fills the OS file cache.',
        startUp.note,
        'Server CPU per request is the server process’s user + system CPU time over a run (read over IPC before and after it) divided by the requests it answered: what the mock itself costs, whatever the load generator’s share of the cores.',
        `The time targets are cold start and server CPU per request on the uncached mix, where the mock's own code does the work (${NOISE * 100}% allowed for noise). The seven-operation mix is not timed against a target: its answers come from the cache, autocannon rather than the server sets the pace (the server is idle about 40% of such a run, and a third of its busy time is writev), and the mock's own code is a few percent of each request's CPU time, less than this machine's spread between rounds. Instructions per request, which do not move with the machine, are what shows it.`,
        counted.note,
      ],
    };
  } finally {
    for (const close of closers.reverse()) await close();
  }
}

/** The varied mix's paths in the order autocannon would draw them, `count` of them, for a run that replays them. */
function variedPaths(varied: readonly VariedRequest[], count: number): string[] {
  const paths: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const request = varied[i % varied.length] as VariedRequest;
    const { path } = request.setupRequest({ method: 'GET', path: request.path });
    if (path === undefined) throw new Error('a varied request drew no path');
    paths.push(path);
  }
  return paths;
}

type Mix = 'cached' | 'uncached';
const MIXES: readonly Mix[] = ['cached', 'uncached'];

/**
 * Instructions per request of both builds under callgrind (valgrind), both at once, each in its own process: a
 * ratio that needs no quiet machine. Skipped with a note where valgrind is not installed.
 */
async function countInstructions(
  serverModules: Record<string, string>,
  paths: Record<Mix, readonly string[]>,
  counted: Record<Mix, Omit<CountedMix, 'paths'>>,
  baseLabel: string,
  ref: string,
  log: (message: string) => void,
): Promise<{ rows: Row[]; targets: Target[]; note: string }> {
  const version = await valgrindVersion();
  if (version === undefined) {
    return {
      rows: [],
      targets: [],
      note: 'Instructions per request were not counted: valgrind is not installed (`apt-get install valgrind`).',
    };
  }
  const mixes: Record<Mix, CountedMix> = {
    cached: { paths: paths.cached, ...counted.cached },
    uncached: { paths: paths.uncached, ...counted.uncached },
  };
  log(`counting instructions per request under callgrind (${version}), both builds at once`);
  const perBuild = await Promise.all(
    Object.entries(serverModules).map(async ([label, serverModule]) => ({
      label,
      counts: await instructionsPerRequest('built-mock-entry.mjs', { serverModule, seed: SEED }, mixes),
    })),
  );
  const group: Record<Mix, string> = { cached: 'seven-operation mix', uncached: 'uncached mix' };
  const rows = MIXES.flatMap((mix) =>
    rowsFor(
      `instructions per request (callgrind), ${group[mix]}`,
      'instructions',
      baseLabel,
      perBuild.map(({ label, counts }) => ({ label, samples: [Math.round(counts[mix])] })),
    ),
  );
  const countOf = (label: string, mix: Mix) =>
    perBuild.find((build) => build.label === label)?.counts[mix] ?? Number.NaN;
  const ratio = (mix: Mix) => countOf(WORKSPACE, mix) / countOf(baseLabel, mix);
  return {
    rows,
    targets: MIXES.map((mix) =>
      target(`instructions per request, ${group[mix]} ≤ 1× ${ref}`, ratio(mix), '<=', 1),
    ),
    note: `Instructions per request: each build's server runs under valgrind's callgrind (${version}) with counting off; a client in this process sends each mix's warm-up requests one at a time over one keep-alive connection (${MIXES.map((mix) => `${mixes[mix].warmupRequests} ${mix}`).join(', ')}), then the same sequence of requests to both builds while every thread of the server is counted (${MIXES.map((mix) => `${mixes[mix].measuredRequests} ${mix}`).join(', ')}). The servers' \`node\` gets fixed hash and random seeds, a large initial old generation and no memory reducer (src/callgrind.ts): with them two processes of one build count within about 0.1% of each other, where full collections starting at different points moved the uncached mix by 2–5%. Instructions are not time (cache misses, system calls), but they do not depend on what else the machine runs.`,
  };
}
