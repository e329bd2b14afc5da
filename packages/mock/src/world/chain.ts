import type { Accounts } from './accounts';
import { type BlockSpec, type BodyTenure, blockDrafts } from './block-body';
import type { BlockHeader } from './blocks';
import { assembleBlock } from './blocks';
import { ChainState } from './chain-state';
import { randomBurnBlockHash, randomHash } from './ids';
import { ChainIndex, type LaterDeploy } from './indexes';
import type { BlockRecord } from './model';
import { createRandom, deriveSeed, type Random, type RandomState } from './random';

/** Burn height of the first Stacks block on mainnet (Stacks 2.0 genesis). */
const GENESIS_BURN_HEIGHT = 666050;
/** Unix seconds of the genesis burn block; burn times follow at ten-minute spacing. */
const GENESIS_BURN_TIME = 1610645304;
const BURN_SPACING_SECONDS = 600;

/** Watches `Chain.append`. */
export interface ChainObserver {
  /** After the header: where the stream stands for the transactions. */
  opened(state: RandomState): void;
  /** Before the drafts are placed: the stream the transaction ids are drawn from. */
  assembling(state: RandomState): void;
  /** The block, and the tenure state after it. */
  appended(block: BlockRecord, tenure: TenureState): void;
}

/** What the next block's system transactions depend on: the state of the tenure at the tip. */
export interface TenureState {
  readonly miner: string;
  readonly tenureBlocks: number;
  readonly previousTenure: { readonly end: string; readonly blocks: number };
  readonly lastNakamoto: boolean;
}

/**
 * Appends blocks to the index from the generation state; each block draws from its own seeded stream. After a
 * re-org (`rewind`) the chain is on a new fork, whose blocks draw from streams of their own.
 */
export class Chain {
  readonly index = new ChainIndex();
  readonly state: ChainState;
  private miner = '';
  private tenureBlocks = 0;
  private previousTenure = { end: `0x${'0'.repeat(64)}`, blocks: 0 };
  lastNakamoto = false;
  /** Re-orgs so far: fork 0 is the generated chain, and its streams are the ones worlds always had. */
  private fork = 0;
  /** The highest burn block any block was anchored to: the burn chain never goes back with a Stacks re-org. */
  private burnTip = 0;
  /** The tenure state after each block (`tenures[h - 1]` after height h), restored by `rewind`. */
  private readonly tenures: TenureState[] = [];
  /** Told about every block `append` builds (scripts/generate-default-world.ts records the chain with it). */
  observer: ChainObserver | undefined;

  /** `accounts`: the population `seed` draws, known already (a snapshot's), so it is not drawn again. */
  constructor(
    readonly seed: number,
    addressCount: number,
    accounts?: Accounts,
  ) {
    this.state = new ChainState(accounts ?? createRandom(deriveSeed(seed, 'accounts')), addressCount);
  }

  /** How many re-orgs this chain has had. */
  get forks(): number {
    return this.fork;
  }

  /** A seed for `parts` on the current fork (fork 0 keeps the seeds of a world that never re-orged). */
  seedFor(...parts: readonly (string | number)[]): number {
    return this.fork === 0
      ? deriveSeed(this.seed, ...parts)
      : deriveSeed(this.seed, ...parts, 'fork', this.fork);
  }

  /**
   * Takes the tenure state back to the block at `height` (the caller has orphaned the blocks above it) and
   * starts a new fork, so blocks appended from here differ from the orphaned ones at the same heights.
   */
  rewind(height: number): void {
    const state = this.tenures[height - 1];
    if (!state) throw new Error(`no block at height ${height} to rewind to`);
    this.tenures.length = height;
    this.miner = state.miner;
    this.tenureBlocks = state.tenureBlocks;
    this.previousTenure = state.previousTenure;
    this.lastNakamoto = state.lastNakamoto;
    this.fork += 1;
  }

