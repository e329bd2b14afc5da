import type { BlockHeader } from './blocks';
import { assembleBlock } from './blocks';
import type { CallContext } from './calls';
import { ChainState } from './chain-state';
import { isContractPrincipal, randomBurnBlockHash, randomHash } from './ids';
import { ChainIndex } from './indexes';
import type { BlockRecord } from './model';
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

/** Appends blocks to the index from the generation state; each block draws from its own seeded stream. */
export class Chain {
  readonly index = new ChainIndex();
  readonly state: ChainState;
  private miner = '';
  private tenureBlocks = 0;
  private previousTenure = { end: `0x${'0'.repeat(64)}`, blocks: 0 };
  lastNakamoto = false;

  constructor(
    readonly seed: number,
    addressCount: number,
  ) {
    this.state = new ChainState(createRandom(deriveSeed(seed, 'accounts')), addressCount);
  }

  /** Builds, indexes and returns the next block. */
  append(spec: BlockSpec): BlockRecord {
    const parent = this.index.blocks[this.index.blocks.length - 1];
    const height = (parent?.height ?? 0) + 1;
    const rng = createRandom(deriveSeed(this.seed, 'block', height));
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
    for (const scripted of spec.scripted ?? []) drafts.push(scripted(ctx));
    if (spec.actor !== undefined) drafts.push(this.actorDraft(rng, ctx, spec.actor));
    const extra = spec.actor !== undefined ? Math.max(0, spec.transactions - 1) : spec.transactions;
    for (let i = 0; i < extra; i++) drafts.push(this.randomDraft(rng, ctx, spec.nakamoto));
    const block = assembleBlock(rng, header, drafts);
    this.index.addBlock(block);
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
      const burnHeight = parent ? parent.burnHeight + 1 + spec.burnGap : GENESIS_BURN_HEIGHT;
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
