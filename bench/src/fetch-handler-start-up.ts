import { fileURLToPath } from 'node:url';
import type { Row, Target } from './comparison.js';
import { median, rowsFor, target } from './harness.js';
import { workerSamples } from './workers/run-worker.js';

const ENTRY = fileURLToPath(new URL('./workers/fetch-handler-cold-start-entry.mjs', import.meta.url));

/** The issue-22 targets for creating the default handler and getting its first answer in a fresh process. */
const MOST_MS = 60;
const MOST_RATIO = 0.2;

/** What `fetch-handler-cold-start-entry.mjs` measures in a fresh process, in ms. */
interface StartUp {
  importMs: number;
  createMs: number;
  createAndFirstAnswerMs: number;
  createAndAllAnswersMs: number;
}

/**
 * Start-up of `createFetchHandler({ seed: 1 })` in fresh processes, each build in turn (`interleave`): import,
 * create, and create plus the first answer (what every test file that uses the mock pays), then the other
 * answers once. `builds` maps a label to the build's `packages/mock/dist/index.js`; the first is the baseline.
 */
export async function fetchHandlerStartUp(
  builds: Record<string, string>,
  paths: readonly string[],
  runs: number,
): Promise<{ rows: Row[]; targets: Target[]; note: string }> {
  const labels = Object.keys(builds);
  const [baseline, ours] = labels as [string, string];
  const samples = await workerSamples<StartUp>(
    labels,
    (label) => [ENTRY, JSON.stringify({ indexModule: builds[label], paths })],
    'fetch handler start-up',
    runs,
  );
  const of = (label: string, metric: keyof StartUp) => (samples[label] ?? []).map((sample) => sample[metric]);
  const rows = (group: string, metric: keyof StartUp) =>
    rowsFor(
      group,
      'ms',
      baseline,
      labels.map((label) => ({ label, samples: of(label, metric) })),
    );
  const firstAnswer = median(of(ours, 'createAndFirstAnswerMs'));
  return {
    rows: [
      ...rows('start-up: import @blockindex/mock', 'importMs'),
      ...rows('start-up: createFetchHandler({ seed: 1 })', 'createMs'),
      ...rows('start-up: createFetchHandler({ seed: 1 }) and its first answer', 'createAndFirstAnswerMs'),
      ...rows(
        'start-up: createFetchHandler({ seed: 1 }) and the seven answers once',
        'createAndAllAnswersMs',
      ),
    ],
    targets: [
      target(`start-up: create and first answer ≤ ${MOST_MS} ms`, firstAnswer, '<=', MOST_MS),
      target(
        `start-up: create and first answer ≤ ${MOST_RATIO}× ${baseline} (ms ratio; issue 22, against a commit before the change)`,
        firstAnswer / median(of(baseline, 'createAndFirstAnswerMs')),
        '<=',
        MOST_RATIO,
      ),
    ],
    note: `Start-up: a fresh \`node\` process (no loader) per sample imports the build's \`@blockindex/mock\`, touches \`Request\` once (Node loads its fetch implementation on first use, a cost every caller pays whatever it mocks with), then times \`createFetchHandler({ seed: 1 })\`, its first answer (${paths[0]}) and the other six answers once. ${runs} samples per build after one discarded warm-up round, builds in turn.`,
  };
}
