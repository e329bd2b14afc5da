import { expect } from 'vitest';
import type { World } from '../../src/world';

/**
 * Every record of a world as the API shows it: each block (by height, hash and burn block), each transaction and
 * its sender's events, each principal's lists. What test/world/lazy-world.test.ts and stored-tip.test.ts compare worlds by.
 */
export function everything(world: World): Map<string, string> {
  const out = new Map<string, string>();
  const put = (key: string, value: unknown) => out.set(key, JSON.stringify(value));
  put('fixtures', world.fixtures);
  put('tip', world.tip);
  put('principals', world.principals());
  put('maxReorgDepth', world.maxReorgDepth);
  for (let height = 1; height <= world.tip.height; height++) {
    const block = world.getBlockByHeight(height);
    put(`block ${height}`, block);
    // The lookups by hash and by burn block, whose maps a snapshot's world keys on first use.
    if (block) {
      put(`by hash ${height}`, world.getBlockByHash(block.hash));
      put(`by burn hash ${height}`, world.getBlockByBurnBlockHash(block.burn_block_hash));
      put(`by burn height ${height}`, world.getBlockByBurnBlockHeight(block.burn_block_height));
    }
    for (const txId of block?.txs ?? []) {
      const tx = world.getTransaction(txId);
      put(`tx ${txId}`, tx);
      put(`etag ${txId}`, world.transactionEtag(txId));
      // The sender's events of it: the events a transaction's record holds, as the API shows them.
      if (tx) {
        const events = world.listAddressTransactionEvents(tx.sender_address, txId, { limit: 50, offset: 0 });
        put(`events ${txId}`, events);
      }
    }
  }
  for (const principal of world.principals()) {
    put(`txs ${principal}`, world.listAddressTransactions(principal, { limit: 50, offset: 0 }));
    put(`etag ${principal}`, world.principalEtag(principal));
    put(
      `transfers ${principal}`,
      world.listTransactionsWithTransfers(principal, { limit: 50, offset: 0, unanchored: false }),
    );
    if (principal.includes('.')) put(`status ${principal}`, world.getSmartContractStatus(principal));
  }
  put(
    'pending',
    world.fixtures.contractIds.map((id) => world.getSmartContractStatus(id)),
  );
  return out;
}

/** Fails at the first answer of `eager` that `lazy` gives otherwise. */
export function expectSame(lazy: Map<string, string>, eager: Map<string, string>): void {
  expect([...lazy.keys()]).toEqual([...eager.keys()]);
  for (const [key, json] of eager) expect(lazy.get(key), key).toBe(json);
}
