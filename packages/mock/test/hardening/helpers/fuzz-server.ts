import fc from 'fast-check';
import type { World } from '../../../src/world';
import { answerProblem } from './fuzz-oracle';
import { type FuzzRequest, fuzzRequest } from './fuzz-requests';
import { rawClient } from './raw-http';

/** What a fuzzing run did: requests sent, and how they were spread over answers and targets. */
export interface FuzzFigures {
  requests: number;
  statuses: Record<string, number>;
  kinds: Record<string, number>;
  targets: Record<string, number>;
}

const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

/**
 * Sends `runs` generated requests (more if fast-check shrinks a failure) to the server over real loopback
 * HTTP and checks every answer; throws fast-check's report, seed included, on the first bad answer.
 */
export async function fuzzServer(
  baseUrl: string,
  world: World,
  options: { runs: number; seed?: number; timeoutMs?: number },
): Promise<FuzzFigures> {
  const client = rawClient(baseUrl, { timeoutMs: options.timeoutMs ?? 10_000 });
  const figures: FuzzFigures = { requests: 0, statuses: {}, kinds: {}, targets: {} };
  try {
    await fc.assert(
      fc.asyncProperty(fuzzRequest(world), async (request) => {
        figures.requests += 1;
        const answer = await client.send(request);
        bump(figures.statuses, String(answer.status));
        bump(figures.kinds, request.kind);
        bump(figures.targets, request.target);
        const problem = answerProblem(request, answer);
        if (problem) {
          throw new Error(
            `${problem}\n  request: ${describe(request)}\n  answer: ${answer.status} ${answer.body.slice(0, 300)}`,
          );
        }
      }),
      { numRuns: options.runs, ...(options.seed === undefined ? {} : { seed: options.seed }) },
    );
  } finally {
    client.close();
  }
  return figures;
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

/** One line per figure, for the test output. */
export function formatFigures(label: string, figures: FuzzFigures): string {
  const sorted = (counts: Record<string, number>) =>
    Object.entries(counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, count]) => `${key}: ${count}`)
      .join(', ');
  return [
    `${label}: ${figures.requests} requests fuzzed`,
    `  status histogram: ${sorted(figures.statuses)}`,
    `  request kinds: ${sorted(figures.kinds)}`,
    `  targets: ${sorted(figures.targets)}`,
  ].join('\n');
}
