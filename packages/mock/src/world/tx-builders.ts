import type { CallContext, CallPlan } from './calls';
import { stxAmount } from './calls';
import { planContractCall } from './calls-protocol';
import type { ChainState } from './chain-state';
import { type Cv, cv } from './clarity';
import { type ContractSpec, contractSource, functionSignature } from './contracts';
import { type EventDraft, ev } from './events';
import { flat } from './flat-string';
import { randomHex } from './ids';
import type { ExecutionCost, TxPayloadRecord } from './model';
import { stxCondition } from './post-conditions';
import type { Random } from './random';
import type {
  AnchorMode,
  PostCondition,
  PostConditionMode,
  TenureChangeCause,
  TransactionStatus,
} from './types';

/** A transaction before it is placed in a block (no id, block or index yet). */
export interface TxDraft {
  readonly sender: string;
  readonly nonce: number;
  readonly fee: bigint;
  readonly sponsor?: { readonly address: string; readonly nonce: number };
  readonly anchorMode: AnchorMode;
  readonly postConditionMode: PostConditionMode;
  readonly postConditions: readonly PostCondition[];
  readonly status: TransactionStatus;
  readonly result: Cv;
  readonly vmError: string | null;
  readonly payload: TxPayloadRecord;
  readonly events: readonly EventDraft[];
  readonly cost: ExecutionCost;
}

const FREE: ExecutionCost = [0, 0, 0, 0, 0];
const OK_TRUE = cv.ok(cv.bool(true));
const ANCHOR_MODES: readonly (readonly [AnchorMode, number])[] = [
  ['any', 6],
  ['on_chain_only', 3],
  ['off_chain_only', 1],
];
const anchorMode = (rng: Random): AnchorMode => rng.weighted(ANCHOR_MODES);
const contractCost = (rng: Random, scale = 1): ExecutionCost => [
  rng.int(2, 40) * scale,
  rng.int(200, 20_000) * scale,
  rng.int(5_000, 900_000) * scale,
  rng.int(0, 12) * scale,
  rng.int(0, 3_000) * scale,
];

/** An STX transfer from `sender` to `recipient` (either drawn from the population when not given). */
export function tokenTransferDraft(
  rng: Random,
  state: ChainState,
  parties: { sender?: string; recipient?: string } = {},
): TxDraft {
  const sender = parties.sender ?? state.accounts.pickSender(rng);
  const recipient = parties.recipient ?? state.accounts.pickOther(rng, sender);
  const amount = stxAmount(rng, 3, 10);
  const memo = rng.chance(0.4) ? flat(`0x${rng.hex(rng.int(2, 34))}`) : '0x';
  return {
    sender,
    nonce: state.accounts.nextNonce(sender),
    fee: BigInt(rng.int(180, 5_000)),
    anchorMode: anchorMode(rng),
    postConditionMode: 'deny',
    postConditions: rng.chance(0.2) ? [stxCondition(rng, 'origin', amount)] : [],
    status: 'success',
    result: OK_TRUE,
    vmError: null,
    payload: { type: 'token_transfer', recipient, amount, memo },
    events: [ev.stxTransfer(sender, recipient, amount, memo === '0x' ? undefined : memo)],
    cost: FREE,
  };
}

const FAILURES: readonly (readonly [TransactionStatus, number])[] = [
  ['success', 910],
  ['abort_by_response', 60],
  ['abort_by_post_condition', 25],
  ['problematic_skipped', 5],
];

/** A contract call from the scenario mix (or `plan`), which fails now and then like real calls do. */
export function contractCallDraft(
  ctx: CallContext,
  options: { plan?: CallPlan; status?: TransactionStatus } = {},
): TxDraft {
  const { rng, state } = ctx;
  const plan = options.plan ?? planContractCall(ctx);
  const status = options.status ?? rng.weighted(FAILURES);
  if (status === 'success') plan.commit?.();
  const sponsored = rng.chance(0.04) && plan.sender !== state.accounts.sponsor;
  const sponsor = state.accounts.sponsor;
  return {
    sender: plan.sender,
    nonce: state.accounts.nextNonce(plan.sender),
    fee: BigInt(rng.int(1_000, 400_000)),
    ...(sponsored ? { sponsor: { address: sponsor, nonce: state.accounts.nextNonce(sponsor) } } : {}),
    anchorMode: anchorMode(rng),
    postConditionMode: plan.mode,
    postConditions: plan.postConditions,
    status,
    result:
      status === 'success' || status === 'abort_by_post_condition'
        ? plan.result
        : status === 'abort_by_response'
          ? cv.err(cv.uint(rng.int(1, 3000)))
          : cv.err(cv.none()),
    vmError:
      status === 'abort_by_post_condition'
        ? flat(`Post-condition check failure on ${plan.contract.id}: condition not satisfied`)
        : status === 'problematic_skipped'
          ? 'Transaction skipped as problematic'
          : null,
    payload: {
      type: 'contract_call',
      contractId: plan.contract.id,
      functionName: plan.fn.name,
      functionSignature: functionSignature(plan.fn),
      // Values and the function's shared parameter list: the `{ hex, repr, name, type }` rows are made per view.
      args:
        plan.args.length === plan.fn.params.length
          ? plan.args
          : plan.fn.params.map((_, i) => plan.args[i] ?? cv.none()),
      params: plan.fn.params,
    },
    events: status === 'success' ? plan.events : [],
    cost: contractCost(rng),
  };
}

