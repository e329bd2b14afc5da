// `pnpm bench [--smoke] [--only <name> | --against <ref>]`: runs the comparisons one after another and writes the reports.
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { WHAT_LIMITS } from './analysis.js';
import type { Comparison, ComparisonResult } from './comparison.js';
import { bundleSize } from './comparisons/bundle-size.js';
import { clientOverhead } from './comparisons/client-overhead.js';
import { deepPages } from './comparisons/deep-pages.js';
import { fetchHandlerHosts } from './comparisons/fetch-handler-hosts.js';
import { iteration } from './comparisons/iteration.js';
import { minedMemory } from './comparisons/mined-memory.js';
import { mockAgainstRef } from './comparisons/mock-against-ref.js';
import { mockThroughput } from './comparisons/mock-throughput.js';
import { reactApp } from './comparisons/react-app.js';
import { typecheckCost } from './comparisons/typecheck-cost.js';
import { worldGeneration } from './comparisons/world-generation.js';
import { describeMachine } from './machine.js';
import { type HardeningFigures, type Report, writeJson, writeMarkdown } from './report.js';
import { killAll } from './servers/processes.js';

const COMPARISONS: Comparison[] = [
  clientOverhead,
  iteration,
  mockThroughput,
  fetchHandlerHosts,
  deepPages,
  bundleSize,
  reactApp,
  worldGeneration,
  minedMemory,
  typecheckCost,
];

const USAGE = `usage: pnpm bench [--smoke] [--only <name> | --against <ref>] [--render]
  --smoke          tiny counts and durations; writes results/smoke.json only
  --only <name>    run one comparison; writes results/<name>.json (results/smoke.json with --smoke)
  --against <ref>  build another commit (a git worktree in the temporary directory) and run its mock server
                   side by side with this workspace's; writes results/mock-against-ref.json (results/smoke.json with --smoke)
  --render       measure nothing: rewrite RESULTS.md from results/latest.json and the last full stress run
comparisons: ${COMPARISONS.map((c) => c.name).join(', ')}`;

// Children (servers, tsc, world builders) must never outlive the run, whatever ends it.
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killAll();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

function log(scope: string, message: string): void {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${scope}: ${message}\n`);
}

async function runOne(comparison: Comparison, smoke: boolean): Promise<ComparisonResult> {
  const start = performance.now();
  log(comparison.name, 'start');
  try {
    const output = await comparison.run({ smoke, log: (message) => log(comparison.name, message) });
    const missed = output.targets.some((t) => !t.met);
    const limits = missed ? (WHAT_LIMITS[comparison.name] ?? []) : [];
    const result: ComparisonResult = {
      name: comparison.name,
      title: comparison.title,
      status: 'ran',
      durationMs: performance.now() - start,
      ...output,
      notes: [...output.notes, ...limits.map((limit) => `What limits it: ${limit}`)],
    };
    // Smoke counts measure nothing, so a target met or missed there is noise: listed only in a full run.
    const targets = smoke
      ? []
      : result.targets.map(
          (t) =>
            `${t.met ? 'met' : 'MISSED'}: ${t.description} (${t.measured.toFixed(3)}${t.detail === undefined ? '' : `; ${t.detail}`})`,
        );
    log(
      comparison.name,
      `done in ${(result.durationMs / 1000).toFixed(1)} s${targets.length ? `\n  ${targets.join('\n  ')}` : ''}`,
    );
    return result;
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    log(comparison.name, `CRASHED: ${message}`);
    return {
      name: comparison.name,
      title: comparison.title,
      status: 'crashed',
      durationMs: performance.now() - start,
      settings: {},
      rows: [],
      targets: [],
      notes: [],
      error: message,
    };
  }
}

const results = (file: string) => new URL(`../results/${file}`, import.meta.url).pathname;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const { values } = parseArgs({
    args,
    options: {
      smoke: { type: 'boolean', default: false },
      only: { type: 'string' },
      against: { type: 'string' },
      render: { type: 'boolean', default: false },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.render) return render();
  if (values.only !== undefined && values.against !== undefined) {
    console.error(`--only and --against do not go together\n${USAGE}`);
    return 2;
  }
  const selected =
    values.against !== undefined
      ? [mockAgainstRef(values.against)]
      : values.only === undefined
        ? COMPARISONS
        : COMPARISONS.filter((c) => c.name === values.only);
  if (selected.length === 0) {
    console.error(`unknown comparison ${values.only}\n${USAGE}`);
    return 2;
  }
  const smoke = values.smoke ?? false;
  if (smoke) log('bench', 'smoke run: tiny counts prove each comparison runs; targets are not evaluated');
  const start = performance.now();
  const machine = describeMachine();
  const comparisons: ComparisonResult[] = [];
  for (const comparison of selected) comparisons.push(await runOne(comparison, smoke));
  const report: Report = {
    command: ['pnpm bench', ...args].join(' '),
    date: new Date().toISOString(),
    smoke,
    durationMs: performance.now() - start,
    machine,
    comparisons,
  };
  if (smoke) {
    await writeJson(results('smoke.json'), report);
    log('bench', `wrote results/smoke.json`);
  } else if (values.only !== undefined || values.against !== undefined) {
    // One comparison: its own file, so the full run's latest.json and RESULTS.md stay as they were.
    const [{ name }] = comparisons as [ComparisonResult];
    await writeJson(results(`${name}.json`), report);
    log('bench', `wrote results/${name}.json`);
  } else {
    const hardening = await readHardening(results('hardening.json'));
    if (hardening) report.hardening = hardening;
    await writeJson(results('latest.json'), report);
    await writeMarkdown(new URL('../RESULTS.md', import.meta.url).pathname, report);
    log('bench', 'wrote results/latest.json and RESULTS.md');
  }
  const crashed = comparisons.filter((c) => c.status === 'crashed');
  log(
    'bench',
    `${comparisons.length - crashed.length} of ${comparisons.length} comparisons ran in ${((performance.now() - start) / 1000).toFixed(0)} s`,
  );
  return crashed.length === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
    // Keep-alive sockets or a stray timer must not hold the process open after the reports are written.
    killAll();
    setTimeout(() => process.exit(code), 100).unref();
  },
  (error: unknown) => {
    console.error(error);
    killAll();
    process.exit(1);
  },
);

// The hardening figures come from `pnpm test:stress`, which runs apart from the benchmarks: after a new stress
// run, this puts them into RESULTS.md without measuring everything again.
async function render(): Promise<number> {
  const report = JSON.parse(await readFile(results('latest.json'), 'utf8')) as Report;
  const hardening = await readHardening(results('hardening.json'));
  if (hardening) report.hardening = hardening;
  await writeJson(results('latest.json'), report);
  await writeMarkdown(new URL('../RESULTS.md', import.meta.url).pathname, report);
  log('bench', 'rewrote RESULTS.md from results/latest.json and results/hardening.json');
  return 0;
}

async function readHardening(path: string): Promise<HardeningFigures | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as HardeningFigures;
  } catch {
    return undefined;
  }
}
