import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type ChildServer, startChildServer } from './servers/child-server.js';

const run = promisify(execFile);

/**
 * V8 options that make the count repeat: fixed seeds for hashing and V8's own randomness, a large initial old
 * generation and no memory reducer (which collects on timers). With them two processes of one build count within
 * about 0.1% of each other on the uncached mix; without them, full collections starting at different points of
 * the run moved it by 2–5%.
 */
const STEADY_HEAP = [
  '--initial-old-space-size=4096',
  '--no-memory-reducer',
  '--hash-seed=1',
  '--random-seed=1',
];

/** Valgrind's version (`valgrind-3.19.0`), or undefined when it is not installed (`apt-get install valgrind`). */
export async function valgrindVersion(): Promise<string | undefined> {
  try {
    return (await run('valgrind', ['--version'])).stdout.trim();
  } catch {
    return undefined;
  }
}

/** How many requests of a mix to send before counting (JIT warm-up) and while counting. */
export interface CountedMix {
  paths: readonly string[];
  warmupRequests: number;
  measuredRequests: number;
}

/**
 * Starts a child server under callgrind with counting off, and for each mix in turn sends its warm-up requests,
 * then counts the instructions every thread of the server executes while it answers the measured ones: a cost per
 * request that does not move with the machine's load, unlike CPU time (`STEADY_HEAP` keeps it steady). Requests
 * go one at a time over one keep-alive connection, in the order given, so two builds answer the same sequence.
 * @example
 * const perRequest = await instructionsPerRequest('built-mock-entry.mjs', { serverModule, seed: 1 }, { cached });
 */
export async function instructionsPerRequest<Mix extends string>(
  script: string,
  options: unknown,
  mixes: Record<Mix, CountedMix>,
): Promise<Record<Mix, number>> {
  const dir = await mkdtemp(join(tmpdir(), 'blockindex-callgrind-'));
  const server = await startChildServer<{ url: string }>(script, options, {
    readyTimeoutMs: 600_000,
    nodeOptions: STEADY_HEAP,
    launcher: [
      'valgrind',
      '--quiet',
      '--tool=callgrind',
      '--instr-atstart=no',
      `--callgrind-out-file=${join(dir, 'callgrind.out')}`,
    ],
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const counts = {} as Record<Mix, number>;
    let dumps = 0;
    for (const [mix, { paths, warmupRequests, measuredRequests }] of Object.entries(mixes) as [
      Mix,
      CountedMix,
    ][]) {
      let sent = 0;
      const send = async (count: number) => {
        for (let i = 0; i < count; i += 1)
          await request(server, agent, paths[sent++ % paths.length] as string);
      };
      await send(warmupRequests);
      await control(server, ['--instr=on']);
      await send(measuredRequests);
      await control(server, ['--instr=off']);
      // A dump writes the counts since the previous one to a new numbered file, then zeroes them.
      await control(server, ['--dump']);
      dumps += 1;
      counts[mix] = (await totalInstructions(dir, dumps)) / measuredRequests;
    }
    return counts;
  } finally {
    agent.destroy();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

function control(server: ChildServer<unknown>, args: string[]): Promise<unknown> {
  return run('callgrind_control', [...args, String(server.pid)]);
}

function request(server: ChildServer<{ url: string }>, agent: Agent, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    get(`${server.info.url}${path}`, { agent }, (response) => {
      response.resume();
      response.once('end', () => resolve());
      response.once('error', reject);
    }).once('error', reject);
  });
}

/** The `totals:` line of the dump numbered `dump` (`callgrind.out.<pid>.<dump>` or `callgrind.out.<dump>`). */
async function totalInstructions(dir: string, dump: number): Promise<number> {
  const name = (await readdir(dir)).find((file) => file.endsWith(`.${dump}`));
  if (name === undefined) throw new Error(`callgrind wrote no dump ${dump} in ${dir}`);
  const totals = /^totals:\s+(\d+)/m.exec(await readFile(join(dir, name), 'utf8'));
  if (totals === null) throw new Error(`no totals line in ${name}`);
  return Number(totals[1]);
}
