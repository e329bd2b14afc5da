// Once per matrix run: fetch the pinned runtimes (npm registry only, cached) and pack the published packages,
// so every cell tests the tarballs users install, not the workspace sources.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureRuntime, runtimes } from '../../../scripts/runtimes.mjs';
import { consumersCache, repoRoot } from './paths';

/** Each published package, its folder, and the stable tarball name the committed consumer projects point at. */
const published = {
  '@blockindex/spec': { dir: 'spec', tarball: 'blockindex-spec.tgz' },
  '@blockindex/client': { dir: 'packages/client', tarball: 'blockindex-client.tgz' },
  '@blockindex/mock': { dir: 'packages/mock', tarball: 'blockindex-mock.tgz' },
  '@blockindex/query': { dir: 'packages/query', tarball: 'blockindex-query.tgz' },
};

declare module 'vitest' {
  export interface ProvidedContext {
    scratch: string;
    tarballs: Record<string, string>;
    runtimeBins: Record<string, string>;
  }
}

const elapsed = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

export default function setup(project: TestProject) {
  const runtimeBins: Record<string, string> = {};
  let started = Date.now();
  for (const name of Object.keys(runtimes)) runtimeBins[name] = ensureRuntime(name);
  console.log(`runtime matrix: runtimes ready (${elapsed(started)})`);

  // BLOCKINDEX_MATRIX_SCRATCH keeps the run's scratch files (reports, Deno's cache) for working on the matrix.
  const kept = process.env.BLOCKINDEX_MATRIX_SCRATCH;
  const scratch = kept ?? mkdtempSync(join(tmpdir(), 'blockindex-runtimes-'));
  mkdirSync(scratch, { recursive: true });
  // Tarballs sit beside the cached consumer installs, under the names the committed projects use.
  started = Date.now();
  const packDir = join(consumersCache, 'tarballs');
  const work = join(consumersCache, '.packing');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  mkdirSync(packDir, { recursive: true });
  const tarballs: Record<string, string> = {};
  for (const [name, { dir, tarball }] of Object.entries(published)) {
    const before = new Set(readdirSync(work));
    execFileSync('pnpm', ['pack', '--pack-destination', work], {
      cwd: join(repoRoot, dir),
      stdio: 'pipe',
      timeout: 120_000,
    });
    const file = readdirSync(work).find((f) => !before.has(f));
    if (!file) throw new Error(`pnpm pack wrote no tarball for ${name}`);
    renameSync(join(work, file), join(packDir, tarball));
    tarballs[name] = join(packDir, tarball);
  }
  rmSync(work, { recursive: true, force: true });
  console.log(`runtime matrix: packed ${Object.keys(published).length} packages (${elapsed(started)})`);

  project.provide('scratch', scratch);
  project.provide('tarballs', tarballs);
  project.provide('runtimeBins', runtimeBins);
  return () => {
    if (!kept) rmSync(scratch, { recursive: true, force: true });
  };
}
