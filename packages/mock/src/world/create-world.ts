import { listBalanceChanges } from './balance-changes';
import { toBlock } from './blocks';
import { copyBrc20, makeBrc20Token, seedBrc20Tokens } from './brc20';
import { listBlocksByBurnBlock } from './burn-block-blocks';
import { toSmartContractStatus } from './contracts';
import { DEFAULT_TIP, DEFAULT_WORLD } from './default-world';
import { principalEtag, transactionEtag } from './etags';
import { buildFixtures } from './fixtures';
import { type ChainSize, generateChain } from './genesis';
import { createJsonListings, registerWorldInternals } from './json-view';
import { lazyChain } from './lazy-chain';
import { addContract, MAX_SYSTEM_TRANSACTIONS, mineBlock, plannedTransactions } from './mine';
import type { BlockRecord } from './model';
import { listPrincipalTransactions } from './principal-transactions';
import {
  listAddressTransactionEvents,
  listAddressTransactions,
  listTransactionsWithTransfers,
} from './queries';
import { applyReorg, checkReorgOptions, planReorg } from './reorg';
import { toTransaction } from './transactions';
import { MineLimitError, type World, type WorldOptions } from './world';
import { checkWorldOptions, rememberWorldOptions } from './world-options';
import type { WorldSnapshot } from './world-snapshot';

/**
 * Creates a deterministic synthetic chain: same options, byte-identical answers in any request order.
 * @example
 * const world = createWorld({ seed: 1 });
 * const page = world.listAddressTransactions(world.fixtures.address, { limit: 20, offset: 0 });
 */
export function createWorld(options: WorldOptions = {}): World {
  return buildWorld(options, false);
}

/**
 * `createWorld` generating every block at once even when a snapshot is shipped for these options: what the
 * snapshot's worlds are checked against (test/world/lazy-world.test.ts).
 */
export function createEagerWorld(options: WorldOptions = {}): World {
  return buildWorld(options, true);
}

