// Once per matrix run: fetch the pinned runtimes (npm registry only, cached) and pack the published packages,
// so every cell tests the tarballs users install, not the workspace sources.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureRuntime, runtimes } from '../../../scripts/runtimes.mjs';
import { repoRoot } from './paths';

const published = {
  '@blockindex/spec': 'spec',
  '@blockindex/client': 'packages/client',
  '@blockindex/mock': 'packages/mock',
};

declare module 'vitest' {
  export interface ProvidedContext {
    scratch: string;
    tarballs: Record<string, string>;
    runtimeBins: Record<string, string>;
  }
}

export default function setup(project: TestProject) {
  const runtimeBins: Record<string, string> = {};
  for (const name of Object.keys(runtimes)) runtimeBins[name] = ensureRuntime(name);

  // BLOCKINDEX_MATRIX_SCRATCH keeps the throwaway projects between runs (for working on the matrix itself).
  const kept = process.env.BLOCKINDEX_MATRIX_SCRATCH;
  const scratch = kept ?? mkdtempSync(join(tmpdir(), 'blockindex-runtimes-'));
  const packDir = join(scratch, 'tarballs');
  rmSync(packDir, { recursive: true, force: true });
  mkdirSync(packDir, { recursive: true });
  const tarballs: Record<string, string> = {};
  for (const [name, dir] of Object.entries(published)) {
    const before = new Set(readdirSync(packDir));
    execFileSync('pnpm', ['pack', '--pack-destination', packDir], {
      cwd: join(repoRoot, dir),
      stdio: 'pipe',
      timeout: 120_000,
    });
    const file = readdirSync(packDir).find((f) => !before.has(f));
    if (!file) throw new Error(`pnpm pack wrote no tarball for ${name}`);
    tarballs[name] = join(packDir, file);
  }

  project.provide('scratch', scratch);
  project.provide('tarballs', tarballs);
  project.provide('runtimeBins', runtimeBins);
  return () => {
    if (!kept) rmSync(scratch, { recursive: true, force: true });
  };
}
