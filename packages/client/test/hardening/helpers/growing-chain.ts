import type { World } from '@blockindex/mock';

const LIST_PATH = /\/(transactions|transactions_with_transfers|events)$/;

/** How the chain grows: blocks mined after each list response, and transactions per block (3 by default). */
export interface Growth {
  blocks: () => number;
  transactions: number;
}

/**
 * A `fetch` that lets the request through (to MSW or a server by default, or to `inner`), then mines blocks
 * touching `address` after every list response: the chain grows between any two page fetches, prefetched
 * ones included. With `deliverNextTurn`, each answer is computed when its request arrives but handed back
 * one event-loop turn later, like a server answering concurrent requests from the same state: all the
 * requests in flight are answered before the chain grows for any of them.
 */
export function growingFetch(
  world: () => World,
  address: string,
  growth: Growth = { blocks: () => 1, transactions: 3 },
  options: { inner?: (request: Request) => Promise<Response>; deliverNextTurn?: boolean } = {},
) {
  const inner = options.inner ?? ((request: Request) => globalThis.fetch(request));
  const stats = { listResponses: 0, blocksMined: 0 };
  const fetch = async (request: Request): Promise<Response> => {
    const response = await inner(request);
    if (options.deliverNextTurn) await new Promise<void>((resolve) => setImmediate(resolve));
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
