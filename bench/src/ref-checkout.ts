import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** Root of this workspace's checkout. */
export const WORKSPACE_ROOT = new URL('../..', import.meta.url).pathname;

/** Another commit of this repository, checked out and built beside the workspace. */
export interface RefCheckout {
  /** The commit, as given and resolved. */
  ref: string;
  commit: string;
  /** Root of the checkout (a detached git worktree in the temporary directory). */
  dir: string;
  /** Removes the worktree and its files. */
  remove(): Promise<void>;
}

/**
 * Checks `ref` out as a detached git worktree in a temporary directory, installs its locked dependencies
 * (from pnpm's store where it can) and builds `@blockindex/mock` with the packages it depends on. The worktree is
 * removed again if any step fails.
 * @example
 * const base = await checkOutAndBuild('c6db072', log);
 * try { ... join(base.dir, 'packages/mock/dist/server.js') ... } finally { await base.remove(); }
 */
export async function checkOutAndBuild(ref: string, log: (message: string) => void): Promise<RefCheckout> {
  const { stdout } = await run('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: WORKSPACE_ROOT });
  const commit = stdout.trim();
  const dir = await mkdtemp(join(tmpdir(), `blockindex-${commit.slice(0, 7)}-`));
  const remove = async () => {
    await run('git', ['worktree', 'remove', '--force', dir], { cwd: WORKSPACE_ROOT }).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    await run('git', ['worktree', 'prune'], { cwd: WORKSPACE_ROOT }).catch(() => undefined);
  };
  try {
    log(`checking out ${ref} (${commit.slice(0, 10)}) in ${dir}`);
    await run('git', ['worktree', 'add', '--detach', dir, commit], { cwd: WORKSPACE_ROOT });
    log('installing its locked dependencies');
    await run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline', '--ignore-scripts'], {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
    });
    log('building @blockindex/mock and what it depends on');
    await run('pnpm', ['--filter', '@blockindex/mock...', 'run', 'build'], {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    await remove();
    const output = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`could not build ${ref}: ${output || (error as Error).message}`);
  }
  return { ref, commit, dir, remove };
}
