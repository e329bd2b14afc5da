// Bun cell: `bun test` over the packed client and mock (installed by npm; Bun installs nothing itself).
import { describe, expect, inject, it } from 'vitest';
import { hostsProject } from './support/consumer';
import { run } from './support/run';

describe('bun', () => {
  it('bun test: resolves/rejects on client calls, for await, Bun.serve with the fetch handler', () => {
    const bun = inject('runtimeBins').bun as string;
    const result = run(bun, ['test', './bun-client.test.js'], {
      cwd: hostsProject(),
      env: { DO_NOT_TRACK: '1', BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0' },
      timeout: 120_000,
    });

    expect(result.status, result.report).toBe(0);
    expect(result.stderr, result.report).toMatch(/\b4 pass\b/);
    expect(result.stderr, result.report).toMatch(/\b0 fail\b/);
  });
});
