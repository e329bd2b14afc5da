import { setupMockServer } from '@blockindex/mock/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Middleware } from '../../src/index.js';

const mock = setupMockServer({ seed: 1 });

beforeAll(() => mock.listen());
afterAll(() => mock.close());

describe('getSmartContractsStatus against the mock', () => {
  it('batches 1,500 ids into short URLs, runs them concurrently and merges one entry per id', async () => {
    const [deployed, pending, never] = mock.world.fixtures.contractIds;
    const generated = Array.from({ length: 1500 }, (_, i) => `${deployed.split('.')[0]}.probe-contract-${i}`);
    const ids = [deployed, ...generated, pending, never, ...generated.slice(0, 100), deployed];
    const urls: string[] = [];
    const stats = { inFlight: 0, peak: 0 };
    const watch: Middleware = {
      onRequest({ request }) {
        urls.push(request.url);
        stats.inFlight += 1;
        stats.peak = Math.max(stats.peak, stats.inFlight);
      },
      onResponse() {
        stats.inFlight -= 1;
      },
    };
    const statuses = await createClient({ use: [watch] }).getSmartContractsStatus(ids, { concurrency: 4 });

    const distinct = [...new Set(ids)];
    expect(Object.keys(statuses).sort()).toEqual([...distinct].sort());
    for (const id of distinct) expect(statuses[id]).toEqual(mock.world.getSmartContractStatus(id));
    expect(statuses[deployed]).toMatchObject({ found: true });
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(url.length).toBeLessThanOrEqual(7000);
    const sent = urls.flatMap((url) => new URL(url).searchParams.getAll('contract_id'));
    expect(sent).toHaveLength(distinct.length); // every distinct id asked once, none twice
    expect(stats.peak).toBe(4);
  });
});
