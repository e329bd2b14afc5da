import type { ChainState } from './chain-state';
import { type Cv, cv } from './clarity';
import type { ContractSpec, FunctionSpec } from './contracts';
import type { EventDraft } from './events';
import { flat } from './flat-string';
import type { Random } from './random';
import type { PostCondition, PostConditionMode } from './types';

/** Inputs of a contract-call scenario; `actor` is a principal the call must involve, when given. */
export interface CallContext {
  readonly rng: Random;
  readonly state: ChainState;
  readonly burnHeight: number;
  readonly actor?: string;
}

/** A planned contract call. `commit` applies its state changes, and only runs when the call succeeds. */
export interface CallPlan {
  readonly sender: string;
  readonly contract: ContractSpec;
  readonly fn: FunctionSpec;
  readonly args: readonly Cv[];
  readonly events: readonly EventDraft[];
  readonly postConditions: readonly PostCondition[];
  readonly mode: PostConditionMode;
  readonly result: Cv;
  readonly commit?: () => void;
}

/** Plans one kind of call; undefined when the world cannot support it yet (e.g. no NFT minted). */
export type Scenario = (ctx: CallContext) => CallPlan | undefined;

/** A µSTX amount spread over several orders of magnitude. */
export const stxAmount = (rng: Random, minExp = 4, maxExp = 10): bigint =>
  BigInt(rng.int(1, 99)) * 10n ** BigInt(rng.int(minExp, maxExp));

/** A token amount in base units for a token with `decimals`. */
export const ftAmount = (rng: Random, decimals = 6): bigint =>
  BigInt(rng.int(1, 9999)) * 10n ** BigInt(rng.int(0, decimals + 2));

/** The actor when given, otherwise a transaction originator of the population. */
export const senderOf = (ctx: CallContext): string => ctx.actor ?? ctx.state.accounts.pickSender(ctx.rng);

/** `<contract_id>::<asset>` of a token contract. */
export function assetIdOf(spec: ContractSpec): string {
  // Built once per token: every transfer event of the token keeps this string.
  let id = assetIds.get(spec);
  if (id === undefined) {
    id = flat(`${spec.id}::${spec.asset ?? ''}`);
    assetIds.set(spec, id);
  }
  return id;
}

const assetIds = new WeakMap<ContractSpec, string>();

/** The `print` payload contracts emit: a tuple led by an `action` name. */
export const printTuple = (action: string, fields: Record<string, Cv>): Cv =>
  cv.tuple({ action: cv.ascii(action), ...fields });

/** A short memo, as hex without prefix. */
export const memoHex = (rng: Random): string => rng.hex(rng.int(4, 12));
