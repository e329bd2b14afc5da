// Jest 30 cell: the examples/jest package (node and jest-fixed-jsdom environments) on every Node line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { repoRoot } from './support/paths';
import { run } from './support/run';

interface JestJson {
  success: boolean;
  numPassedTests: number;
  numFailedTests: number;
  numTotalTestSuites: number;
}

describe.each(['node20', 'node22', 'node24', 'node26'])('jest 30 on %s', (runtime) => {
  it('passes the Jest example (node and jsdom environments)', () => {
    const node = inject('runtimeBins')[runtime] as string;
    const example = join(repoRoot, 'examples/jest');
    const report = join(inject('scratch'), `jest-${runtime}.json`);
    const jest = join(example, 'node_modules/jest/bin/jest.js');
    const result = run(
      node,
      ['--experimental-vm-modules', jest, '--ci', '--json', `--outputFile=${report}`],
      {
        cwd: example,
        runtimeBin: node,
        timeout: 300_000,
      },
    );

    const json = JSON.parse(readFileSync(report, 'utf8')) as JestJson;
    expect(result.status, result.report).toBe(0);
    expect(json, result.report).toMatchObject({ success: true, numFailedTests: 0, numTotalTestSuites: 2 });
    expect(json.numPassedTests).toBeGreaterThanOrEqual(5);
  });
});
