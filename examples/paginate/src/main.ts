// Walks every transaction of one address with the client's `for await` iterator over `getPrincipalTransactions`
// (the successor of the deprecated `getAddressTransactions`), drawing a progress bar,
// then prints totals. With no flags it starts the standalone mock on a free loopback port and reads the
// mock's busiest address, so `pnpm demo` needs no network and no configuration.
import { parseArgs } from 'node:util';
import {
  ApiError,
  BadRequestError,
  ConnectionError,
  createClient,
  NotFoundError,
  RateLimitError,
  TimeoutError,
} from '@blockindex/client';
import { startMockServer } from '@blockindex/mock/server';
import cliProgress from 'cli-progress';
import { addTransaction, emptySummary, formatSummary } from './summarize.js';

const USAGE = `Usage: pnpm demo [options]   (from the repository root; in examples/paginate: pnpm start [options])

Prints a summary of every transaction of an address (count, STX sent and received, balances changed).

Options:
  --base-url <url>       API to read from (default: a mock started by this script)
  --address <principal>  STX address or contract id (default with the mock: its busiest address)
  --concurrency <n>      pages fetched ahead where a list allows it (default: 4; the v3 list pages by
                         cursor, one request after the other)
  -h, --help             show this help`;

async function main(): Promise<void> {
  const values = readFlags();
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const concurrency = Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new UsageError('--concurrency must be an integer ≥ 1');

  // No --base-url: serve the mock ourselves. Port 0 lets the OS pick a free port.
  const mock = values['base-url'] ? undefined : await startMockServer({ port: 0 });
  try {
    const baseUrl = values['base-url'] ?? mock?.url;
    const address = values.address ?? mock?.world.fixtures.address;
    if (!baseUrl || !address) throw new UsageError('--address is required with --base-url');
    const client = createClient({ baseUrl });

    console.log(`Reading every transaction of ${address} from ${baseUrl}…`);
    // Awaiting a list call gives its first page, and with it the total: it sizes the progress bar.
    const { total } = await client.getPrincipalTransactions(address, { limit: 1 });
    const bar = new cliProgress.SingleBar(
      // Without a terminal (CI, a pipe) print a plain line every second instead of redrawing one line.
      { format: '{bar} {value}/{total} transactions', noTTYOutput: true, notTTYSchedule: 1000 },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0);
    const summary = emptySummary();
    try {
      // `for await` walks every item: pages of 50 (the API's maximum), each from the cursor of the row before.
      // The client keeps the walk exact if blocks are mined meanwhile: no item is skipped or repeated.
      for await (const row of client.getPrincipalTransactions(address, {}, { pageSize: 50, concurrency })) {
        addTransaction(summary, row);
        // New transactions may have arrived since the first request: grow the bar rather than overflow it.
        if (summary.count > total) bar.setTotal(summary.count);
        bar.increment();
      }
    } finally {
      bar.stop();
    }
    console.log(formatSummary(address, summary));
  } finally {
    await mock?.close();
  }
}

/** A mistake on the command line: reported with the usage text. */
class UsageError extends Error {}

function readFlags() {
  const options = {
    'base-url': { type: 'string' },
    address: { type: 'string' },
    concurrency: { type: 'string', default: '4' },
    help: { type: 'boolean', short: 'h', default: false },
  } as const;
  // pnpm 10 hands a `--` written before the flags (`pnpm start -- --help`) to the script as is; skip it.
  const args = process.argv.slice(2);
  if (args[0] === '--') args.shift();
  try {
    return parseArgs({ args, options }).values;
  } catch (error) {
    // parseArgs throws a TypeError for an unknown flag or a missing value.
    throw new UsageError((error as Error).message);
  }
}

main().catch((error: unknown) => {
  // Most specific classes first: NotFoundError and RateLimitError are ApiErrors too.
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
  } else if (error instanceof NotFoundError || error instanceof BadRequestError) {
    console.error(`The API rejected the request: ${error.message}`);
  } else if (error instanceof RateLimitError) {
    const wait = error.retryAfterMs === undefined ? 'later' : `in ${Math.ceil(error.retryAfterMs / 1000)} s`;
    console.error(`Rate limited even after retries; try again ${wait}.`);
  } else if (error instanceof ApiError) {
    console.error(`The API failed: ${error.message}`);
  } else if (error instanceof TimeoutError) {
    // Before ConnectionError: a timeout is a kind of connection error.
    console.error(`The API did not answer in time (${error.message}).`);
  } else if (error instanceof ConnectionError) {
    console.error(`Could not reach the API (${error.message}). Is the server running?`);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
});
