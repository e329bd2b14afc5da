import type { Chain, ChainObserver, TenureState } from './chain';
import { type ChainSize, generateChain } from './genesis';
import { touchedPrincipals } from './indexes';
import type { BlockRecord } from './model';
import type { BlockDelta, ContractRow, WorldSnapshot } from './world-snapshot';
import { DEPLOY_STATUSES, mergeDeltas } from './world-snapshot';

/**
 * Generates a world eagerly and records its snapshot (see {@link WorldSnapshot}), with its blocks: what
 * `scripts/generate-default-world.ts` writes and `test/world/default-world.test.ts` compares.
 */
export function recordWorldSnapshot(
  seed: number,
  size: ChainSize,
): { snapshot: WorldSnapshot; blocks: readonly BlockRecord[] } {
  const principals: string[] = [];
  const numbers = new Map<string, number>();
  const id = (principal: string): number => {
    let n = numbers.get(principal);
    if (n === undefined) {
      n = principals.length;
      principals.push(principal);
      numbers.set(principal, n);
    }
    return n;
  };
  const txCounts: number[] = [];
  const touched: number[] = [];
  const idStreams: number[] = [];
  const deploys: number[] = [];
  const deltas: BlockDelta[] = [];
  let hashes = '';
  const headers: number[] = [];
  const heightOf = new Map<string, number>();
  let stream: readonly number[] = [];
  let nakamotoFrom = size.blocks + 1;
  const observer = (chain: Chain): ChainObserver => {
    const { state } = chain;
    let nonces = new Map<string, number>();
    const listed = { ft: 0, nft: 0, generic: 0 };
    let owners: (string | undefined)[][] = [];
    return {
      opened: (state) => {
        stream = state;
      },
      assembling: (state) => idStreams.push(...state),
      appended(block: BlockRecord, tenure: TenureState) {
        heightOf.set(block.indexBlockHash, block.height);
        hashes += `${block.hash}${block.indexBlockHash}${block.burnHash}${block.minerTxid}`;
        txCounts.push(block.txs.length);
        for (const tx of block.txs) {
          const parties = [...touchedPrincipals(tx)];
          touched.push(parties.length, ...parties.map(id));
          if (tx.payload.type === 'smart_contract') {
            deploys.push(block.height, tx.txIndex, id(tx.payload.contractId), statusNumber(tx.status));
          }
        }
        // After the transactions: principals are numbered by first appearance in them.
        const previousEnd = heightOf.get(tenure.previousTenure.end);
        if (previousEnd === undefined && !/^0x0+$/.test(tenure.previousTenure.end)) {
          throw new Error(`no block has index block hash ${tenure.previousTenure.end}`);
        }
        const parent = block.height > 1;
        if (tenure.lastNakamoto) nakamotoFrom = Math.min(nakamotoFrom, block.height);
        headers.push(
          block.burnHeight,
          block.burnTime,
          block.blockTime,
          block.tenureHeight,
          // A block opens a burn block when its parent is on another one, or when it is the first.
          !parent || tenure.tenureBlocks === 1 ? 1 : 0,
          id(tenure.miner),
          tenure.tenureBlocks,
          previousEnd ?? 0,
          tenure.previousTenure.blocks,
          ...stream,
        );
        const nonceDelta: number[] = [];
        for (const [address, nonce] of state.accounts.nonceEntries()) {
          if (nonces.get(address) !== nonce) nonceDelta.push(id(address), nonce);
        }
        nonces = new Map(state.accounts.nonceEntries());
        const contracts: ContractRow[] = [];
        const lists = { ft: state.fts, nft: state.nfts.map((c) => c.spec), generic: state.generics };
        for (const kind of ['ft', 'nft', 'generic'] as const) {
          for (const spec of lists[kind].slice(listed[kind])) {
            contracts.push([
              id(spec.id),
              kind,
              spec.asset ?? null,
              spec.decimals ?? null,
              spec.clarityVersion,
            ]);
          }
          listed[kind] = lists[kind].length;
        }
        const ownerDelta: number[] = [];
        state.nfts.forEach((collection, c) => {
          const before = owners[c] ?? [];
          collection.owners.forEach((owner, i) => {
            if (i >= before.length || before[i] !== owner) {
              ownerDelta.push(c, i, owner === undefined ? -1 : id(owner));
            }
          });
        });
        owners = state.nfts.map((collection) => [...collection.owners]);
        deltas.push([nonceDelta, state.deploySequence, contracts, ownerDelta]);
      },
    };
  };
  const generated = generateChain(seed, size, { observer });
  const { accounts } = generated.chain.state;
  // Numbered before `untouched` is read: the population may add principals no transaction touches.
  const population = {
    busy: [id(accounts.busy[0]), id(accounts.busy[1])] as const,
    miners: accounts.miners.map(id),
    sponsor: id(accounts.sponsor),
    regular: accounts.regular.map(id),
  };
  // Read past the counts: every number after a count is a principal some transaction touches.
  const touching = new Set<number>();
  for (let at = 0; at < touched.length; at += 1 + (touched[at] as number)) {
    for (let k = 1; k <= (touched[at] as number); k++) touching.add(touched[at + k] as number);
  }
  const snapshot: WorldSnapshot = {
    format: 2,
    seed,
    blocks: size.blocks,
    transactionsPerBlock: size.transactionsPerBlock,
    addresses: size.addresses,
    principals,
    accounts: population,
    hashes,
    headers,
    txCounts,
    touched,
    untouched: principals.map((_, n) => n).filter((n) => !touching.has(n)),
    idStreams,
    deploys,
    deltas,
    final: mergeDeltas(deltas),
    fixture: [generated.fixtureTx.block.height, generated.fixtureTx.txIndex],
    fixtureBurnHeight: generated.fixtureBurnHeight,
    nakamotoFrom,
  };
  return { snapshot, blocks: generated.chain.index.blocks };
}

function statusNumber(status: string): number {
  const n = DEPLOY_STATUSES.indexOf(status as (typeof DEPLOY_STATUSES)[number]);
  if (n < 0) throw new Error(`no deployment status ${status}`);
  return n;
}
