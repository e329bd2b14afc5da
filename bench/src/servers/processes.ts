import type { ChildProcess } from 'node:child_process';

// Every child the benchmarks start, so none outlives the run even when a comparison throws.
const live = new Set<ChildProcess>();

/** Registers a child process so `killAll` can end it. */
export function track<T extends ChildProcess>(child: T): T {
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

/** Ends one child: SIGTERM, then SIGKILL if it has not exited within `graceMs`. */
export async function stop(child: ChildProcess, graceMs = 3000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Kills every tracked child at once; synchronous so it can run in an `exit` handler. */
export function killAll(): void {
  for (const child of live) child.kill('SIGKILL');
  live.clear();
}
