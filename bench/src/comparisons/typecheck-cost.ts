import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchContext, Comparison, ComparisonOutput, Row } from '../comparison.js';
import { interleave, rowsFor, timeMs } from '../harness.js';
import { track } from '../servers/processes.js';

const require = createRequire(import.meta.url);
const FIXTURES = fileURLToPath(new URL('../../fixtures/typecheck/', import.meta.url));
const BASELINE = 'vendor';
const CONSUMERS = { ours: 'tsconfig.ours.json', vendor: 'tsconfig.vendor.json' } as const;
type Consumer = keyof typeof CONSUMERS;
// Counters from `--extendedDiagnostics`: deterministic, unlike the times next to them.
const COUNTERS = [
  'Files',
  'Lines of Definitions',
  'Types',
  'Instantiations',
  'Memory used',
  'Check time',
] as const;

function tscBin(): string {
  const packageJson = require.resolve('typescript/package.json');
  return join(dirname(packageJson), 'bin', 'tsc');
}

/** Runs `tsc --noEmit --extendedDiagnostics -p <tsconfig>` and returns its diagnostics as numbers. */
async function typecheck(tsconfig: string): Promise<Record<string, number>> {
  const child = track(
    spawn(process.execPath, [tscBin(), '--noEmit', '--extendedDiagnostics', '-p', join(FIXTURES, tsconfig)], {
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`tsc -p ${tsconfig} exited with ${code}:\n${output}`);
  const diagnostics: Record<string, number> = {};
  for (const match of output.matchAll(/^([A-Za-z][A-Za-z ]+):\s+([\d.]+)(K|s)?$/gm)) {
    const [, name, value] = match;
    if (name !== undefined && value !== undefined) diagnostics[name.trim()] = Number(value);
  }
  return diagnostics;
}

async function run({ smoke, log }: BenchContext): Promise<ComparisonOutput> {
  const settings = smoke ? { warmupRounds: 0, rounds: 1 } : { warmupRounds: 1, rounds: 5 };
  const diagnostics: Record<Consumer, Array<Record<string, number>>> = { ours: [], vendor: [] };
  const check = (consumer: Consumer) => async () => {
    log(`tsc ${consumer}`);
    let result: Record<string, number> = {};
    const ms = await timeMs(async () => {
      result = await typecheck(CONSUMERS[consumer]);
    });
    diagnostics[consumer].push(result);
    return ms;
  };
  const wall = await interleave(
    { ours: check('ours'), vendor: check('vendor') },
    { warmup: settings.warmupRounds, runs: settings.rounds },
  );
  // Warm-up runs are in `diagnostics` too: keep the last `rounds` of each, matching the timed samples.
  const kept = (consumer: Consumer) => diagnostics[consumer].slice(-settings.rounds);
  const consumers: Consumer[] = ['vendor', 'ours'];
  const rows: Row[] = [
    ...rowsFor(
      'wall time of tsc --noEmit',
      'ms',
      BASELINE,
      consumers.map((consumer) => ({ label: consumer, samples: wall[consumer] })),
    ),
    ...COUNTERS.flatMap((counter) =>
      rowsFor(
        `tsc ${counter}`,
        counter === 'Memory used' ? 'KiB' : counter === 'Check time' ? 's' : 'count',
        BASELINE,
        consumers.map((consumer) => ({
          label: consumer,
          samples: kept(consumer).map((d) => d[counter] ?? Number.NaN),
        })),
      ),
    ),
  ];
  return {
    settings: {
      ...settings,
      typescript: (require('typescript/package.json') as { version: string }).version,
      fixtures: Object.values(CONSUMERS).map((file) => `fixtures/typecheck/${file}`),
    },
    rows,
    targets: [],
    notes: [
      'Each consumer is one file making the same two calls (a page of address transactions, a block by burn height) and reading typed fields; both share fixtures/typecheck/tsconfig.json (strict, skipLibCheck, types: []).',
      'Wall time includes starting Node and tsc (the same fixed cost for both); the counters come from tsc --extendedDiagnostics and are the stable measure of how much type work each client asks of its consumers.',
      'No target is set for this comparison.',
    ],
  };
}

/** `tsc --noEmit` of a small consumer of our client vs one of the vendor's. */
export const typecheckCost: Comparison = {
  name: 'typecheck-cost',
  title: 'Consumer type-check cost: tsc --noEmit of a small file using each client',
  run,
};
