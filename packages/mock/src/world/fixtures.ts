import type { GeneratedChain } from './genesis';
import type { WorldFixtures } from './world';

/**
 * A contract id that no world deploys: a plausible next version of a real contract (the pool-style
 * names of users' contracts always carry a `-v<n>` sequence, and real ids are only deployed at genesis).
 */
const NEVER_DEPLOYED_CONTRACT_ID = 'SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.swap-helper-bridged-v1-2';

/** Picks the fixtures out of a generated chain (all guaranteed by construction in `generateChain`). */
export function buildFixtures(generated: GeneratedChain): WorldFixtures {
  const { chain, fixtureTx, fixtureBurnHeight, pendingContractIds } = generated;
  const burnBlock = chain.index.burnByHeight.get(fixtureBurnHeight);
  if (!burnBlock) throw new Error('fixture burn block missing');
  return {
    address: chain.state.accounts.busy[0],
    contractIds: [chain.state.core.dex.id, pendingContractIds[0] ?? '', NEVER_DEPLOYED_CONTRACT_ID],
    txId: fixtureTx.txId,
    burnBlockHeight: burnBlock.burnHeight,
    burnBlockHash: burnBlock.burnHash,
    ticker: 'ordi',
  };
}
