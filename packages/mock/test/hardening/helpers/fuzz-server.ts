import fc from 'fast-check';
import type { World } from '../../../src/world';
import { answerProblem } from './fuzz-oracle';
import { type FuzzRequest, fuzzRequest } from './fuzz-requests';
import { rawClient } from './raw-http';

/** What a fuzzing run did: requests sent, how they spread over answers and targets, what went wrong. */
export interface FuzzFigures {
  seed: number;
  requests: number;
  statuses: Record<string, number>;
  kinds: Record<string, number>;
  targets: Record<string, number>;
  /** Distinct problems (by signature): how often each was seen, and the first request that showed it. */
  problems: Map<string, { count: number; example: string }>;
}

const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

/**
 * Sends `runs` generated requests to the server over real loopback HTTP, one after the other, and checks
 * every answer. It does not stop at the first bad answer: every distinct problem is counted, with an example,
 * so one run reports them all. The seed (`FUZZ_SEED` replays it) is part of the figures.
 */
export async function fuzzServer(
  baseUrl: string,
  world: World,
  options: { runs: number; seed?: number; timeoutMs?: number },
): Promise<FuzzFigures> {
  const seed = options.seed ?? (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) >>> 0;
  const requests = fc.sample(fuzzRequest(world), { numRuns: options.runs, seed });
  const client = rawClient(baseUrl, { timeoutMs: options.timeoutMs ?? 10_000 });
  const figures: FuzzFigures = {
    seed,
    requests: 0,
    statuses: {},
    kinds: {},
    targets: {},
    problems: new Map(),
  };
  try {
    for (const request of requests) {
      figures.requests += 1;
      bump(figures.kinds, request.kind);
      bump(figures.targets, request.target);
      let problem: string | undefined;
      let answered = 'no answer';
      try {
        const answer = await client.send(request);
        bump(figures.statuses, String(answer.status));
        answered = `${answer.status} ${answer.headers.location ?? ''} ${answer.body.slice(0, 200)}`;
        problem = answerProblem(request, answer);
      } catch (error) {
        bump(figures.statuses, 'no answer');
        problem = `no answer: ${(error as Error).message}`;
      }
      if (problem) {
        const key = signature(problem);
        const seen = figures.problems.get(key);
        if (seen) seen.count += 1;
        else
          figures.problems.set(key, {
            count: 1,
            example: `${problem}\n    request: ${describe(request)}\n    answer: ${answered}`,
          });
      }
    }
  } finally {
    client.close();
  }
  return figures;
}

/** A problem without its particulars (paths, numbers), so that one bug counts once. */
function signature(problem: string): string {
  return problem
    .replace(/\/[^\s,]*/g, '<path>')
    .replace(/\d+/g, 'N')
    .slice(0, 120);
}

function describe(request: FuzzRequest): string {
  const path =
    request.path.length > 300
      ? `${request.path.slice(0, 300)}… (${request.path.length} chars)`
      : request.path;
  const headers = Object.entries(request.headers ?? {}).map(
    ([name, value]) =>
      `${name}: ${value.length > 80 ? `${value.slice(0, 80)}… (${value.length} chars)` : value}`,
  );
  return `GET ${path} [${request.kind} → ${request.target}] ${JSON.stringify(headers)}`;
}

/** Every distinct problem with its count and example, for the assertion message. */
export function formatProblems(figures: FuzzFigures): string {
  const lines = [...figures.problems.values()].map(({ count, example }) => `  ×${count}: ${example}`);
  return `${figures.problems.size} distinct problem(s) in ${figures.requests} requests (seed ${figures.seed}, FUZZ_SEED=${figures.seed} replays):\n${lines.join('\n')}`;
}

/** One line per figure, for the test output. */
export function formatFigures(label: string, figures: FuzzFigures): string {
  const sorted = (counts: Record<string, number>) =>
    Object.entries(counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, count]) => `${key}: ${count}`)
      .join(', ');
  const problems = [...figures.problems.values()].reduce((sum, { count }) => sum + count, 0);
  return [
    `${label}: ${figures.requests} requests fuzzed (seed ${figures.seed}), ${problems} bad answer(s) in ${figures.problems.size} distinct problem(s)`,
    `  status histogram: ${sorted(figures.statuses)}`,
    `  request kinds: ${sorted(figures.kinds)}`,
    `  targets: ${sorted(figures.targets)}`,
  ].join('\n');
}
