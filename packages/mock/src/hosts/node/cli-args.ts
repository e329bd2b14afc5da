import { parseArgs } from 'node:util';
import { SUNSET_OPERATIONS, type SunsetOperation } from '../../engine/scenarios/scenarios';
import { readSunset } from '../../engine/scenarios/sunset-setting';

/** Parsed command line of `blockindex-mock`. */
interface CliOptions {
  port: number;
  host: string;
  seed: number | undefined;
  latencyMs: number;
  maxMinedTransactions: number | undefined;
  /** Extra host names to accept, or `true` for any. */
  allowedHosts: string[] | true;
  /** Whether `x-forwarded-for` comes from a trusted proxy. */
  trustProxy: boolean;
  /** Deprecated operations answering upstream's 410 from the start. */
  sunset: SunsetOperation[] | 'all' | undefined;
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
  --latency <ms>  delay added to every API answer, up to 60000 (default 0)
  --max-mined-transactions <n>
                  most transactions POST /__mock/mine may add (default 100000, about 125 MB of heap);
                  past it mining answers 409 and everything else keeps answering
  --allowed-hosts <names>
                  comma-separated host names accepted besides localhost, IP addresses and
                  --host (".example.com" allows a domain and its subdomains; "all" allows any)
  --trust-proxy   a proxy in front sets x-forwarded-for: the rate-limit scenario counts
                  clients by its first address (default, or when that address is empty:
                  by the socket's address)
  --sunset <operations>
                  comma-separated deprecated operations (or "all" alone) that answer upstream's
                  410 Gone, as once Hiro disables them: ${SUNSET_OPERATIONS.join(', ')}
  -h, --help      show this help

Control routes (GET / lists them; POST bodies are JSON, sent with Content-Type: application/json):
GET /health, GET /__mock/fixtures, POST /__mock/reset, POST /__mock/mine {"blocks":n,"address":"SP..."},
POST /__mock/reorg {"depth":n,"replaceWith":m},
GET|POST /__mock/scenario {"latencyMs","failNext","networkErrorNext","rateLimit","sunset","reorg","clear"}.`;

/** Options that take a value: their value is the next argument even when it starts with `-` (`--port -1`). */
const VALUE_OPTIONS = new Set([
  '--port',
  '--host',
  '--seed',
  '--latency',
  '--max-mined-transactions',
  '--allowed-hosts',
  '--sunset',
]);

/**
 * The arguments as `parseArgs` should see them: without the `--` that `pnpm mock -- --help` passes on, and
 * with `--port -1` joined into `--port=-1`, so a negative value gets our range message rather than Node's
 * "argument is ambiguous".
 */
function normalize(argv: readonly string[]): string[] {
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  const out: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] as string;
    const next = args[index + 1];
    if (VALUE_OPTIONS.has(arg) && next?.startsWith('-') && next !== '--') {
      out.push(`${arg}=${next}`);
      index += 1;
    } else out.push(arg);
  }
  return out;
}

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
      args: normalize(argv),
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        seed: { type: 'string' },
        latency: { type: 'string' },
        'max-mined-transactions': { type: 'string' },
        'allowed-hosts': { type: 'string' },
        'trust-proxy': { type: 'boolean' },
        sunset: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return { kind: 'help' };
  const port = integer('port', (values.port as string | undefined) ?? '3999', 0, 65535);
  if (typeof port === 'string') return { kind: 'error', message: port };
  const latencyMs = integer('latency', (values.latency as string | undefined) ?? '0', 0, 60_000);
  if (typeof latencyMs === 'string') return { kind: 'error', message: latencyMs };
  let seed: number | undefined;
  if (values.seed !== undefined) {
    const parsed = integer('seed', values.seed as string, 0, 2 ** 32 - 1);
    if (typeof parsed === 'string') return { kind: 'error', message: parsed };
    seed = parsed;
  }
  const host = (values.host as string | undefined) ?? '127.0.0.1';
  if (host.trim() === '') return { kind: 'error', message: '--host must not be empty' };
  let maxMinedTransactions: number | undefined;
  const rawMax = values['max-mined-transactions'] as string | undefined;
  if (rawMax !== undefined) {
    const parsed = integer('max-mined-transactions', rawMax, 0, 10_000_000);
    if (typeof parsed === 'string') return { kind: 'error', message: parsed };
    maxMinedTransactions = parsed;
  }
  const rawHosts = values['allowed-hosts'] as string | undefined;
  let allowedHosts: string[] | true = [];
  if (rawHosts !== undefined) {
    const names = rawHosts
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== '');
    if (names.length === 0) return { kind: 'error', message: '--allowed-hosts needs at least one name' };
    allowedHosts = names.includes('all') ? true : names;
  }
  const sunset = sunsetOption(values.sunset as string | undefined);
  if (typeof sunset === 'object' && 'message' in sunset) return { kind: 'error', message: sunset.message };
  const trustProxy = values['trust-proxy'] === true;
  return {
    kind: 'start',
    options: { port, host, seed, latencyMs, maxMinedTransactions, allowedHosts, trustProxy, sunset },
  };
}

function sunsetOption(raw: string | undefined): SunsetOperation[] | 'all' | undefined | { message: string } {
  if (raw === undefined) return undefined;
  // The grammar of `{"sunset": …}` on POST /__mock/scenario too, so the two accept and refuse the same.
  const setting = readSunset(raw, '--sunset');
  if (setting === null) return undefined;
  return typeof setting === 'object' && 'message' in setting
    ? setting
    : setting === 'all'
      ? 'all'
      : [...setting];
}