  /** Builds, indexes and returns the next block. */
  append(spec: BlockSpec): BlockRecord {
    const { rng, header, newBurn } = this.open(spec);
    this.observer?.opened(rng.state());
    const entries = blockDrafts(rng, this.state, spec, header.burnHeight, newBurn, this.tenure());
    this.observer?.assembling(rng.state());
    const block = assembleBlock(rng, header, entries);
    this.index.addBlock(block);
    this.close(block);
    this.observer?.appended(block, this.tenures[this.tenures.length - 1] as TenureState);
    return block;
  }

  /**
   * Appends a block known from a snapshot, whose transactions are generated when first read (lazy-chain.ts):
   * `tenure` is the tenure state after it, `deploys` its deployments.
   */
  appendLater(block: BlockRecord, deploys: readonly LaterDeploy[], tenure: TenureState): void {
    this.miner = tenure.miner;
    this.tenureBlocks = tenure.tenureBlocks;
    this.previousTenure = tenure.previousTenure;
    this.lastNakamoto = tenure.lastNakamoto;
    this.index.addLaterBlock(block, deploys);
    this.burnTip = Math.max(this.burnTip, block.burnHeight);
    this.tenures.push(tenure);
  }

  /** Starts the next block: its stream, its header, and the tenure moved on when it opens a burn block. */
  private open(spec: BlockSpec): { rng: Random; header: BlockHeader; newBurn: boolean } {
    const parent = this.index.blocks[this.index.blocks.length - 1];
    const height = (parent?.height ?? 0) + 1;
    const rng = createRandom(this.seedFor('block', height));
    const newBurn = !parent || !spec.nakamoto || spec.newTenure;
    const header = this.header(rng, height, parent, spec, newBurn);
    if (newBurn) {
      if (parent) this.previousTenure = { end: parent.indexBlockHash, blocks: this.tenureBlocks };
      this.miner = rng.pick(this.state.accounts.miners);
      this.tenureBlocks = 0;
    }
    this.tenureBlocks += 1;
    this.lastNakamoto = spec.nakamoto;
    return { rng, header, newBurn };
  }

  private tenure(): BodyTenure {
    return { miner: this.miner, previousTenure: this.previousTenure };
  }

  private close(block: BlockRecord): void {
    this.burnTip = Math.max(this.burnTip, block.burnHeight);
    this.tenures.push({
      miner: this.miner,
      tenureBlocks: this.tenureBlocks,
      previousTenure: this.previousTenure,
      lastNakamoto: this.lastNakamoto,
    });
  }

  private header(
    rng: Random,
    height: number,
    parent: BlockRecord | undefined,
    spec: BlockSpec,
    newBurn: boolean,
  ): BlockHeader {
    let burn = parent
      ? {
          burnHeight: parent.burnHeight,
          burnHash: parent.burnHash,
          burnTime: parent.burnTime,
          minerTxid: parent.minerTxid,
        }
      : undefined;
    if (newBurn || !burn) {
      // After a re-org the burn chain has moved on: the next tenure starts above every burn block seen.
      const burnHeight = parent
        ? Math.max(parent.burnHeight + 1 + spec.burnGap, this.burnTip + 1)
        : GENESIS_BURN_HEIGHT;
      burn = {
        burnHeight,
        burnHash: randomBurnBlockHash(rng),
        // Jitter below the spacing keeps burn times increasing with height.
        burnTime:
          GENESIS_BURN_TIME + (burnHeight - GENESIS_BURN_HEIGHT) * BURN_SPACING_SECONDS + rng.int(0, 299),
        minerTxid: randomHash(rng),
      };
    }
    const blockTime = !spec.nakamoto
      ? burn.burnTime
      : newBurn || !parent
        ? burn.burnTime + rng.int(5, 30)
        : parent.blockTime + rng.int(5, 40);
    return {
      height,
      hash: randomHash(rng),
      indexBlockHash: randomHash(rng),
      parentBlockHash: parent?.hash ?? `0x${'0'.repeat(64)}`,
      ...burn,
      parentBurnTime: parent?.burnTime ?? burn.burnTime - BURN_SPACING_SECONDS,
      blockTime,
      tenureHeight: !spec.nakamoto || !parent ? height : parent.tenureHeight + (newBurn ? 1 : 0),
    };
  }
}
