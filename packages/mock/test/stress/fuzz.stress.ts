import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStressFigures } from '../../../../test/support/stress-figures';
import { type MockServer, startMockServer } from '../../src/server';
import {
  type FuzzFigures,
  formatFigures,
  formatProblems,
  fuzzServer,
} from '../hardening/helpers/fuzz-server';
import { bySize, fuzzSeed, STRESS_MODE } from '../hardening/helpers/stress-mode';

// The long fuzzing run: ≥ 10,000 generated requests over real loopback HTTP (about 1,500 in short mode).
const RUNS = bySize({ short: 1_500, full: 10_000 });

let server: MockServer;
let figures: FuzzFigures | undefined;

beforeAll(async () => {
  server = await startMockServer({ port: 0, seed: 1 });
});

afterAll(async () => {
  await server.close();
  if (figures) {
    const printed = formatFigures(`mock fuzzing (stress, ${STRESS_MODE})`, figures);
    recordStressFigures('mock fuzzing', STRESS_MODE, printed.split('\n'));
  }
});

describe('standalone server under fuzzing (stress)', () => {
  it(`answers ${RUNS} generated requests with a spec-valid 200 or a documented error, never a 5xx or a hang`, async () => {
    const seed = fuzzSeed();
    figures = await fuzzServer(server.url, server.world, {
      runs: RUNS,
      ...(seed === undefined ? {} : { seed }),
    });
    expect(figures.problems.size, formatProblems(figures)).toBe(0);
    expect(figures.requests).toBe(RUNS);
    expect(figures.statuses['200'] ?? 0).toBeGreaterThan(RUNS / 10);
    expect(figures.statuses['400'] ?? 0).toBeGreaterThan(RUNS / 20);
    expect(figures.statuses['431'] ?? 0).toBeGreaterThan(0);
  });

  it('still serves the API afterwards, and no input reached Object.prototype', async () => {
    const res = await fetch(`${server.url}/ordinals/v1/brc-20/tokens/ordi`);
    expect(res.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});
