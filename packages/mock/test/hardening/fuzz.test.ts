import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/server';
import { answerProblem } from './helpers/fuzz-oracle';
import type { FuzzRequest } from './helpers/fuzz-requests';
import { formatProblems, fuzzServer } from './helpers/fuzz-server';
import { rawClient } from './helpers/raw-http';
import { fuzzSeed } from './helpers/stress-mode';

// The fast version of the fuzzing suite (the long one is test/stress/fuzz.stress.ts): a few hundred
// generated requests over real loopback HTTP, every answer checked against the spec.
const RUNS = 300;

/** Requests the fuzzer once found interesting, replayed on every run through the same checks. */
const CORPUS: readonly [string, string, Record<string, string>?][] = [
  [
    'an un-prefixed burn block hash with a trailing slash',
    `/extended/v1/block/by_burn_block_hash/${'0'.repeat(64)}/`,
  ],
  ['a dotted path to a deprecated operation', '/extended/v1/x/../block/by_burn_block_height/1'],
  ['an upper-cased path', '/EXTENDED/V1/BLOCK/BY_BURN_BLOCK_HEIGHT/1'],
  ['a truncated UTF-8 escape in the path', '/extended/v2/addresses/%E0%A4%A/transactions'],
  ['an encoded lone surrogate in the query', '/extended/v2/smart-contracts/status?contract_id=%ED%A0%80'],
  ['repeated limits', '/extended/v2/addresses/SP000000000000000000002Q6VF78/transactions?limit=1&limit=2'],
  ['a matrix parameter', '/ordinals/v1/brc-20/tokens/ordi;x=1'],
  ['If-None-Match: *', '/extended/v1/block/by_burn_block_height/1', { 'if-none-match': '*' }],
  [
    'a contract id whose dot is another character (upstream accepts it; the answer keys it as requested)',
    '/extended/v2/smart-contracts/status?contract_id=SPXZ42R2ZZA34JDYM6AWNZ3ACBZ5Y097ZZ38EH6RhasOwnProperty',
  ],
  ['a 20 kB query value', `/extended/v2/smart-contracts/status?contract_id=${'a'.repeat(20_000)}`],
];

let server: MockServer;

beforeAll(async () => {
  server = await startMockServer({ port: 0, seed: 1 });
});

afterAll(async () => {
  await server.close();
});

describe('standalone server under fuzzing', () => {
  it.each(CORPUS)('answers %s as documented', async (_name, path, headers = {}) => {
    const client = rawClient(server.url);
    try {
      const request: FuzzRequest = { path, headers, kind: 'garbage', target: 'garbage' };
      const answer = await client.send(request);
      expect(
        answerProblem(request, answer),
        `${answer.status} ${answer.headers.location ?? ''} ${answer.body}`,
      ).toBeUndefined();
    } finally {
      client.close();
    }
  });

  it('answers every generated request with a spec-valid 200 or a documented error, never a 5xx or a hang', async () => {
    const seed = fuzzSeed();
    const figures = await fuzzServer(server.url, server.world, {
      runs: RUNS,
      ...(seed === undefined ? {} : { seed }),
    });
    expect(figures.problems.size, formatProblems(figures)).toBe(0);
    expect(figures.requests).toBe(RUNS);
    // The generator must reach both sides of the validation: real answers and real refusals.
    expect(figures.statuses['200'] ?? 0).toBeGreaterThan(RUNS / 10);
    expect(figures.statuses['400'] ?? 0).toBeGreaterThan(RUNS / 20);
  });

  it('still serves the API afterwards, and no input reached Object.prototype', async () => {
    const { burnBlockHeight } = server.world.fixtures;
    const res = await fetch(`${server.url}/extended/v1/block/by_burn_block_height/${burnBlockHeight}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ burn_block_height: burnBlockHeight });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});
