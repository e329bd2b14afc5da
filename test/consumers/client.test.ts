// Consumer cell "client alone": `npm install @blockindex/client` and nothing else. The published types
// type-check with skipLibCheck off under moduleResolution bundler and node16, as ESM and as CommonJS, and are not
// `any`; both builds load and call with no @blockindex/spec installed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { committedConsumer } from '../runtimes/support/consumer';
import { repoRoot } from '../runtimes/support/paths';
import { lastJsonLine, run } from '../runtimes/support/run';

const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');

describe('client alone (npm install @blockindex/client)', () => {
  it('installs no @blockindex/spec: the client needs none', () => {
    expect(existsSync(join(committedConsumer('client'), 'node_modules/@blockindex/spec'))).toBe(false);
  });

  // Each program holds an ES module (`import`: the .d.ts) and a CommonJS one (`import = require`: the .d.cts).
  it.each(['bundler', 'node16'])(
    'type-checks as ESM and CommonJS with skipLibCheck false (moduleResolution %s), refusing a wrong operation id',
    (setup) => {
      const dir = committedConsumer('client');
      const result = run(process.execPath, [tsc, '-p', `tsconfig.${setup}.json`], {
        cwd: dir,
        timeout: 180_000,
      });

      expect(result.status, result.report).toBe(0);
    },
  );

  it.each(['run-esm.mjs', 'run-cjs.cjs'])('loads and calls (%s)', (file) => {
    const result = run(process.execPath, [file], { cwd: committedConsumer('client'), timeout: 60_000 });

    expect(result.status, result.report).toBe(0);
    expect(lastJsonLine(result), result.report).toEqual({ notFound: true, deprecations: 5 });
  });
});
