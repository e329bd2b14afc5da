// The same consumer as types-esm.mts as CommonJS: `import = require` resolves the require condition (the .d.cts
// types) under both moduleResolution bundler and node16.
import blockindex = require('@blockindex/client');

type DeprecatedOperation = blockindex.DeprecatedOperation;

const client = blockindex.createClient({
  fetch: async () => Response.json({ error: 'Not found' }, { status: 404 }),
});
export const replacement: string = blockindex.DEPRECATIONS.getAddressTransactions;
export const deprecated: DeprecatedOperation = 'getBlockByBurnBlockHeight';
// @ts-expect-error: DeprecatedOperation is a union of operation ids, so this is refused (with `any` it compiles)
export const notAnOperation: DeprecatedOperation = 'not-an-operation';

export async function tickerOrNotFound(): Promise<string | 'not found'> {
  try {
    return (await client.getBrc20Token('ordi')).token.ticker;
  } catch (error) {
    if (error instanceof blockindex.NotFoundError) return 'not found';
    throw error;
  }
}
