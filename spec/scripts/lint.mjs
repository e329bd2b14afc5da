// `pnpm lint` for the spec: Redocly's recommended rules must report zero errors and zero warnings.
// The CLI's JSON report is read instead of its console output, whose banners (Node 20's end of life, the Redoc 3
// switch) say nothing about this document; they are shown only when the lint itself fails.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'node_modules', '.bin', 'redocly');
const run = spawnSync(bin, ['lint', 'openapi.yaml', '--format=json'], {
  cwd: root,
  encoding: 'utf8',
  // Telemetry would make every lint reach the network.
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});

let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  process.stderr.write(
    `${run.stdout}\n${run.stderr}\nredocly lint did not produce a report (exit ${run.status})\n`,
  );
  process.exit(1);
}
const { errors, warnings } = report.totals;
if (errors === 0 && warnings === 0 && run.status === 0) {
  console.log(`openapi.yaml: valid, 0 errors, 0 warnings (redocly ${report.version}, recommended rules)`);
} else {
  for (const problem of report.problems) {
    const where = problem.location?.map((l) => l.pointer).join(', ') ?? '';
    console.error(`${problem.severity} ${problem.ruleId}: ${problem.message} ${where}`);
  }
  console.error(`openapi.yaml: ${errors} errors, ${warnings} warnings`);
  process.exit(1);
}
