// The client's published types, imported as an app would: every name resolves, and they are not `any`.
import { createClient, DEPRECATIONS, type DeprecatedOperation, NotFoundError } from '@blockindex/client';

const client = createClient({ fetch: async () => Response.json({ error: 'Not found' }, { status: 404 }) });
export const replacement: string = DEPRECATIONS.getAddressTransactions;
export const deprecated: DeprecatedOperation = 'getBlockByBurnBlockHeight';
// @ts-expect-error: DeprecatedOperation is a union of operation ids, so this is refused (with `any` it compiles)
export const notAnOperation: DeprecatedOperation = 'not-an-operation';

export async function tickerOrNotFound(): Promise<string | 'not found'> {
  try {
    return (await client.getBrc20Token('ordi')).token.ticker;
  } catch (error) {
    if (error instanceof NotFoundError) return 'not found';
    throw error;
  }
}
