import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// The built files, loaded the way consumers load them. Locally they are tested when present; CI builds before
// testing, so there a missing build is a failure, not a reason to skip.
const dist = new URL('../dist/', import.meta.url);
const built = existsSync(new URL('index.js', dist)) && existsSync(new URL('index.cjs', dist));
const inCi = !['', '0', 'false'].includes((process.env.CI ?? '').trim().toLowerCase());

const fetch = async (request: Request) =>
  request.url.endsWith('/9')
    ? Response.json(
        { statusCode: 404, error: 'Not Found', message: 'cannot find block by height' },
        { status: 404 },
      )
    : Response.json({ height: 1 });

describe.skipIf(!built && !inCi)('built package', () => {
  it('is built', () => {
    expect(
      built,
      'dist/index.js or dist/index.cjs is missing: run `pnpm --filter @blockindex/client build`',
    ).toBe(true);
  });

  it('works from the ESM build', async () => {
    const esm = await import(new URL('index.js', dist).href);
    const client = esm.createClient({ fetch });
    await expect(client.getBlockByBurnBlockHeight(1)).resolves.toEqual({ height: 1 });
    await expect(client.getBlockByBurnBlockHeight(9)).rejects.toBeInstanceOf(esm.NotFoundError);
  });

  it('works from the CJS build', async () => {
    const cjs = createRequire(import.meta.url)(new URL('index.cjs', dist).pathname);
    const client = cjs.createClient({ fetch });
    await expect(client.getBlockByBurnBlockHeight(1)).resolves.toEqual({ height: 1 });
    await expect(client.getBlockByBurnBlockHeight(9)).rejects.toBeInstanceOf(cjs.NotFoundError);
    expect(Object.keys(cjs.BASE_URLS)).toEqual(['mainnet', 'testnet', 'mock']);
  });

  it('takes a core of the CJS build in the ESM build, and the other way round (a core is not tied to its module copy)', async () => {
    const esm = await import(new URL('index.js', dist).href);
    const cjs = createRequire(import.meta.url)(new URL('index.cjs', dist).pathname);
    await expect(esm.getBlockByBurnBlockHeight(cjs.createCore({ fetch }), 1)).resolves.toEqual({ height: 1 });
    await expect(cjs.getBlockByBurnBlockHeight(esm.createCore({ fetch }), 1)).resolves.toEqual({ height: 1 });
    // The core's own copy builds the error: its class is the CJS one.
    await expect(esm.getBlockByBurnBlockHeight(cjs.createCore({ fetch }), 9)).rejects.toBeInstanceOf(
      cjs.NotFoundError,
    );
    await expect(esm.getBlockByBurnBlockHeight({ baseUrl: 'x', ordinalsBaseUrl: 'x' }, 1)).rejects.toThrow(
      /core must come from createCore\(\)/,
    );
  });

  it('publishes no internal type in its declarations', () => {
    for (const file of ['index.d.ts', 'index.d.cts']) {
      const types = readFileSync(new URL(file, dist), 'utf8');
      for (const name of [
        'PageSource',
        'Frame',
        'Chunk',
        'Growth',
        'Shot',
        'ExactPager',
        'TransportConfig',
        'OffsetAim',
      ]) {
        expect(types, `${name} in ${file}`).not.toMatch(new RegExp(`\\b(interface|class|type) ${name}\\b`));
      }
    }
  });

  it('answers a list call with a real Promise that carries page params', async () => {
    const esm = await import(new URL('index.js', dist).href);
    const page = { limit: 1, offset: 0, total: 2, results: [{ tx: { tx_id: '0x1' } }] };
    const client = esm.createClient({ fetch: async () => Response.json(page) });
    const call = client.getAccountTransactionsWithTransfers('SP1');
    expect(call).toBeInstanceOf(Promise);
    const json = JSON.parse(JSON.stringify(await call));
    expect(json.nextPageParam).toEqual({
      cursor: null,
      offset: 1,
      total: 2,
      end: 2,
      limit: 1,
      growth: 0,
      last: '0x1', // the row before the next page (with its block, when the row names one)
    });
  });
});
