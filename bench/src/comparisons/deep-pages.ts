import { createWorld, type World } from '@blockindex/mock';
import { growAddressHistory, transactionCount } from '../address-history.js';
import type { BenchContext, Comparison, ComparisonOutput, Row } from '../comparison.js';
import { callsPerSample, interleave, medianOf, rowsFor, target, timeMs } from '../harness.js';
import { startChildServer } from '../servers/child-server.js';
import type { MockServerInfo, MockServerOptions } from '../servers/mock-entry.js';

const LIMIT = 20;
const FIRST = 'first page';
const LAST = 'last page';

function lastOffset(total: number): number {
  return Math.max(0, Math.floor((total - 1) / LIMIT) * LIMIT);
}

/** Mean µs per call over a batch of `calls` sequential calls. */
function perCall(calls: number, call: () => unknown): () => Promise<number> {
  return async () =>
    ((await timeMs(async () => {
      for (let i = 0; i < calls; i++) await call();
    })) *
      1000) /
    calls;
}

interface Pair {
  group: string;
  first: () => unknown;
  last: () => unknown;
}

function worldPairs(world: World, address: string, total: number): Pair[] {
  const transactions = (offset: number) => () =>
    world.listAddressTransactions(address, { limit: LIMIT, offset });
  const withTransfers = (offset: number) => () =>
    world.listTransactionsWithTransfers(address, { limit: LIMIT, offset, unanchored: false });
  const transfersTotal = world.listTransactionsWithTransfers(address, {
    limit: 1,
    offset: 0,
    unanchored: false,
  }).total;
  return [
    {
      group: `world.listAddressTransactions (${total} txs)`,
      first: transactions(0),
      last: transactions(lastOffset(total)),
    },
    {
      group: `world.listTransactionsWithTransfers (${transfersTotal} txs)`,
      first: withTransfers(0),
      last: withTransfers(lastOffset(transfersTotal)),
    },
  ];
}

/** Times the first and last page of one pair in interleaved rounds; the batch size is calibrated on the first page. */
async function measurePair(pair: Pair, sampleMs: number, warmup: number, runs: number): Promise<Row[]> {
  const calls = await callsPerSample(pair.first, sampleMs);
  const samples = await interleave(
    { first: perCall(calls, pair.first), last: perCall(calls, pair.last) },
    { warmup, runs },
  );
  return rowsFor(pair.group, 'µs/call', FIRST, [
    { label: FIRST, samples: samples.first, details: { callsPerSample: calls } },
    { label: LAST, samples: samples.last, details: { callsPerSample: calls } },
  ]);
}

async function run({ smoke, log }: BenchContext): Promise<ComparisonOutput> {
  const settings = smoke
    ? { transactions: 10_000, limit: LIMIT, warmupRounds: 1, rounds: 1, sampleMs: 20 }
    : { transactions: 100_000, limit: LIMIT, warmupRounds: 2, rounds: 7, sampleMs: 250 };
  const rows: Row[] = [];

  log(`growing an address to ${settings.transactions} transactions in-process`);
  // Growing the address mines 2–2.5 transactions per transaction it gains (blocks also hold others), past the
  // mock's default bound of 100,000 mined transactions (a dev server's memory guard); 4× leaves room.
  const world = createWorld({ seed: 1, maxMinedTransactions: 4 * settings.transactions });
  const { address } = world.fixtures;
  const defaultTotal = transactionCount(world, address);
  const total = growAddressHistory(world, address, settings.transactions);
  for (const pair of worldPairs(world, address, total)) {
    rows.push(...(await measurePair(pair, settings.sampleMs, settings.warmupRounds, settings.rounds)));
  }

  log('same over HTTP (standalone mock in a child process)');
  const mock = await startChildServer<MockServerInfo>('mock-entry.ts', {
    seed: 1,
    addressTransactions: settings.transactions,
  } satisfies MockServerOptions);
  try {
    const { url, addressTotal } = mock.info;
    const page = (offset: number) => async () => {
      const response = await fetch(
        `${url}/extended/v2/addresses/${address}/transactions?limit=${LIMIT}&offset=${offset}`,
      );
      if (response.status !== 200) throw new Error(`HTTP ${response.status} at offset ${offset}`);
      await response.arrayBuffer();
    };
    const pair: Pair = {
      group: `GET /extended/v2/addresses/{address}/transactions (${addressTotal} txs)`,
      first: page(0),
      last: page(lastOffset(addressTotal)),
    };
    rows.push(...(await measurePair(pair, settings.sampleMs, settings.warmupRounds, settings.rounds)));
  } finally {
    await mock.close();
  }

  const groups = [...new Set(rows.map((row) => row.group))];
  return {
    settings: { ...settings, address, defaultTotal, grownTotal: total },
    rows,
    targets: groups.map((group) =>
      target(
        `last page ≤ 1.5× first page: ${group}`,
        medianOf(rows, group, LAST) / medianOf(rows, group, FIRST),
        '<=',
        1.5,
      ),
    ),
    notes: [
      `The fixture address of createWorld({ seed: 1 }) (${defaultTotal} transactions by default) was grown to ${total} with world.mineBlock({ address, transactions }) (blocks of 200 transactions, then single-transaction blocks to land exactly); the server in the child grew its own world the same way.`,
      `Last page = the page at offset floor((total − 1) / ${LIMIT}) × ${LIMIT}, limit ${LIMIT}. World rows call the World query API directly (no HTTP, no validation); the HTTP row is raw fetch + reading the body. Each sample is a batch of sequential calls sized to last about ${settings.sampleMs} ms.`,
      'First and last pages hold different transactions (the newest are the mined ones, the oldest come from the generated chain), so part of any gap is content, not depth: a depth-proportional cost would show as a ratio in the hundreds here.',
    ],
  };
}

/** Cost of the last page of a 100,000-transaction address vs its first page. */
export const deepPages: Comparison = {
  name: 'deep-pages',
  title: 'Deep pages: last vs first page of a 100,000-transaction address',
  run,
};
