#!/usr/bin/env node
// `pnpm test`: builds, checks, lints, type-checks and tests everything, then prints one `N passed, N failed` line.
// Gate steps (build, lint, ...) stop the run on failure; test counts come from vitest's JSON reports. Every stage
// prints its start and its elapsed time, and a table of all stages closes the run, so a slow first run (which
// downloads the runtime matrix's runtimes and the consumer projects' dependencies) says where its time goes.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const resultsDir = join(root, '.vitest-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const runStarted = Date.now();
const stages = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function run(title, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${title}: ${[command, ...args].join(' ')}  (at ${seconds(started - runStarted)})`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  stages.push({ title, ok, ms: Date.now() - started });
  console.log(`${ok ? '✔' : '✖'} ${title}: ${seconds(Date.now() - started)}`);
  return ok;
}

function finish(code) {
  console.log('\nstages:');
  for (const { title, ok, ms } of stages)
    console.log(`  ${ok ? '✔' : '✖'} ${seconds(ms).padStart(8)}  ${title}`);
  console.log(`  total ${seconds(Date.now() - runStarted)}`);
  const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
  console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
  process.exit(code);
}

const gates = [
  ['build', 'pnpm', ['build']],
  ['generated files are fresh', 'node', ['scripts/check-generated.mjs']],
  ['lint', 'pnpm', ['lint']],
  ['changesets parse', 'pnpm', ['exec', 'changeset', 'status']],
  ['typecheck', 'pnpm', ['typecheck']],
  ['package exports (publint, attw)', 'pnpm', ['-r', '--if-present', 'test:exports']],
];
for (const [title, command, args] of gates) {
  if (!run(title, command, args)) {
    console.error(`\n✖ ${title} failed`);
    totals.failed += 1;
    finish(1);
  }
}

// Before the matrices: fetch their runtimes (npm registry only, cached in node_modules/.cache; about 1.1 GB and a few
// minutes the first time, a second later). Its own stage, so the download is visible and timed.
if (
  !run('runtimes for the matrices (fetched once, then cached)', 'node', ['scripts/runtimes.mjs', 'fetch'])
) {
  totals.failed += 1;
  finish(1);
}

const suites = [
  ['tests', ['vitest', 'run'], {}],
  [
    'stress tests (short mode)',
    ['vitest', 'run', '--config', 'vitest.stress.config.ts'],
    { STRESS_MODE: 'short' },
  ],
  // Issue 12: Node 20.19 to 26, msw 2 and 3, Jest, Bun, Deno, workerd and host recipes (test/runtimes); issue 20:
  // the packed packages installed by npm into the consumer projects of test/consumers (installs cached).
  ['runtime and consumer matrix', ['vitest', 'run', '--config', 'test/runtimes/vitest.config.ts'], {}],
];
let ok = true;
for (const [title, args, env] of suites) {
  const report = join(resultsDir, `${title.split(' ')[0]}.json`);
  const passed = run(
    title,
    'pnpm',
    ['exec', ...args, '--reporter=default', '--reporter=json', `--outputFile=${report}`],
    env,
  );
  try {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    totals.skipped += json.numPendingTests + json.numTodoTests;
    // A suite that fails to load has no failed test but is a failure all the same.
    if (!passed && json.numFailedTests === 0) totals.failed += 1;
  } catch {
    totals.failed += 1;
  }
  ok &&= passed;
}

// Benchmarks are not tests: smoke runs only prove each comparison still runs. `--against` builds another commit
// in a git worktree, so it needs a git checkout (a source tarball has none: said, not hidden).
const isGitCheckout =
  spawnSync('git', ['rev-parse', '--verify', 'HEAD'], { cwd: root, stdio: 'ignore' }).status === 0;
if (!isGitCheckout) console.log('\n▷ benchmarks (smoke) --against HEAD: not a git checkout, not run');
const benchRuns = isGitCheckout ? [['--smoke'], ['--smoke', '--against', 'HEAD']] : [['--smoke']];
for (const args of benchRuns) {
  if (!run('benchmarks (smoke)', 'pnpm', ['bench', ...args])) {
    totals.failed += 1;
    ok = false;
  }
}
finish(ok ? 0 : 1);
