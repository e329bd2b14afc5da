import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStressFigures } from '../../../../test/support/stress-figures';
import { type MockServer, startMockServer } from '../../src/server';
import { bySize, STRESS_MODE } from '../hardening/helpers/stress-mode';

// Load and soak: autocannon against the standalone server on loopback, 50 connections cycling through the
// seven operations (valid requests only), 30 s at full size, 3 s in short mode. Both run in this process, so
// the RSS figures include autocannon's own buffers: the bound is generous on purpose.
const DURATION_S = bySize({ short: 3, full: 30 });
const CONNECTIONS = 50;
const MAX_RSS_GROWTH_MB = 100;

let server: MockServer;

beforeAll(async () => {
  server = await startMockServer({ port: 0, seed: 1 });
});

afterAll(async () => {
  await server.close();
});

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** `global.gc` when the process exposes it; otherwise V8's, switched on at run time (the test runner's flags are fixed). */
function collector(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  }
}

const gc = collector();

function settleMemory(): NodeJS.MemoryUsage {
  gc?.();
  gc?.();
  return process.memoryUsage();
}

/** Every 2xx body of the mix is a JSON object, never an error body. */
function isAnswer(body: string | Buffer | undefined): boolean {
  if (body === undefined) return false;
  try {
    const value: unknown = JSON.parse(body.toString());
    return typeof value === 'object' && value !== null && !('statusCode' in value) && !('error' in value);
  } catch {
    return false;
  }
}

describe('standalone server under load', () => {
  it(`serves ${CONNECTIONS} connections for ${DURATION_S} s with no error, timeout or non-2xx, and flat memory`, async () => {
    const { address, txId, contractIds, burnBlockHeight, burnBlockHash, ticker } = server.world.fixtures;
    const requests = [
      { path: `/ordinals/v1/brc-20/tokens/${ticker}` },
      {
        path: `/extended/v2/smart-contracts/status?${contractIds.map((id) => `contract_id=${id}`).join('&')}`,
      },
      { path: `/extended/v2/addresses/${address}/transactions/${txId}/events` },
      { path: `/extended/v1/address/${address}/transactions_with_transfers?limit=20&offset=40` },
      { path: `/extended/v2/addresses/${address}/transactions?limit=50` },
      { path: `/extended/v1/block/by_burn_block_height/${burnBlockHeight}` },
      { path: `/extended/v1/block/by_burn_block_hash/${burnBlockHash}` },
    ];
    const options = {
      url: server.url,
      connections: CONNECTIONS,
      timeout: 10,
      requests,
      verifyBody: isAnswer,
    };

    // Warm-up: JIT, ajv's compiled validators and the sockets' buffers, so the baseline is not a cold process.
    const warmUp = await autocannon({ ...options, duration: 1 });
    expect(warmUp.errors + warmUp.timeouts + warmUp.non2xx).toBe(0);
    const before = settleMemory();

    const result = await autocannon({ ...options, duration: DURATION_S });
    const after = settleMemory();

    const growth = mb(after.rss - before.rss);
    const heapGrowth = mb(after.heapUsed - before.heapUsed);
    recordStressFigures('mock load and memory', STRESS_MODE, [
      `mock load (${STRESS_MODE}): ${result.requests.total} requests in ${result.duration} s over ${CONNECTIONS} connections`,
      `  ${Math.round(result.requests.average)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
      `  errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}, body mismatches ${result.mismatches}, resets ${result.resets}`,
      `  RSS before ${mb(before.rss)} MB, after ${mb(after.rss)} MB (growth ${growth} MB, bound ${MAX_RSS_GROWTH_MB} MB)`,
      `  heap used before ${mb(before.heapUsed)} MB, after ${mb(after.heapUsed)} MB (growth ${heapGrowth} MB; gc ${gc ? 'forced' : 'unavailable'})`,
    ]);

    expect(result.requests.total).toBeGreaterThan(0);
    expect(result.errors).toBe(0);
    expect(result.timeouts).toBe(0);
    expect(result.non2xx).toBe(0);
    expect(result.mismatches).toBe(0);
    expect(result['2xx']).toBe(result.requests.total);
    expect(growth).toBeLessThan(MAX_RSS_GROWTH_MB);
    expect(heapGrowth).toBeLessThan(MAX_RSS_GROWTH_MB);

    // Soak check: still answering, and nothing queued up behind the load.
    const res = await fetch(`${server.url}/extended/v1/block/by_burn_block_height/${burnBlockHeight}`);
    expect(res.status).toBe(200);
  });
});
