#!/usr/bin/env node
// `pnpm generate:world`: generates the default world (seed 1, default sizes) eagerly and writes its snapshot to
// src/world/generated/default-world.ts, from which createWorld indexes that world at once and generates each
// block's transactions on first read. The writing is done by the test that checks the file is fresh
// (test/world/default-world.test.ts, with UPDATE_DEFAULT_WORLD=1), so it runs the TypeScript source as the tests do.
import { spawnSync } from 'node:child_process';

const result = spawnSync(
  'pnpm',
  ['exec', 'vitest', 'run', '--root', '.', 'test/world/default-world.test.ts'],
  {
    cwd: new URL('..', import.meta.url),
    stdio: 'inherit',
    env: { ...process.env, UPDATE_DEFAULT_WORLD: '1' },
  },
);
process.exit(result.status ?? 1);
