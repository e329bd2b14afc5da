import { parseArgs } from 'node:util';

/** Parsed command line of `blockindex-mock`. */
export interface CliOptions {
  port: number;
  host: string;
  seed: number | undefined;
  latencyMs: number;
}

/** Either options to start with, a request for help, or a usage error to print. */
export type CliArgs =
  | { kind: 'start'; options: CliOptions }
  | { kind: 'help' }
  | { kind: 'error'; message: string };

export const USAGE = `Usage: blockindex-mock [options]

Serves the Blockchain Index Read API mock over HTTP, from a seeded deterministic chain.

Options:
  --port <n>      port to listen on; 0 picks a free one (default 3999)
  --host <host>   interface to bind (default 127.0.0.1)
  --seed <n>      seed of the generated world (default 1)
  --latency <ms>  delay added to every API answer (default 0)
  -h, --help      show this help

Control routes: GET /health, GET /__mock/fixtures, POST /__mock/reset,
POST /__mock/mine {"blocks":n,"address":"SP..."}, GET|POST /__mock/scenario.`;

function integer(name: string, raw: string, min: number, max: number): number | string {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    return `--${name} must be an integer from ${min} to ${max}, got "${raw}"`;
  }
  return value;
}

/** Parses `argv` (without the node and script paths) strictly: unknown flags and stray arguments are errors. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        latency: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return { kind: 'help' };
  const port = integer('port', (values.port as string | undefined) ?? '3999', 0, 65535);
  if (typeof port === 'string') return { kind: 'error', message: port };
  const latencyMs = integer('latency', (values.latency as string | undefined) ?? '0', 0, 600_000);
  if (typeof latencyMs === 'string') return { kind: 'error', message: latencyMs };
  let seed: number | undefined;
  if (values.seed !== undefined) {
    const parsed = integer('seed', values.seed as string, 0, 2 ** 32 - 1);
    if (typeof parsed === 'string') return { kind: 'error', message: parsed };
    seed = parsed;
  }
  const host = (values.host as string | undefined) ?? '127.0.0.1';
  if (host.trim() === '') return { kind: 'error', message: '--host must not be empty' };
  return { kind: 'start', options: { port, host, seed, latencyMs } };
}
