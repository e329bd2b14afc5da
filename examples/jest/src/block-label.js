// The application code under test: it gets a client, asks for a block and turns the answer (or a typed
// failure) into the text a UI shows. It knows nothing about mocks or Jest.
import { NotFoundError } from '@blockindex/client';

/**
 * Describes the block anchored at a burn-chain height, or says that there is none.
 *
 * @param {import('@blockindex/client').BlockindexClient} client
 * @param {number} burnBlockHeight
 * @returns {Promise<string>}
 * @example
 * const label = await blockLabel(createClient(), 9);
 */
export async function blockLabel(client, burnBlockHeight) {
  try {
    const block = await client.getBlockByBurnBlockHeight(burnBlockHeight);
    return `Block ${block.height} (${block.txs.length} transactions), anchored at burn height ${block.burn_block_height}`;
  } catch (error) {
    if (error instanceof NotFoundError) return `No block at burn height ${burnBlockHeight}`;
    throw error;
  }
}
