#!/usr/bin/env node
// `test:exports` helper: runs @arethetypeswrong/cli on the package in the current directory and prints one line
// per entry point instead of attw's tables, whose "(ignored) Resolution failed" rows for node10 (which cannot
// read subpath exports) look like failures and are not. Problems are printed in full and fail the check.
// Usage: node ../../scripts/check-package-types.mjs [attw options, e.g. --profile node16]
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const run = spawnSync('attw', ['--pack', '.', '--format', 'json', ...args], {
  encoding: 'utf8',
  shell: false,
});
let report = null;
try {
  report = JSON.parse(run.stdout ?? '');
} catch {}
if (!report?.analysis?.entrypoints) {
  process.stderr.write(
    `${run.stdout ?? ''}${run.stderr ?? ''}attw produced no report (exit ${run.status})\n`,
  );
  process.exit(1);
}
const { analysis } = report;
// attw's profiles leave some resolution kinds out; its exit code already says whether the rest passed.
const ignored = new Set(
  args.includes('--profile') && args[args.indexOf('--profile') + 1] === 'node16' ? ['node10'] : [],
);
// Rules given to --ignore-rules (kebab-case) name problem kinds (PascalCase) that attw already let pass.
const ruleArgs = args.includes('--ignore-rules')
  ? args
      .slice(args.indexOf('--ignore-rules') + 1)
      .filter((_, i, rest) => !rest.slice(0, i + 1).some((a) => a.startsWith('--')))
  : [];
const ignoredKinds = new Set(
  ruleArgs.map((rule) => rule.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase())),
);
const failures = Object.values(report.problems ?? {})
  .flat()
  .filter((problem) => !ignored.has(problem.resolutionKind) && !ignoredKinds.has(problem.kind));
const kinds = ['node10', 'node16-cjs', 'node16-esm', 'bundler'].filter((kind) => !ignored.has(kind));
for (const [subpath, entry] of Object.entries(analysis.entrypoints)) {
  const mine = failures.filter((problem) => problem.entrypoint === subpath);
  const status =
    mine.length === 0 ? 'ok' : mine.map((p) => `${p.kind} (${p.resolutionKind ?? 'all'})`).join(', ');
  console.log(
    `${analysis.packageName}${subpath === '.' ? '' : subpath.slice(1)}: types ${status} [${kinds.join(', ')}]`,
  );
  if (!entry.hasTypes && mine.length === 0) console.log('  (no types: not a TypeScript entry)');
}
if (ignored.size > 0)
  console.log(`  not checked: ${[...ignored].join(', ')} (cannot resolve subpath exports)`);
if (ignoredKinds.size > 0) console.log(`  allowed on purpose: ${ruleArgs.join(', ')}`);
if (failures.length > 0 || run.status !== 0) {
  console.error(`attw found problems: see https://github.com/arethetypeswrong/arethetypeswrong.github.io`);
  process.exit(1);
}
