import type { World } from '@blockindex/mock';

const LIST_PATH = /\/(transactions|transactions_with_transfers|events)$/;

/**
 * A `fetch` that lets the request through (to MSW or a server), then mines blocks touching `address` after
 * every list response: the chain grows between any two page fetches, prefetched ones included.
 */
export function growingFetch(
  world: () => World,
  address: string,
  growth: { blocks: () => number; transactions: number } = { blocks: () => 1, transactions: 3 },
) {
  const stats = { listResponses: 0, blocksMined: 0 };
  const fetch = async (request: Request): Promise<Response> => {
    const response = await globalThis.fetch(request);
    if (LIST_PATH.test(new URL(request.url).pathname)) {
      stats.listResponses += 1;
      const blocks = growth.blocks();
      for (let i = 0; i < blocks; i++) world().mineBlock({ address, transactions: growth.transactions });
      stats.blocksMined += blocks;
    }
    return response;
  };
  return { fetch, stats };
}

/** The three lists of `address` as they are now, items in order: the ground truth of one iteration. */
export function snapshot(world: World, address: string, txId: string) {
  const transactions = world.listAddressTransactions(address, { limit: 1_000_000, offset: 0 });
  if ('error' in transactions) throw new Error(transactions.error);
  return {
    transactions: transactions.results,
    transfers: world.listTransactionsWithTransfers(address, {
      limit: 1_000_000,
      offset: 0,
      unanchored: false,
    }).results,
    events: world.listAddressTransactionEvents(address, txId, { limit: 1_000_000, offset: 0 }).results,
  };
}
