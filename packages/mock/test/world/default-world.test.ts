import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORLD } from '../../src/world/default-world';
import { DEFAULT_SIZE, defaultWorldModule } from '../../src/world/snapshot-module';

const MODULE = new URL('../../src/world/generated/default-world.ts', import.meta.url);

describe('default world snapshot', () => {
  it('is what generating the default world records now (UPDATE_DEFAULT_WORLD=1 rewrites it)', () => {
    const text = defaultWorldModule(DEFAULT_SIZE);
    if (process.env.UPDATE_DEFAULT_WORLD === '1') writeFileSync(MODULE, text);
    expect(
      readFileSync(MODULE, 'utf8') === text,
      'stale: run `pnpm --filter @blockindex/mock generate:world`',
    ).toBe(true);
    expect(DEFAULT_WORLD?.seed).toBe(DEFAULT_SIZE.seed);
  });
});
