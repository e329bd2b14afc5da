// Jest 30 cells: the examples/jest files (jest.config.js, src, test) in a project that installed the packed packages
// with npm (test/consumers/jest/package.json), on every Node line. ES modules (`node --experimental-vm-modules`):
// setupMockServer in the node and jest-fixed-jsdom environments. CommonJS (plain `jest`): the fetch handler as the
// client's fetch in both environments, and require('@blockindex/mock/node') failing with an error that says why.
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { committedConsumer } from './support/consumer';
import { repoRoot } from './support/paths';
import { run } from './support/run';

interface JestJson {
  success: boolean;
  numPassedTests: number;
  numFailedTests: number;
  numTotalTestSuites: number;
}

function jestProject(): string {
  const dir = committedConsumer('jest');
  const example = join(repoRoot, 'examples/jest');
  for (const entry of ['jest.config.js', 'src', 'test']) {
    cpSync(join(example, entry), join(dir, entry), { recursive: true });
  }
  return dir;
}

const modes = {
  'ES modules': { flags: ['--experimental-vm-modules'], projects: ['node', 'jsdom'], suites: 2, tests: 5 },
  CommonJS: { flags: [], projects: ['commonjs-node', 'commonjs-jsdom'], suites: 2, tests: 4 },
};

describe.each(['node20', 'node22', 'node24', 'node26'])('jest 30 on %s', (runtime) => {
  it.each(Object.entries(modes))(
    'passes the Jest example, %s (node and jsdom environments)',
    (mode, setup) => {
      const node = inject('runtimeBins')[runtime] as string;
      const dir = jestProject();
      const report = join(inject('scratch'), `jest-${runtime}-${setup.projects[0]}.json`);
      const jest = join(dir, 'node_modules/jest/bin/jest.js');
      const args = [...setup.flags, jest, '--ci', '--selectProjects', ...setup.projects];
      const result = run(node, [...args, '--json', `--outputFile=${report}`], {
        cwd: dir,
        runtimeBin: node,
        timeout: 300_000,
      });

      const json = JSON.parse(readFileSync(report, 'utf8')) as JestJson;
      expect(result.status, `${mode}\n${result.report}`).toBe(0);
      expect(json, result.report).toMatchObject({
        success: true,
        numFailedTests: 0,
        numTotalTestSuites: setup.suites,
        numPassedTests: setup.tests,
      });
    },
  );
});
