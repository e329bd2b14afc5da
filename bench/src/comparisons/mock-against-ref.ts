import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWorld, type WorldFixtures } from '@blockindex/mock';
import type autocannon from 'autocannon';
import type { BenchContext, Comparison, ComparisonOutput } from '../comparison.js';
import { interleave, median, rowsFor, target } from '../harness.js';
import { loadDetails, loadInterleaved, variedRequests } from '../load-mixes.js';
import { sevenOperations } from '../operations.js';
import { checkOutAndBuild } from '../ref-checkout.js';
import { startChildServer } from '../servers/child-server.js';
import { runWorker } from '../workers/run-worker.js';

const require = createRequire(import.meta.url);
const CONNECTIONS = 10;
const SEED = 1;
const WORKSPACE = 'this workspace';
/** The targets' tolerance: a gap this small is never a finding on a shared 2-core machine (see the notes). */
const NOISE = 0.05;

const COLD_START = fileURLToPath(new URL('../workers/mock-cold-start-entry.mjs', import.meta.url));

/** What `mock-cold-start-entry.mjs` measures in a fresh process, each in ms from its first line. */
interface ColdStart {
  importMs: number;
  listenMs: number;
  firstAnswersMs: number;
}

interface BuiltMockInfo {
  url: string;
  fixtures: WorldFixtures;
}

/** Status and body of each of the seven requests, to check both builds answer alike before they are timed. */
async function answers(baseUrl: string, paths: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const path of paths) {
    const response = await fetch(`${baseUrl}${path}`);
    out.push(`${response.status} ${await response.text()}`);
  }
  return out;
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
    ? { connections: CONNECTIONS, requestsPerSample: 200, warmupRequests: 0, rounds: 1, coldStarts: 1 }
    : { connections: CONNECTIONS, durationSeconds: 5, warmupRequests: 2000, rounds: 10, coldStarts: 10 };
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
      [WORKSPACE]: require.resolve('@blockindex/mock/server'),
    };
    const start = (serverModule: string) =>
      startChildServer<BuiltMockInfo>('built-mock-entry.mjs', { serverModule, seed: SEED });
    const [ours, theirs] = await Promise.all([
      start(serverModules[WORKSPACE] as string),
      start(serverModules[baseLabel] as string),
    ]);
    closers.push(ours.close, theirs.close);
    const paths = sevenOperations(ours.info.fixtures).map((op) => op.path);
    const [expected, got] = await Promise.all([
      answers(ours.info.url, paths),
      answers(theirs.info.url, paths),
    ]);
    const differing = paths.filter((_, i) => expected[i] !== got[i]);
    const world = createWorld({ seed: SEED });
    const { requests: varied } = variedRequests(world, ours.info.fixtures);
    const mixes: Record<'cached' | 'uncached', autocannon.Request[]> = {
      cached: paths.map((path) => ({ method: 'GET', path })),
      uncached: varied,
    };
    const urls = { [baseLabel]: theirs.info.url, [WORKSPACE]: ours.info.url };
    const measure = (mix: keyof typeof mixes) =>
      loadInterleaved(urls, mixes[mix], {
        connections: CONNECTIONS,
        length,
        warmupRequests: settings.warmupRequests,
        rounds: settings.rounds,
        log: (message) => log(`${message}, ${mix} mix`),
      });
    // Cold starts first, while nothing else runs: each is a fresh `node` process (no loader) importing a build.
    const coldStarts: Record<string, ColdStart[]> = { [baseLabel]: [], [WORKSPACE]: [] };
    await interleave(
      Object.fromEntries(
        [baseLabel, WORKSPACE].map((label) => [
          label,
          async () => {
            const options = JSON.stringify({ serverModule: serverModules[label], paths });
            const sample = await runWorker<ColdStart>([COLD_START, options], 'cold start');
            coldStarts[label]?.push(sample);
            return sample.firstAnswersMs;
          },
        ]),
      ),
      { warmup: 1, runs: settings.coldStarts },
    );
    const coldRows = (group: string, metric: keyof ColdStart) =>
      rowsFor(
        group,
        'ms',
        baseLabel,
        [baseLabel, WORKSPACE].map((label) => ({
          label,
          // The warm-up round's sample is the first one: dropped like interleave drops it.
          samples: (coldStarts[label] ?? []).slice(1).map((sample) => sample[metric]),
        })),
      );
    const cached = await measure('cached');
    const uncached = await measure('uncached');
    const rowsOf = (group: string, { rps, runs }: typeof cached) =>
      rowsFor(
        group,
        'req/s',
        baseLabel,
        [baseLabel, WORKSPACE].map((label) => ({
          label,
          samples: rps[label] as number[],
          details: loadDetails(runs[label] ?? []),
        })),
      );
    const ratio = ({ rps }: typeof cached) =>
      median(rps[WORKSPACE] as number[]) / median(rps[baseLabel] as number[]);
    return {
      settings: { ...settings, ref, commit: base.commit, seed: SEED },
      rows: [
        ...coldRows('cold start: import @blockindex/mock/server', 'importMs'),
        ...coldRows('cold start: import and listen', 'listenMs'),
        ...coldRows('cold start: import, listen and answer the seven requests once', 'firstAnswersMs'),
        ...rowsOf('throughput, seven-operation mix', cached),
        ...rowsOf('throughput, uncached mix (every request different)', uncached),
      ],
      targets: [
        target(
          `cold start to the seven answers ≤ ${1 + NOISE}× ${ref} (ms ratio)`,
          median((coldStarts[WORKSPACE] ?? []).slice(1).map((s) => s.firstAnswersMs)) /
            median((coldStarts[baseLabel] ?? []).slice(1).map((s) => s.firstAnswersMs)),
          '<=',
          1 + NOISE,
        ),
        target(`seven-operation mix ≥ ${1 - NOISE}× ${ref} (req/s ratio)`, ratio(cached), '>=', 1 - NOISE),
        target(`uncached mix ≥ ${1 - NOISE}× ${ref} (req/s ratio)`, ratio(uncached), '>=', 1 - NOISE),
      ],
      notes: [
        `${ref} was checked out as a detached git worktree, installed from its lockfile and built; both servers are \`startMockServer({ seed: ${SEED} })\` loaded from a build by the same child script (src/servers/built-mock-entry.mjs), each in its own process on 127.0.0.1.`,
        differing.length === 0
          ? 'Before timing, both answered the seven requests with the same statuses and bodies.'
          : `Both builds do not answer alike: ${differing.length} of the seven requests differ (${differing.join(', ')}), so part of the gap is different work, not speed.`,
        `Load: autocannon in the runner process, ${CONNECTIONS} connections, the mixes of mock-throughput; the uncached mix is drawn from this workspace's world (seed ${SEED}), so a ref with another world answers some of it with 404 (see non2xx). Rounds are interleaved (the first server rotates).`,
        'Cold starts: a fresh `node` process (no loader) per sample imports the build, starts the server on 127.0.0.1 and fetches the seven requests once; times are from its first line. One discarded warm-up round fills the OS file cache.',
        `The targets allow ${NOISE * 100}% either way. On 2 shared cores single 5 s rounds of one build spread by ±20%, and the seven-operation mix's median ratio moved between 0.88× and 1.17× over repeated runs of two builds whose CPU profiles of that mix are the same (a third of the time in writev, the rest in node:http): a miss there needs a second run, or a profile, before it is called a regression. Cold starts and the uncached mix, where the mock's own code does the work, move much less.`,
      ],
    };
  } finally {
    for (const close of closers.reverse()) await close();
  }
}
