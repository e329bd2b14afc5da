import { parseCliArgs, USAGE } from './cli-args';
import { type MockServer, startMockServer } from './server';

const NAME = 'blockindex-mock';

async function main(argv: readonly string[]): Promise<void> {
  const args = parseCliArgs(argv);
  if (args.kind === 'help') {
    console.log(USAGE);
    return;
  }
  if (args.kind === 'error') {
    console.error(`${NAME}: ${args.message}\nRun \`${NAME} --help\` for the options.`);
    process.exitCode = 2;
    return;
  }
  const { port, host, seed, latencyMs, maxMinedTransactions, allowedHosts, trustProxy, sunset } =
    args.options;
  // The handlers go in before the server starts and long before the ready line: a supervisor (or a test) may
  // signal the moment it reads that line, and a signal with no handler kills the process instead of stopping it.
  let server: MockServer | undefined;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl-C means "now".
      process.exit(130);
    }
    stopping = true;
    // A signal during start-up: `main` sees `stopping` once the server is up and closes it then.
    if (server) closeAndExit(server, signal);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    server = await startMockServer({
      port,
      host,
      latencyMs,
      allowedHosts,
      trustProxy,
      ...(sunset === undefined ? {} : { sunset }),
      ...(seed === undefined ? {} : { seed }),
      ...(maxMinedTransactions === undefined ? {} : { maxMinedTransactions }),
    });
  } catch (error) {
    console.error(`${NAME}: ${describeListenError(error, host, port)}`);
    process.exitCode = 1;
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    return;
  }
  if (stopping) {
    closeAndExit(server, 'SIGTERM');
    return;
  }
  console.log(`blockindex mock listening on ${server.url}`);
}

function closeAndExit(server: MockServer, signal: NodeJS.Signals): void {
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`${NAME}: error while stopping on ${signal}: ${String(error)}`);
      process.exit(1);
    },
  );
}

function describeListenError(error: unknown, host: string, port: number): string {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'EADDRINUSE') {
    return `cannot listen on ${host}:${port}: the port is already in use (choose another --port, or --port 0 for a free one)`;
  }
  if (code === 'EACCES') return `cannot listen on ${host}:${port}: permission denied (use a port above 1023)`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return `cannot listen on ${host}: no such local address`;
  return `cannot start: ${error instanceof Error ? error.message : String(error)}`;
}

await main(process.argv.slice(2));
