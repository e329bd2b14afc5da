import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { stop, track } from './processes.js';

/** A server running in its own Node process, and what it reported once listening. */
export interface ChildServer<Info> {
  info: Info;
  pid: number;
  /** Sends `message` to the child and resolves with its next message (for entries that answer questions). */
  ask<Reply>(message: object): Promise<Reply>;
  close(): Promise<void>;
}

/** How {@link startChildServer} starts the child. */
export interface StartOptions {
  readyTimeoutMs?: number;
  /** A command the child's `node` runs under, e.g. `['valgrind', '--tool=callgrind']`; its pid is the child's. */
  launcher?: readonly string[];
  /** Options for the child's `node`, before the script. */
  nodeOptions?: readonly string[];
}

/**
 * Forks one of the `src/servers/*-entry.ts` scripts, sends it its options over IPC and waits for the message it
 * sends once listening. Servers live in their own process so a load generator or client in this process does not
 * share their event loop.
 * @example
 * const mock = await startChildServer<MockServerInfo>('mock-entry.ts', { seed: 1 });
 */
export async function startChildServer<Info>(
  script: string,
  options: unknown,
  { readyTimeoutMs = 120_000, launcher = [], nodeOptions = [] }: StartOptions = {},
): Promise<ChildServer<Info>> {
  const path = fileURLToPath(new URL(script, import.meta.url));
  const [command, ...launcherArgs] = launcher;
  // Plain JavaScript entries run without the TypeScript loader, as the builds they load would in an app.
  const nodeArgs = [...nodeOptions, ...(script.endsWith('.ts') ? ['--import', 'tsx'] : [])];
  const child = track(
    fork(path, [], {
      ...(command === undefined
        ? { execArgv: nodeArgs }
        : { execPath: command, execArgv: [...launcherArgs, process.execPath, ...nodeArgs] }),
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const info = await new Promise<Info>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} not ready after ${readyTimeoutMs} ms`)),
      readyTimeoutMs,
    );
    child.once('message', (message) => {
      clearTimeout(timer);
      const reply = message as { ready?: Info; error?: string };
      if (reply.error !== undefined) reject(new Error(`${script}: ${reply.error}`));
      else resolve(reply.ready as Info);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited before it was ready (code ${code}, signal ${signal})`));
    });
    child.send(options as object);
  }).catch(async (error: unknown) => {
    await stop(child);
    throw error;
  });
  const ask = <Reply>(message: object) =>
    new Promise<Reply>((resolve) => {
      child.once('message', (reply) => resolve(reply as Reply));
      child.send(message);
    });
  return { info, pid: child.pid as number, ask, close: () => stop(child) };
}
