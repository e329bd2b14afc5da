import { assetIdOf, ftAmount, memoHex, printTuple, type Scenario, senderOf, stxAmount } from './calls';
import type { NftCollection } from './chain-state';
import { cv } from './clarity';
import { FUNCTIONS } from './contracts';
import { ev } from './events';
import { flat } from './flat-string';
import { ftCondition, nftCondition, stxCondition } from './post-conditions';

/** Token scenarios: FT transfers, swaps, NFT mints, transfers and sales, STX batch payments. */

/** A SIP-010 transfer, sometimes to the DEX, with an optional printed memo. */
export const ftTransfer: Scenario = (ctx) => {
  const { rng, state } = ctx;
  if (state.fts.length === 0) return undefined;
  const token = rng.pick(state.fts);
  const sender = senderOf(ctx);
  const recipient = rng.chance(0.1) ? state.core.dex.id : state.accounts.pickOther(rng, sender);
  const amount = ftAmount(rng, token.decimals);
  const memo = rng.chance(0.3) ? memoHex(rng) : undefined;
  const events = [ev.ftTransfer(assetIdOf(token), sender, recipient, amount)];
  if (memo !== undefined) events.push(ev.log(token.id, cv.buffer(memo)));
  return {
    sender,
    contract: token,
    fn: FUNCTIONS.ftTransfer,
    args: [
      cv.uint(amount),
      cv.principal(sender),
      cv.principal(recipient),
      memo ? cv.some(cv.buffer(memo)) : cv.none(),
    ],
    events,
    postConditions: [ftCondition(rng, 'origin', assetIdOf(token), amount)],
    mode: 'deny',
    result: cv.ok(cv.bool(true)),
  };
};

/** STX in, tokens out through the DEX pool contract. */
export const swap: Scenario = (ctx) => {
  const { rng, state } = ctx;
  if (state.fts.length === 0) return undefined;
  const token = rng.pick(state.fts);
  const dex = state.core.dex;
  const sender = senderOf(ctx);
  const dx = stxAmount(rng, 5, 10);
  const dy = ftAmount(rng, token.decimals);
  return {
    sender,
    contract: dex,
    fn: FUNCTIONS.swap,
    args: [
      cv.principal(`${dex.id.split('.')[0]}.wstx`),
      cv.principal(token.id),
      cv.uint(dx),
      cv.some(cv.uint(dy - dy / 50n)),
    ],
    events: [
      ev.stxTransfer(sender, dex.id, dx),
      ev.ftTransfer(assetIdOf(token), dex.id, sender, dy),
      ev.log(
        dex.id,
        printTuple('swap-x-for-y', { dx: cv.uint(dx), dy: cv.uint(dy), sender: cv.principal(sender) }),
      ),
    ],
    postConditions: [stxCondition(rng, 'origin', dx), ftCondition(rng, dex.id, assetIdOf(token), dy)],
    mode: 'deny',
    result: cv.ok(cv.list([cv.uint(dx), cv.uint(dy)])),
  };
};

/** A paid mint of the next token of a collection. */
export const claimNft: Scenario = (ctx) => {
  const { rng, state } = ctx;
  if (state.nfts.length === 0) return undefined;
  const col = rng.pick(state.nfts);
  const sender = senderOf(ctx);
  const price = stxAmount(rng, 6, 8);
  const id = col.owners.length + 1;
  return {
    sender,
    contract: col.spec,
    fn: FUNCTIONS.nftClaim,
    args: [],
    events: [
      ev.stxTransfer(sender, col.deployer, price),
      ev.nftMint(col.assetId, sender, cv.uint(id)),
      ev.log(col.spec.id, printTuple('claim', { id: cv.uint(id), owner: cv.principal(sender) })),
    ],
    postConditions: rng.chance(0.7) ? [stxCondition(rng, 'origin', price)] : [],
    mode: rng.chance(0.7) ? 'deny' : 'allow',
    result: cv.ok(cv.uint(id)),
    commit: () => {
      col.owners.push(sender);
    },
  };
};

