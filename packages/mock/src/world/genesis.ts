import { purchaseNft } from './calls-assets';
import { Chain, type ScriptedTx } from './chain';
import { cv } from './clarity';
import { FUNCTIONS } from './contracts';
import { randomHash } from './ids';
import type { TxRecord } from './model';
import { createRandom, deriveSeed, type Random } from './random';
import { contractCallDraft, deployDraft, poisonMicroblockDraft } from './tx-builders';

/** Sizes of a generated world. */
export interface ChainSize {
  readonly blocks: number;
  readonly transactionsPerBlock: number;
  readonly addresses: number;
}

/** The generated chain and the records the fixtures point at. */
export interface GeneratedChain {
  readonly chain: Chain;
  readonly fixtureTx: TxRecord;
  /** A burn height that anchors several Stacks blocks (or the fixture's burn block in tiny worlds). */
  readonly fixtureBurnHeight: number;
  readonly pendingContractIds: readonly string[];
}

/** How many transactions a block carries besides its coinbase / tenure change (mean `perBlock`). */
export function transactionsFor(rng: Random, perBlock: number): number {
  return Math.max(0, rng.int(Math.ceil(perBlock / 2), Math.max(1, Math.floor((perBlock * 3) / 2))) - 1);
}

/**
 * Generates the seeded chain. Layout: the first 60% of blocks follow epoch 2.x (one Stacks block per
 * burn block, a few burn blocks without one), then Nakamoto: a stretch of tenures of 2–6 blocks on one
 * burn block, then one block per tenure. Genesis deploys the core contracts; a few scripted
 * transactions guarantee rare cases (poison microblock, failed deploy, problematic call, the fixture).
 */
export function generateChain(seed: number, size: ChainSize): GeneratedChain {
  const chain = new Chain(seed, size.addresses);
  const { state } = chain;
  const blocks = Math.max(1, Math.floor(size.blocks));
  const epoch2End = Math.max(1, Math.floor(blocks * 0.6));
  const stretchEnd = Math.floor(blocks * 0.85);
  const at = (share: number) => Math.min(blocks, Math.max(1, Math.round(blocks * share)));
  const busy = state.accounts.busy[0];
  const scripts = new Map<number, ScriptedTx[]>();
  const script = (height: number, tx: ScriptedTx) =>
    scripts.set(height, [...(scripts.get(height) ?? []), tx]);

  for (const spec of state.genesisContracts) script(1, (ctx) => deployDraft(ctx.rng, state, spec));
  script(at(0.3), (ctx) => poisonMicroblockDraft(ctx.rng, state));
  script(at(0.4), (ctx) =>
    deployDraft(
      ctx.rng,
      state,
      state.newUserContract(ctx.rng, state.accounts.pickSender(ctx.rng)),
      'abort_by_response',
    ),
  );
  script(at(0.5), (ctx) =>
    contractCallDraft(ctx, {
      status: 'problematic_skipped',
      plan: {
        sender: state.accounts.pickSender(ctx.rng),
        contract: state.core.sendMany,
        fn: FUNCTIONS.sendMany,
        args: [cv.list([])],
        events: [],
        postConditions: [],
        mode: 'deny',
        result: cv.ok(cv.bool(true)),
      },
    }),
  );
  const fixtureHeight = at(0.7);
  script(fixtureHeight, (ctx) => {
    const plan = purchaseNft({ ...ctx, actor: busy });
    if (!plan) throw new Error('the genesis contracts make a purchase always possible');
    return contractCallDraft({ ...ctx, actor: busy }, { plan, status: 'success' });
  });

  const planRng = createRandom(deriveSeed(seed, 'plan'));
  let tenureLeft = 0;
  let fixtureBurnHeight: number | undefined;
  for (let height = 1; height <= blocks; height++) {
    const nakamoto = height > epoch2End;
    const inStretch = nakamoto && height <= stretchEnd;
    let newTenure = true;
    if (inStretch) {
      newTenure = tenureLeft === 0;
      if (newTenure) tenureLeft = planRng.int(2, 6);
      tenureLeft -= 1;
    }
    const burnGap = !nakamoto && height > 1 && planRng.chance(0.06) ? planRng.int(1, 2) : 0;
    const block = chain.append({
      nakamoto,
      newTenure,
      burnGap,
      transactions: transactionsFor(planRng, size.transactionsPerBlock),
      scripted: scripts.get(height) ?? [],
    });
    if (inStretch && !newTenure && fixtureBurnHeight === undefined) fixtureBurnHeight = block.burnHeight;
  }

  const fixtureTx = chain.index.blocks[fixtureHeight - 1]?.txs.find(
    (tx) =>
      tx.payload.type === 'contract_call' &&
      tx.payload.functionName === FUNCTIONS.purchase.name &&
      tx.sender === busy,
  );
  if (!fixtureTx) throw new Error('fixture transaction missing');

  const mempoolRng = createRandom(deriveSeed(seed, 'mempool'));
  const pendingContractIds: string[] = [];
  for (let i = 0; i < 3; i++) {
    const sender = mempoolRng.pick(state.accounts.regular);
    const spec = state.newUserContract(mempoolRng, sender);
    chain.index.addMempoolDeploy({
      txId: randomHash(mempoolRng),
      contractId: spec.id,
      sender,
      nonce: state.accounts.peekNonce(sender),
    });
    pendingContractIds.push(spec.id);
  }
  return {
    chain,
    fixtureTx,
    fixtureBurnHeight: fixtureBurnHeight ?? fixtureTx.block.burnHeight,
    pendingContractIds,
  };
}
