import type { BlockHeader } from './blocks';
import { assembleBlock } from './blocks';
import type { CallContext } from './calls';
import { ChainState } from './chain-state';
import { isContractPrincipal, randomBurnBlockHash, randomHash } from './ids';
import { ChainIndex } from './indexes';
import type { BlockRecord, TxRecord } from './model';
import { createRandom, deriveSeed, type Random } from './random';
import {
  coinbaseDraft,
  contractCallDraft,
  deployDraft,
  poisonMicroblockDraft,
  type TxDraft,
  tenureChangeDraft,
  tokenTransferDraft,
} from './tx-builders';
import type { TenureChangeCause } from './types';

/** Burn height of the first Stacks block on mainnet (Stacks 2.0 genesis). */
const GENESIS_BURN_HEIGHT = 666050;
/** Unix seconds of the genesis burn block; burn times follow at ten-minute spacing. */
const GENESIS_BURN_TIME = 1610645304;
const BURN_SPACING_SECONDS = 600;

/** A transaction placed by the caller (genesis deploys, fixtures, user-added contracts). */
export type ScriptedTx = (ctx: CallContext) => TxDraft;

/** How to build the next block. */
export interface BlockSpec {
  /** Orphaned transactions this block takes back (same ids), placed after the system transactions. */
  readonly carried?: readonly TxRecord[];
  /** Nakamoto rules: tenures with tenure-change transactions, several blocks per burn block. */
  readonly nakamoto: boolean;
  /** Starts a new burn block (always true before Nakamoto). */
  readonly newTenure: boolean;
  /** Burn blocks without a Stacks block before this one. */
  readonly burnGap: number;
  /** Transactions besides the coinbase / tenure change. */
  readonly transactions: number;
  /** A principal at least one transaction must touch. */
  readonly actor?: string;
  readonly scripted?: readonly ScriptedTx[];
}

const EXTENDED_CAUSES: readonly TenureChangeCause[] = [
  'extended',
  'extended_runtime',
  'extended_read_count',
  'extended_read_length',
  'extended_write_count',
  'extended_write_length',
];

type TxKind = 'transfer' | 'call' | 'deploy' | 'poison';
const TX_MIX_NAKAMOTO: readonly (readonly [TxKind, number])[] = [
  ['transfer', 33],
  ['call', 58],
  ['deploy', 5],
];
/** Poison-microblock reports only exist while microblocks do (before Nakamoto). */
const TX_MIX_EPOCH2: readonly (readonly [TxKind, number])[] = [...TX_MIX_NAKAMOTO, ['poison', 0.2]];

/** What the next block's system transactions depend on: the state of the tenure at the tip. */
interface TenureState {
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

  constructor(
    readonly seed: number,
    addressCount: number,
  ) {
    this.state = new ChainState(createRandom(deriveSeed(seed, 'accounts')), addressCount);
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
    const ctx: CallContext = { rng, state: this.state, burnHeight: header.burnHeight };
    const drafts = this.systemDrafts(rng, spec, newBurn);
    const entries: (TxDraft | TxRecord)[] = [...drafts, ...(spec.carried ?? [])];
    for (const scripted of spec.scripted ?? []) entries.push(scripted(ctx));
    if (spec.actor !== undefined) entries.push(this.actorDraft(rng, ctx, spec.actor));
    const extra = spec.actor !== undefined ? Math.max(0, spec.transactions - 1) : spec.transactions;
    for (let i = 0; i < extra; i++) entries.push(this.randomDraft(rng, ctx, spec.nakamoto));
    const block = assembleBlock(rng, header, entries);
    this.index.addBlock(block);
    this.burnTip = Math.max(this.burnTip, block.burnHeight);
    this.tenures.push({
      miner: this.miner,
      tenureBlocks: this.tenureBlocks,
      previousTenure: this.previousTenure,
      lastNakamoto: this.lastNakamoto,
    });
    return block;
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

  private systemDrafts(rng: Random, spec: BlockSpec, newBurn: boolean): TxDraft[] {
    if (!spec.nakamoto) return [coinbaseDraft(rng, this.state, this.miner, false)];
    const tenure = {
      previousTenureEnd: this.previousTenure.end,
      previousTenureBlocks: this.previousTenure.blocks,
    };
    if (newBurn) {
      return [
        tenureChangeDraft(rng, this.state, this.miner, { cause: 'block_found', ...tenure }),
        coinbaseDraft(rng, this.state, this.miner, true),
      ];
    }
    return rng.chance(0.1)
      ? [tenureChangeDraft(rng, this.state, this.miner, { cause: rng.pick(EXTENDED_CAUSES), ...tenure })]
      : [];
  }

  private actorDraft(rng: Random, ctx: CallContext, actor: string): TxDraft {
    if (isContractPrincipal(actor) || rng.chance(0.5))
      return tokenTransferDraft(rng, this.state, { recipient: actor });
    return contractCallDraft({ ...ctx, actor }, { status: 'success' });
  }

  private randomDraft(rng: Random, ctx: CallContext, nakamoto: boolean): TxDraft {
    const kind = rng.weighted(nakamoto ? TX_MIX_NAKAMOTO : TX_MIX_EPOCH2);
    if (kind === 'transfer') return tokenTransferDraft(rng, this.state);
    if (kind === 'call') return contractCallDraft(ctx);
    if (kind === 'poison') return poisonMicroblockDraft(rng, this.state);
    const spec = this.state.newUserContract(rng, this.state.accounts.pickSender(rng));
    return deployDraft(rng, this.state, spec, rng.chance(0.9) ? 'success' : 'abort_by_response');
  }
}
