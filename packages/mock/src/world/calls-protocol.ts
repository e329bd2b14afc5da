import {
  assetIdOf,
  type CallContext,
  type CallPlan,
  ftAmount,
  printTuple,
  type Scenario,
  senderOf,
  stxAmount,
} from './calls';
import { claimNft, ftTransfer, purchaseNft, sendMany, swap, transferNft } from './calls-assets';
import { cv } from './clarity';
import { FUNCTIONS } from './contracts';
import { ev } from './events';
import { ftCondition, nftCondition, poxCondition, stakingCondition, stxCondition } from './post-conditions';

/** Protocol scenarios (stacking, names), token supply changes, plain app calls, and the call mix. */

/** Bitcoin blocks per PoX reward cycle on mainnet. */
const REWARD_CYCLE_LENGTH = 2100;

const stackStx: Scenario = (ctx) => {
  const { rng, state } = ctx;
  const pox = state.core.pox;
  const sender = senderOf(ctx);
  const amount = stxAmount(rng, 10, 11);
  const lockPeriod = rng.int(1, 12);
  const unlockHeight =
    (Math.floor(ctx.burnHeight / REWARD_CYCLE_LENGTH) + 1 + lockPeriod) * REWARD_CYCLE_LENGTH;
  const poxAddr = cv.tuple({ hashbytes: cv.buffer(rng.hex(20)), version: cv.buffer('04') });
  return {
    sender,
    contract: pox,
    fn: FUNCTIONS.stackStx,
    args: [
      cv.uint(amount),
      poxAddr,
      cv.uint(ctx.burnHeight),
      cv.uint(lockPeriod),
      cv.some(cv.buffer(rng.hex(65))),
      cv.buffer(`02${rng.hex(32)}`),
      cv.uint(amount),
      cv.uint(rng.int(1, 1_000_000)),
    ],
    events: [
      ev.lock(sender, amount, unlockHeight),
      ev.log(
        pox.id,
        printTuple('stack-stx', { 'lock-amount': cv.uint(amount), stacker: cv.principal(sender) }),
      ),
    ],
    postConditions: [stakingCondition(rng, 'origin', amount), poxCondition('origin', 'performed')],
    mode: 'deny',
    result: cv.ok(
      cv.tuple({
        'lock-amount': cv.uint(amount),
        stacker: cv.principal(sender),
        'unlock-burn-height': cv.uint(unlockHeight),
      }),
    ),
  };
};

const delegateStx: Scenario = (ctx) => {
  const { rng, state } = ctx;
  const pox = state.core.pox;
  const sender = senderOf(ctx);
  const amount = stxAmount(rng, 9, 11);
  const delegate = state.accounts.pickOther(rng, sender);
  return {
    sender,
    contract: pox,
    fn: FUNCTIONS.delegateStx,
    args: [cv.uint(amount), cv.principal(delegate), cv.none(), cv.none()],
    events: [
      ev.log(
        pox.id,
        printTuple('delegate-stx', { amount: cv.uint(amount), 'delegate-to': cv.principal(delegate) }),
      ),
    ],
    postConditions: [poxCondition('origin', rng.pick(['maybe_performed', 'not_performed'] as const))],
    mode: 'deny',
    result: cv.ok(cv.bool(true)),
  };
};

const namePreorder: Scenario = (ctx) => {
  const { rng, state } = ctx;
  const sender = senderOf(ctx);
  const burn = stxAmount(rng, 6, 8);
  return {
    sender,
    contract: state.core.bns,
    fn: FUNCTIONS.namePreorder,
    args: [cv.buffer(rng.hex(20)), cv.uint(burn)],
    events: [ev.stxBurn(sender, burn)],
    postConditions: [stxCondition(rng, 'origin', burn)],
    mode: 'deny',
    result: cv.ok(cv.uint(ctx.burnHeight + 144)),
  };
};

const mintFt: Scenario = (ctx) => {
  const { rng, state } = ctx;
  if (state.fts.length === 0) return undefined;
  const token = rng.pick(state.fts);
  const sender = senderOf(ctx);
  const amount = ftAmount(rng, token.decimals);
  return {
    sender,
    contract: token,
    fn: FUNCTIONS.ftMint,
    args: [cv.uint(amount), cv.principal(sender)],
    events: [ev.ftMint(assetIdOf(token), sender, amount)],
    postConditions: [],
    mode: 'allow',
    result: cv.ok(cv.bool(true)),
  };
};

const burnFt: Scenario = (ctx) => {
  const { rng, state } = ctx;
  if (state.fts.length === 0) return undefined;
  const token = rng.pick(state.fts);
  const sender = senderOf(ctx);
  const amount = ftAmount(rng, token.decimals);
  return {
    sender,
    contract: token,
    fn: FUNCTIONS.ftBurn,
    args: [cv.uint(amount), cv.principal(sender)],
    events: [ev.ftBurn(assetIdOf(token), sender, amount)],
    postConditions: [ftCondition(rng, 'origin', assetIdOf(token), amount)],
    mode: 'deny',
    result: cv.ok(cv.bool(true)),
  };
};

const burnNft: Scenario = (ctx) => {
  const { rng, state } = ctx;
  if (ctx.actor !== undefined || state.nfts.length === 0) return undefined;
  const col = rng.pick(state.nfts);
  const id = state.pickOwnedToken(rng, col);
  if (id === undefined) return undefined;
  const owner = col.owners[id - 1] as string;
  const value = cv.uint(id);
  return {
    sender: owner,
    contract: col.spec,
    fn: FUNCTIONS.nftBurn,
    args: [value],
    events: [ev.nftBurn(col.assetId, owner, value)],
    postConditions: [nftCondition('origin', col.assetId, value, 'sent')],
    mode: 'deny',
    result: cv.ok(cv.bool(true)),
    commit: () => {
      col.owners[id - 1] = undefined;
    },
  };
};

const appCall: Scenario = (ctx) => {
  const { rng, state } = ctx;
  const sender = senderOf(ctx);
  const contract = state.generics.length > 0 ? rng.pick(state.generics) : state.core.sendMany;
  if (contract.kind !== 'generic') return undefined;
  const key = rng.pick(['score', 'round', 'votes', 'price', 'epoch', 'streak']);
  const value = BigInt(rng.int(0, 1_000_000));
  return {
    sender,
    contract,
    fn: FUNCTIONS.setValue,
    args: [cv.ascii(key), cv.uint(value)],
    events: [ev.log(contract.id, cv.tuple({ key: cv.ascii(key), value: cv.uint(value) }))],
    postConditions: [],
    mode: rng.pick(['allow', 'allow', 'originator'] as const),
    result: cv.ok(cv.bool(true)),
  };
};

const MIX: readonly (readonly [Scenario, number])[] = [
  [ftTransfer, 22],
  [swap, 14],
  [appCall, 13],
  [claimNft, 9],
  [transferNft, 8],
  [purchaseNft, 8],
  [sendMany, 6],
  [mintFt, 4],
  [burnFt, 3],
  [namePreorder, 3],
  [stackStx, 3],
  [delegateStx, 3],
  [burnNft, 2],
];

/** Plans a contract call from the weighted mix, retrying when a scenario does not apply yet. */
export function planContractCall(ctx: CallContext): CallPlan {
  for (let attempt = 0; attempt < 16; attempt++) {
    const plan = ctx.rng.weighted(MIX)(ctx);
    if (plan) return plan;
  }
  return namePreorder(ctx) as CallPlan;
}
