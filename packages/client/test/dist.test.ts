import { existsSync } from 'node:fs';
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
});
