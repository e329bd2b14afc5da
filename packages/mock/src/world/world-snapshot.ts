import type { ChainState } from './chain-state';
import type { ContractSpec } from './contracts';
import type { SmartContractDeploymentStatus } from './types';

/**
 * What generating a world's transactions decides, in numbers: enough to index the world and to generate any one
 * block again without generating the blocks before it. Written by `scripts/generate-default-world.ts` for the
 * default world; `test/world/default-world.test.ts` checks it against a fresh generation.
 */
export interface WorldSnapshot {
  /** 2 since the snapshot lists `untouched` principals and a `final` merged delta. */
  readonly format: 2;
  readonly seed: number;
  readonly blocks: number;
  readonly transactionsPerBlock: number;
  readonly addresses: number;
  /** Every principal a transaction touches, numbered by first appearance; the numbers below point here. */
  readonly principals: readonly string[];
  /** The population (principal numbers), so its addresses are not derived again. */
  readonly accounts: {
    readonly busy: readonly [number, number];
    readonly miners: readonly number[];
    readonly sponsor: number;
    readonly regular: readonly number[];
  };
  /** Per block, its hash, index block hash, burn block hash and miner txid: 4 × `0x` and 64 hex digits. */
  readonly hashes: string;
  /** Per block, {@link HEADER_FIELDS} numbers: the rest of its header, its tenure, and its stream after the header. */
  readonly headers: readonly number[];
  /** Per block, how many transactions it has. */
  readonly txCounts: readonly number[];
  /** Per transaction in chain order: how many principals it touches, then their numbers (sender first). */
  readonly touched: readonly number[];
  /** The principals (numbers, ascending) no transaction touches: miners and accounts that never sent one. */
  readonly untouched: readonly number[];
  /** Per block, the four words of its stream where the transaction ids are drawn. */
  readonly idStreams: readonly number[];
  /** Per deployment in chain order: height, tx index, contract number, status (index in `DEPLOY_STATUSES`). */
  readonly deploys: readonly number[];
  /** Per block, what generating it changed in the generation state. */
  readonly deltas: readonly BlockDelta[];
  /** What generating every block changed, as one delta (see {@link mergeDeltas}): replayed at creation. */
  readonly final: BlockDelta;
  /** Height and tx index of the fixture transaction. */
  readonly fixture: readonly [number, number];
  /** The burn height the fixtures point at. */
  readonly fixtureBurnHeight: number;
  /** The first height under Nakamoto rules (`blocks + 1` when none is). */
  readonly nakamotoFrom: number;
}

/**
 * `[nonces, deploySequence, contracts, owners]`: the next nonce of each principal whose nonce moved (pairs of
 * principal number and nonce), the user-contract counter after the block, the contracts made callable (see
 * {@link ContractRow}), and the NFT owners that changed (triples of collection, token index, principal number
 * or -1 for a burned token).
 */
export type BlockDelta = readonly [
  nonces: readonly number[],
  deploySequence: number,
  contracts: readonly ContractRow[],
  owners: readonly number[],
];

/** A contract made callable: `[contract number, kind, asset, decimals, clarity version]`. */
export type ContractRow = readonly [
  id: number,
  kind: 'ft' | 'nft' | 'generic',
  asset: string | null,
  decimals: number | null,
  clarityVersion: number | null,
];

/**
 * The numbers of a block in `WorldSnapshot.headers`: `previousTenureEnd` is the height of the block whose index
 * block hash ends the previous tenure (0: none yet), `stream` the four words of the block's stream after its header.
 */
export const HEADER_FIELDS = [
  'burnHeight',
  'burnTime',
  'blockTime',
  'tenureHeight',
  'newBurn',
  'miner',
  'tenureBlocks',
  'previousTenureEnd',
  'previousTenureBlocks',
  'stream0',
  'stream1',
  'stream2',
  'stream3',
] as const;

/** Deployment statuses by their number in `WorldSnapshot.deploys`. */
export const DEPLOY_STATUSES: readonly Exclude<SmartContractDeploymentStatus, 'pending'>[] = [
  'success',
  'abort_by_response',
  'abort_by_post_condition',
  'problematic_skipped',
];

/** Applies the deltas of blocks `1..height` to `state` (fresh, or left by blocks before `from`). */
export function replayDeltas(snapshot: WorldSnapshot, state: ChainState, height: number, from = 1): void {
  for (let h = from; h <= height; h++) replayDelta(snapshot, state, snapshot.deltas[h - 1] as BlockDelta, h);
}

/**
 * The deltas of consecutive blocks as one: applied to the state before the first, it leaves the state the last
 * leaves (nonces in the order they first moved, each at its last value; contracts in order; last owners).
 */
export function mergeDeltas(deltas: readonly BlockDelta[]): BlockDelta {
  const nonces = new Map<number, number>();
  let deploySequence = 0;
  const contracts: ContractRow[] = [];
  const owners = new Map<string, readonly [number, number, number]>();
  for (const [blockNonces, sequence, blockContracts, blockOwners] of deltas) {
    for (let i = 0; i < blockNonces.length; i += 2)
      nonces.set(blockNonces[i] as number, blockNonces[i + 1] as number);
    deploySequence = sequence;
    contracts.push(...blockContracts);
    for (let i = 0; i < blockOwners.length; i += 3) {
      const [collection, token, owner] = blockOwners.slice(i, i + 3) as [number, number, number];
      owners.set(`${collection} ${token}`, [collection, token, owner]);
    }
  }
  return [[...nonces].flat(), deploySequence, contracts, [...owners.values()].flat()];
}

/** Applies one delta to `state`; `height` names the block in errors. */
export function replayDelta(
  snapshot: WorldSnapshot,
  state: ChainState,
  delta: BlockDelta,
  height: number,
): void {
  const { principals } = snapshot;
  const name = (id: number) => principals[id] as string;
  const [nonces, deploySequence, contracts, owners] = delta;
  for (let i = 0; i < nonces.length; i += 2) {
    state.accounts.setNonce(name(nonces[i] as number), nonces[i + 1] as number);
  }
  state.deploySequence = deploySequence;
  for (const [id, kind, asset, decimals, clarityVersion] of contracts) {
    const spec: ContractSpec = {
      id: name(id),
      kind,
      ...(asset === null ? {} : { asset }),
      ...(decimals === null ? {} : { decimals }),
      clarityVersion,
    };
    state.registerDeployed(spec);
  }
  for (let i = 0; i < owners.length; i += 3) {
    const collection = state.nfts[owners[i] as number];
    if (!collection)
      throw new Error(`default world snapshot: no NFT collection ${owners[i]} at block ${height}`);
    const owner = owners[i + 2] as number;
    collection.owners[owners[i + 1] as number] = owner < 0 ? undefined : name(owner);
  }
}