/**
 * Deploys `spec` from its address part. A successful deploy makes the contract callable; token
 * contracts mint their initial supply, and the genesis lockup mints every pool address its balance.
 */
export function deployDraft(
  rng: Random,
  state: ChainState,
  spec: ContractSpec,
  status: TransactionStatus = 'success',
): TxDraft {
  const deployer = spec.id.split('.')[0] ?? spec.id;
  const events: EventDraft[] = [];
  if (status === 'success') {
    state.registerDeployed(spec);
    if (spec.kind === 'ft')
      events.push(ev.ftMint(`${spec.id}::${spec.asset}`, deployer, 10n ** BigInt((spec.decimals ?? 6) + 9)));
    if (spec.kind === 'lockup') {
      for (const address of state.accounts.all()) events.push(ev.stxMint(address, stxAmount(rng, 10, 12)));
    }
  }
  return {
    sender: deployer,
    nonce: state.accounts.nextNonce(deployer),
    fee: BigInt(rng.int(10_000, 2_000_000)),
    anchorMode: 'any',
    postConditionMode: 'deny',
    postConditions: [],
    status,
    result: status === 'success' ? OK_TRUE : cv.err(cv.none()),
    vmError: status === 'success' ? null : flat(`Unchecked(UndefinedFunction("${spec.kind}-init"))`),
    payload: {
      type: 'smart_contract',
      contractId: spec.id,
      clarityVersion: spec.clarityVersion,
      sourceCode: flat(contractSource(spec)),
    },
    events,
    cost: contractCost(rng, 4),
  };
}

const systemTx = (sender: string, nonce: number, payload: TxPayloadRecord): TxDraft => ({
  sender,
  nonce,
  fee: 0n,
  anchorMode: 'on_chain_only',
  postConditionMode: 'deny',
  postConditions: [],
  status: 'success',
  result: OK_TRUE,
  vmError: null,
  payload,
  events: [],
  cost: FREE,
});

/** The miner's coinbase; Nakamoto coinbases carry a VRF proof, a few pay an alternate recipient. */
export function coinbaseDraft(rng: Random, state: ChainState, miner: string, nakamoto: boolean): TxDraft {
  const altRecipient = rng.chance(0.08) ? state.accounts.pickOther(rng, miner) : null;
  const data = randomHex(rng, 32);
  const payload = nakamoto
    ? { data, alt_recipient: altRecipient, vrf_proof: randomHex(rng, 80) }
    : { data, alt_recipient: altRecipient };
  return systemTx(miner, state.accounts.nextNonce(miner), { type: 'coinbase', payload });
}

/** A tenure change: `block_found` opens a tenure, the `extended*` causes extend its budget. */
export function tenureChangeDraft(
  rng: Random,
  state: ChainState,
  miner: string,
  tenure: { cause: TenureChangeCause; previousTenureEnd: string; previousTenureBlocks: number },
): TxDraft {
  return systemTx(miner, state.accounts.nextNonce(miner), {
    type: 'tenure_change',
    payload: {
      tenure_consensus_hash: randomHex(rng, 20),
      prev_tenure_consensus_hash: randomHex(rng, 20),
      burn_view_consensus_hash: randomHex(rng, 20),
      previous_tenure_end: tenure.previousTenureEnd,
      previous_tenure_blocks: tenure.previousTenureBlocks,
      cause: tenure.cause,
      pubkey_hash: randomHex(rng, 20),
    },
  });
}

/** A poison-microblock report (epoch 2.x only, and rare): two conflicting microblock headers. */
export function poisonMicroblockDraft(rng: Random, state: ChainState): TxDraft {
  const sender = state.accounts.pickSender(rng);
  const header = () => randomHex(rng, 1 + 2 + 32 + 32 + 65);
  return {
    ...systemTx(sender, state.accounts.nextNonce(sender), {
      type: 'poison_microblock',
      payload: { microblock_header_1: header(), microblock_header_2: header() },
    }),
    fee: BigInt(rng.int(1_000, 10_000)),
    anchorMode: 'any',
  };
}