function buildWorld(options: WorldOptions, eager: boolean): World {
  // Checked before any work: a wrong option is a TypeError or RangeError naming it, never a hang or a crash.
  const checked = checkWorldOptions(options);
  const seed = checked.seed >>> 0;
  const perBlock = checked.transactionsPerBlock;
  const size = { blocks: checked.blocks, transactionsPerBlock: perBlock, addresses: checked.addresses };
  // The default world (when this build ships its snapshot) generates each block's transactions on first read.
  const snapshot = eager ? undefined : snapshotFor(seed, size);
  const generated = generateChain(seed, size, snapshot ? { later: lazyChain(snapshot, DEFAULT_TIP) } : {});
  const { chain } = generated;
  const { index } = chain;
  // Seeded on first use: drawing the tokens' Bitcoin addresses is work most worlds never need.
  let brc20Seeded = false;
  const brc20 = () => {
    if (!brc20Seeded) {
      brc20Seeded = true;
      for (const [ticker, token] of seedBrc20Tokens(seed)) index.brc20.set(ticker, token);
    }
    return index.brc20;
  };
  const fixtures = buildFixtures(generated);
  const block = (record: BlockRecord | undefined) =>
    record ? toBlock(record, index.isCanonical(record)) : undefined;
  // Re-orgs never orphan block 1 nor the blocks the fixtures point at, so the documented fixtures stay true.
  const protectedHeight = Math.max(
    1,
    generated.fixtureTx.block.height,
    index.burnByHeight.get(generated.fixtureBurnHeight)?.height ?? 1,
  );
  const maxMined = checked.maxMinedTransactions;
  // Mining is the one way a long-running server grows without end: every block's transactions count.
  let mined = 0;
  const minable = (requested: number) => {
    if (mined + requested > maxMined || mined >= maxMined) throw new MineLimitError(maxMined, mined);
  };
  const countMined = (record: BlockRecord) => {
    mined += record.txs.length;
    return record;
  };
  // Every mutation moves the version, even one that throws half-way: cached answers must never outlive a change.
  let version = 0;
  const mutate = <T>(change: () => T): T => {
    try {
      return change();
    } finally {
      version += 1;
    }
  };

  const world: World = {
    seed,
    fixtures,
    get tip() {
      return toBlock(index.tip);
    },
    getBrc20Token: (ticker) => {
      const token = brc20().get(ticker.toLowerCase());
      return token && copyBrc20(token);
    },
    getSmartContractStatus: (contractId) => toSmartContractStatus(index.deployState(contractId)),
    hasTransaction: (txId) => index.txById.has(txId) || index.orphanedTxs.has(txId),
    getTransaction: (txId) => {
      const tx = index.txById.get(txId);
      return tx && toTransaction(tx);
    },
    listAddressTransactionEvents: (address, txId, page) =>
      listAddressTransactionEvents(index, address, txId, page),
    listAddressTransactions: (address, page) => listAddressTransactions(index, address, page),
    listTransactionsWithTransfers: (principal, q) => listTransactionsWithTransfers(index, principal, q),
    listPrincipalTransactions: (principal, request) => listPrincipalTransactions(index, principal, request),
    listPrincipalTransactionBalanceChanges: (principal, txId, request) =>
      listBalanceChanges(index, principal, txId, request),
    listBlocksByBurnBlock: (ref, page) => listBlocksByBurnBlock(index, ref, page),
    getBlockByHash: (hash) => block(index.blockByHash.get(hash)),
    getBlockByHeight: (height) => block(index.blockAt(height)),
    getBlockByBurnBlockHeight: (height) =>
      block(index.burnByHeight.get(height) ?? index.orphanBurnByHeight.get(height)),
    getBlockByBurnBlockHash: (hash) => block(index.burnByHash.get(hash) ?? index.orphanBurnByHash.get(hash)),
    principalEtag: (principal) => principalEtag(index, principal),
    transactionEtag: (txId) => transactionEtag(index, txId),
    mineBlock: (opts) => {
      // Checked with the block's full size (its drawn count and the most system transactions it can carry)
      // so the bound is never passed, not even by the last block.
      const transactions = plannedTransactions(chain, perBlock, opts);
      minable(transactions + MAX_SYSTEM_TRANSACTIONS);
      return mutate(() => toBlock(countMined(mineBlock(chain, transactions, opts))));
    },
    get maxReorgDepth() {
      return index.tip.height - protectedHeight;
    },
    reorg: (options) => {
      const { depth, replaceWith } = checkReorgOptions(options, index.tip.height - protectedHeight);
      // Planned in full first: a re-org the mining bound refuses leaves the world as it was.
      const plan = planReorg(chain, perBlock, depth, replaceWith);
      if (plan.blocks.length > 0) minable(plan.added + plan.blocks.length * MAX_SYSTEM_TRANSACTIONS);
      return mutate(() => {
        const result = applyReorg(chain, plan);
        for (let height = result.tip - replaceWith + 1; height <= result.tip; height++) {
          mined += index.blockAt(height)?.txs.length ?? 0;
        }
        return result;
      });
    },
    addBrc20Token: (input) =>
      mutate(() => {
        const token = makeBrc20Token(seed, input);
        brc20().set(token.token.ticker, token);
        return copyBrc20(token);
      }),
    addContract: (input) =>
      mutate(() => {
        // A confirmed deployment mines a block: the deploy and that block's system transactions.
        minable(1 + MAX_SYSTEM_TRANSACTIONS);
        const before = index.txById.size;
        addContract(chain, input);
        mined += Math.max(1, index.txById.size - before);
        return toSmartContractStatus(index.deployState(input.contractId));
      }),
    principals: () => [...index.principalTxs.keys()],
  };
  registerWorldInternals(world, { version: () => version, listings: createJsonListings(index) });
  rememberWorldOptions(world, checked);
  return world;
}

/** The shipped snapshot when it is the one of these options. */
function snapshotFor(seed: number, size: ChainSize): WorldSnapshot | undefined {
  const snapshot = DEFAULT_WORLD;
  return snapshot &&
    snapshot.seed === seed &&
    snapshot.blocks === size.blocks &&
    snapshot.transactionsPerBlock === size.transactionsPerBlock &&
    snapshot.addresses === size.addresses
    ? snapshot
    : undefined;
}
