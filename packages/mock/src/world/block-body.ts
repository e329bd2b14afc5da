import type { CallContext } from './calls';
import type { ChainState } from './chain-state';
import { isContractPrincipal } from './ids';
import type { TxRecord } from './model';
import type { Random } from './random';
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

/** The tenure a block's system transactions belong to. */
export interface BodyTenure {
  readonly miner: string;
  readonly previousTenure: { readonly end: string; readonly blocks: number };
}

/**
 * A block's transactions before they are placed, drawn from `rng` after the header and mutating `state` as
 * they go (nonces, contracts, token owners). The same stream, state and tenure give the same drafts, which is
 * what lets a block be generated again later (lazy-chain.ts).
 */
export function blockDrafts(
  rng: Random,
  state: ChainState,
  spec: BlockSpec,
  burnHeight: number,
  newBurn: boolean,
  tenure: BodyTenure,
): (TxDraft | TxRecord)[] {
  const ctx = { rng, state, burnHeight };
  const entries: (TxDraft | TxRecord)[] = [
    ...systemDrafts(rng, state, spec, newBurn, tenure),
    ...(spec.carried ?? []),
  ];
  for (const scripted of spec.scripted ?? []) entries.push(scripted(ctx));
  if (spec.actor !== undefined) {
    const actor = spec.actor;
    entries.push(
      isContractPrincipal(actor) || rng.chance(0.5)
        ? tokenTransferDraft(rng, state, { recipient: actor })
        : contractCallDraft({ ...ctx, actor }, { status: 'success' }),
    );
  }
  const extra = spec.actor !== undefined ? Math.max(0, spec.transactions - 1) : spec.transactions;
  for (let i = 0; i < extra; i++) entries.push(randomDraft(rng, state, burnHeight, spec.nakamoto));
  return entries;
}

function systemDrafts(
  rng: Random,
  state: ChainState,
  spec: BlockSpec,
  newBurn: boolean,
  tenure: BodyTenure,
): TxDraft[] {
  if (!spec.nakamoto) return [coinbaseDraft(rng, state, tenure.miner, false)];
  const previous = {
    previousTenureEnd: tenure.previousTenure.end,
    previousTenureBlocks: tenure.previousTenure.blocks,
  };
  if (newBurn) {
    return [
      tenureChangeDraft(rng, state, tenure.miner, { cause: 'block_found', ...previous }),
      coinbaseDraft(rng, state, tenure.miner, true),
    ];
  }
  return rng.chance(0.1)
    ? [tenureChangeDraft(rng, state, tenure.miner, { cause: rng.pick(EXTENDED_CAUSES), ...previous })]
    : [];
}

function randomDraft(rng: Random, state: ChainState, burnHeight: number, nakamoto: boolean): TxDraft {
  const kind = rng.weighted(nakamoto ? TX_MIX_NAKAMOTO : TX_MIX_EPOCH2);
  if (kind === 'transfer') return tokenTransferDraft(rng, state);
  if (kind === 'call') return contractCallDraft({ rng, state, burnHeight });
  if (kind === 'poison') return poisonMicroblockDraft(rng, state);
  const spec = state.newUserContract(rng, state.accounts.pickSender(rng));
  return deployDraft(rng, state, spec, rng.chance(0.9) ? 'success' : 'abort_by_response');
}
