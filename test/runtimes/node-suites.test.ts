// The client's and the mock's whole vitest suites on every maintained Node line (the main run covers Node 20).
// Type tests are left to the main run: types do not depend on the runtime.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { repoRoot } from './support/paths';
import { run } from './support/run';

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  testResults: {
    name: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

describe.each(['node22', 'node24', 'node26'])('%s', (runtime) => {
  it('passes the client and mock suites', () => {
    const node = inject('runtimeBins')[runtime] as string;
    const report = join(inject('scratch'), `${runtime}-suites.json`);
    const vitest = join(repoRoot, 'node_modules/vitest/vitest.mjs');
    const args = ['run', '--project', 'client', '--project', 'mock', '--typecheck.enabled=false'];
    const result = run(node, [vitest, ...args, '--reporter=json', `--outputFile=${report}`], {
      cwd: repoRoot,
      runtimeBin: node,
      timeout: 900_000,
    });

    const json = JSON.parse(readFileSync(report, 'utf8')) as VitestJson;
    const failed = json.testResults.flatMap((file) => [
      ...(file.message ? [`${file.name}: ${file.message}`] : []),
      // The messages carry what a randomized test needs to replay (seeds, counterexamples), not only its name.
      ...file.assertionResults
        .filter((a) => a.status === 'failed')
        .map((a) => `${file.name}: ${a.fullName}\n${(a.failureMessages ?? []).join('\n')}`),
    ]);
    expect(failed, result.report).toEqual([]);
    expect(json.numPassedTests).toBeGreaterThan(800);
    expect(result.status, result.report).toBe(0);
  });
});
