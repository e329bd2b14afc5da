import type { Chain } from './chain';
import type { ContractSpec } from './contracts';
import { transactionsFor } from './genesis';
import { randomHash, splitPrincipal } from './ids';
import type { BlockRecord } from './model';
import { createRandom, deriveSeed } from './random';
import { deployDraft } from './tx-builders';
import type { SmartContractDeploymentStatus } from './types';

/** Options of `world.mineBlock`. */
export interface MineOptions {
  /**
   * A principal at least one of the new transactions touches (one even with `transactions: 0`); the others are
   * drawn as usual and may touch it too.
   */
  readonly address?: string;
  /**
   * Transactions besides the system ones (a tenure change and a coinbase); default: drawn from the seed like a
   * generated block's (about `transactionsPerBlock`). `{ address, transactions: 1 }` adds exactly one.
   */
  readonly transactions?: number;
}

/** Most system transactions a block carries besides the requested ones: a tenure change and a coinbase. */
export const MAX_SYSTEM_TRANSACTIONS = 2;

/** How many transactions (besides the system ones) the next block will carry: requested or drawn from the seed. */
export function plannedTransactions(chain: Chain, perBlock: number, options: MineOptions = {}): number {
  const height = chain.index.tip.height + 1;
  const counts = createRandom(chain.seedFor('mine', height));
  if (options.address !== undefined && typeof options.address !== 'string') {
    throw new TypeError(`address must be a Stacks address or contract id, got ${typeof options.address}`);
  }
  const requested = options.transactions ?? transactionsFor(counts, perBlock);
  if (options.transactions !== undefined) checkTransactions(options.transactions);
  return Math.max(options.address !== undefined ? 1 : 0, Math.floor(requested));
}

function checkTransactions(value: unknown): void {
  const expected = `transactions must be an integer from 0 to ${Number.MAX_SAFE_INTEGER}`;
  if (typeof value !== 'number') throw new TypeError(`${expected}, got ${typeof value}`);
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${expected}, got ${value}`);
}

/**
 * Appends one Stacks block on a new burn block (a new tenure after Nakamoto) with `transactions` besides the
 * system ones. Every index, the tip and the ETags move with it, so newest-first lists shift exactly as on the
 * real API.
 */
export function mineBlock(chain: Chain, transactions: number, options: MineOptions = {}): BlockRecord {
  return chain.append({
    nakamoto: chain.lastNakamoto,
    newTenure: true,
    burnGap: 0,
    transactions,
    ...(options.address !== undefined ? { actor: options.address } : {}),
  });
}

/**
 * Adds a contract: `pending` puts a deployment in the mempool; any other status mines a block whose
 * deploying transaction has that status (default `success`), so the status points at a real tx and block.
 */
export function addContract(
  chain: Chain,
  input: { contractId: string; status?: SmartContractDeploymentStatus },
): void {
  const status = input.status ?? 'success';
  const sender = splitPrincipal(input.contractId).address;
  if (status === 'pending') {
    const rng = createRandom(deriveSeed(chain.seed, 'pending', input.contractId, chain.index.tip.height));
    chain.index.addMempoolDeploy({
      txId: randomHash(rng),
      contractId: input.contractId,
      sender,
      nonce: chain.state.accounts.peekNonce(sender),
    });
    return;
  }
  const spec: ContractSpec = { id: input.contractId, kind: 'generic', clarityVersion: 2 };
  chain.append({
    nakamoto: chain.lastNakamoto,
    newTenure: true,
    burnGap: 0,
    transactions: 0,
    scripted: [(ctx) => deployDraft(ctx.rng, chain.state, spec, status)],
  });
}
