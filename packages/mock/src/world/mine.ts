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
  /** A principal at least one of the new transactions touches. */
  readonly address?: string;
  /** Transactions besides the coinbase / tenure change (default: drawn like the generated blocks). */
  readonly transactions?: number;
}

/** Most system transactions a block carries besides the requested ones: a tenure change and a coinbase. */
export const MAX_SYSTEM_TRANSACTIONS = 2;

/** How many transactions (besides the system ones) the next block will carry: requested or drawn from the seed. */
export function plannedTransactions(chain: Chain, perBlock: number, options: MineOptions = {}): number {
  const height = chain.index.tip.height + 1;
  const counts = createRandom(chain.seedFor('mine', height));
  const requested = options.transactions ?? transactionsFor(counts, perBlock);
  return Math.max(options.address !== undefined ? 1 : 0, Math.floor(requested));
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