/** An owned token: the owner sends it; a given actor receives it (unless the actor is the owner). */
export const transferNft: Scenario = (ctx) => {
  const { rng, state } = ctx;
  const col = state.nfts.length > 0 ? rng.pick(state.nfts) : undefined;
  const id = col && state.pickOwnedToken(rng, col, ctx.actor);
  if (!col || id === undefined) return undefined;
  const owner = col.owners[id - 1] as string;
  const recipient = ctx.actor ?? state.accounts.pickOther(rng, owner);
  const value = cv.uint(id);
  const postConditions = [nftCondition('origin', col.assetId, value, 'sent')];
  if (rng.chance(0.2)) postConditions.push(nftCondition('origin', col.assetId, cv.uint(id + 1), 'not_sent'));
  return {
    sender: owner,
    contract: col.spec,
    fn: FUNCTIONS.nftTransfer,
    args: [value, cv.principal(owner), cv.principal(recipient)],
    events: [ev.nftTransfer(col.assetId, owner, recipient, value)],
    postConditions,
    mode: 'deny',
    result: cv.ok(cv.bool(true)),
    commit: () => {
      col.owners[id - 1] = recipient;
    },
  };
};

/**
 * A marketplace purchase: the buyer pays the seller and a commission in STX, receives the NFT and a
 * loyalty reward in FT, so one transaction has STX, FT and NFT events touching the buyer.
 */
export const purchaseNft: Scenario = (ctx) => {
  const { rng, state } = ctx;
  const market = state.core.marketplace;
  const col: NftCollection | undefined = state.nfts[0] && rng.pick(state.nfts);
  const reward = state.fts[0] && rng.pick(state.fts);
  if (!col || !reward) return undefined;
  const buyer = senderOf(ctx);
  const id = state.pickOwnedToken(rng, col, buyer);
  const seller = id === undefined ? col.deployer : (col.owners[id - 1] as string);
  const tokenId = id ?? col.owners.length + 1;
  const value = cv.uint(tokenId);
  const price = stxAmount(rng, 7, 10);
  const commission = price / 40n;
  const rewardAmount = ftAmount(rng, reward.decimals);
  return {
    sender: buyer,
    contract: market,
    fn: FUNCTIONS.purchase,
    args: [cv.principal(col.spec.id), value],
    events: [
      ev.stxTransfer(buyer, seller, price),
      ev.stxTransfer(buyer, market.id, commission),
      id === undefined
        ? ev.nftMint(col.assetId, buyer, value)
        : ev.nftTransfer(col.assetId, seller, buyer, value),
      ev.ftTransfer(assetIdOf(reward), market.id, buyer, rewardAmount),
      ev.log(
        market.id,
        printTuple('purchase', { id: value, price: cv.uint(price), buyer: cv.principal(buyer) }),
      ),
    ],
    postConditions: [
      stxCondition(rng, 'origin', price + commission),
      nftCondition(seller, col.assetId, value, rng.pick(['sent', 'maybe_sent'] as const)),
      ftCondition(rng, market.id, assetIdOf(reward), rewardAmount),
    ],
    mode: 'deny',
    result: cv.ok(cv.bool(true)),
    commit: () => {
      if (id === undefined) col.owners.push(buyer);
      else col.owners[id - 1] = buyer;
    },
  };
};

/** One sender paying several recipients with memos (send-many-memo). */
export const sendMany: Scenario = (ctx) => {
  const { rng, state } = ctx;
  const sender = senderOf(ctx);
  const contract = state.core.sendMany;
  const recipients = Array.from({ length: rng.int(2, 8) }, () => ({
    to: state.accounts.pickOther(rng, sender),
    ustx: stxAmount(rng, 4, 9),
    memo: memoHex(rng),
  }));
  const total = recipients.reduce((sum, r) => sum + r.ustx, 0n);
  return {
    sender,
    contract,
    fn: FUNCTIONS.sendMany,
    args: [
      cv.list(
        recipients.map((r) =>
          cv.tuple({ memo: cv.buffer(r.memo), to: cv.principal(r.to), ustx: cv.uint(r.ustx) }),
        ),
      ),
    ],
    events: recipients.flatMap((r) => [
      ev.log(contract.id, cv.buffer(r.memo)),
      ev.stxTransfer(sender, r.to, r.ustx, flat(`0x${r.memo}`)),
    ]),
    postConditions: [stxCondition(rng, 'origin', total)],
    mode: 'deny',
    result: cv.ok(cv.bool(true)),
  };
};
