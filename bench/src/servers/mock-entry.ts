// Child-process entry: runs our standalone mock server (see child-server.ts).
import type { WorldFixtures } from '@blockindex/mock';
import { startMockServer } from '@blockindex/mock/server';
import { growAddressHistory, transactionCount } from '../address-history.js';

/** Options the parent sends to this child. */
export interface MockServerOptions {
  seed: number;
  latencyMs?: number;
  /** Grow the fixture address to this many transactions before reporting ready. */
  addressTransactions?: number;
}

/** What the child reports once it listens. */
export interface MockServerInfo {
  url: string;
  fixtures: WorldFixtures;
  /** Transactions listed for `fixtures.address` after any growth. */
  addressTotal: number;
}

process.once('message', (message) => {
  start(message as MockServerOptions).catch((error: unknown) => {
    process.send?.({ error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.exit(1);
  });
});
// The parent going away (even by crashing) must not leave this server listening.
process.once('disconnect', () => process.exit(0));

async function start(options: MockServerOptions): Promise<void> {
  const server = await startMockServer({
    port: 0,
    host: '127.0.0.1',
    seed: options.seed,
    ...(options.latencyMs === undefined ? {} : { latencyMs: options.latencyMs }),
    // Growing the address mines 2–2.5 transactions per one it gains, past the default bound of 100,000 mined.
    ...(options.addressTransactions === undefined
      ? {}
      : { maxMinedTransactions: 4 * options.addressTransactions }),
  });
  const { world } = server;
  const address = world.fixtures.address;
  const addressTotal =
    options.addressTransactions === undefined
      ? transactionCount(world, address)
      : growAddressHistory(world, address, options.addressTransactions);
  const info: MockServerInfo = { url: server.url, fixtures: world.fixtures, addressTotal };
  process.send?.({ ready: info });
}
