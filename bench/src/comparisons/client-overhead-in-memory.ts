import { fork } from 'node:child_process';
import type { Row } from '../comparison.js';
import { rowsFor } from '../harness.js';
import { type Estimate, pairedOverhead } from '../paired-overhead.js';
import { stop, track } from '../servers/processes.js';
import { BASELINE, type InMemoryJob, type InMemoryReply } from './client-overhead-calls.js';

// The in-memory rows of `client-overhead` under one Node: several fresh child processes, their rounds pooled.

/**
 * One child process running `client-overhead-entry.ts` under `bin`: the cost of what the client does (an abort
 * signal, a `Request`, a stream) moves between Node versions, the bench's own Node may not be one users run, and a
 * child of its own measures with a heap that holds nothing else.
 */
async function measureIn(bin: string, job: InMemoryJob): Promise<{ rows: Row[]; version: string }> {
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
      child.once('exit', (code) => reject(new Error(`${bin}: the measuring child exited (code ${code})`)));
      child.send(job);
    });
    if ('error' in reply) throw new Error(`${bin}: ${reply.error}`);
    return reply;
  } finally {
    await stop(child);
  }
}

/** The pooled rows of one Node, and for each group which process each round ran in. */
export interface InMemoryRuns {
  rows: Row[];
  runs: Map<string, number[]>;
  version: string;
}

/** `12.3 µs (95 % CI 11.0–13.9)`. */
export function micros({ median, low, high }: Estimate): string {
  return `${median.toFixed(1)} µs (95 % CI ${low.toFixed(1)}–${high.toFixed(1)})`;
}

/**
 * The in-memory rows under `bin`, from `processes` child processes one after another. A process settles into its
 * own compiled code and heap (the same variant can cost twice as much in one as in the next), so no single process
 * speaks for the Node: their rounds are pooled, `runs` remembers where each came from, and the intervals draw
 * processes before rounds. Each row's details give its overhead over raw fetch: the median of the per-round
 * differences.
 */
export async function measureInMemoryRuns(
  bin: string,
  job: InMemoryJob,
  processes: number,
): Promise<InMemoryRuns> {
  const replies: { rows: Row[]; version: string }[] = [];
  for (let p = 0; p < processes; p++) replies.push(await measureIn(bin, job));
  const first = replies[0];
  if (first === undefined) throw new Error('no process measured');
  const runs = new Map<string, number[]>();
  const rows: Row[] = [];
  for (const group of new Set(first.rows.map((row) => row.group))) {
    const labels = first.rows.filter((row) => row.group === group).map((row) => row.label);
    const pooled = (label: string) =>
      replies.flatMap(
        ({ rows: of }) => of.find((r) => r.group === group && r.label === label)?.samples ?? [],
      );
    const groupRuns = replies.flatMap(({ rows: of }, p) =>
      (of.find((r) => r.group === group && r.label === BASELINE)?.samples ?? []).map(() => p),
    );
    runs.set(group, groupRuns);
    const baseline = pooled(BASELINE);
    rows.push(
      ...rowsFor(
        group,
        'µs CPU/call',
        BASELINE,
        labels.map((label) => ({
          label,
          samples: pooled(label),
          details:
            label === BASELINE
              ? {
                  processes,
                  'rounds per process': replies
                    .map(
                      ({ rows: of }) =>
                        of.find((r) => r.group === group && r.label === label)?.samples.length,
                    )
                    .join(', '),
                  'calls per sample': replies
                    .map(
                      ({ rows: of }) =>
                        of.find((r) => r.group === group && r.label === label)?.details?.calls,
                    )
                    .join(', '),
                }
              : {
                  'overhead over raw fetch': micros(
                    pairedOverhead(pooled(label), baseline, { runs: groupRuns }),
                  ),
                },
        })),
      ),
    );
  }
  return { rows, runs, version: first.version };
}
