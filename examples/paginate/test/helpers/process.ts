import { type SpawnOptions, spawn } from 'node:child_process';
import type { World } from '@blockindex/mock';

/** What a finished child process left: its exit code and everything it printed. */
export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end and collects its output (stdout is a pipe, not a TTY). */
export function run(command: string, args: string[], options: SpawnOptions): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The address's true number of transactions, from the mock's world. */
export function trueTotal(world: World, address: string): number {
  const page = world.listAddressTransactions(address, { limit: 1, offset: 0 });
  if ('error' in page) throw new Error(page.error);
  return page.total;
}
