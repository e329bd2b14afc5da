// Deno cell: a script importing the packed mock and client from node_modules (no remote module, no npm
// download by Deno) answers the seven operations and exits by itself.
import { describe, expect, inject, it } from 'vitest';
import { denoRunFlags } from '../../scripts/runtimes.mjs';
import { hostsProject } from './support/consumer';
import { allRight } from './support/expected';
import { lastJsonLine, run } from './support/run';

describe('deno', () => {
  it('runs a script importing @blockindex/mock and the client, which exits by itself', () => {
    const deno = inject('runtimeBins').deno as string;
    // The time limit is the "exits by itself" check: a script that keeps the event loop alive is killed.
    const result = run(deno, [...denoRunFlags, 'deno-journey.mjs'], {
      cwd: hostsProject(),
      env: { DENO_NO_UPDATE_CHECK: '1', DENO_DIR: `${inject('scratch')}/deno-dir` },
      timeout: 60_000,
    });

    expect(result.status, result.report).toBe(0);
    expect(lastJsonLine(result), result.report).toEqual(allRight);
  });
});
