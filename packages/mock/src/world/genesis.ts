import type { Accounts } from './accounts';
import type { BlockSpec, ScriptedTx } from './block-body';
import { purchaseNft } from './calls-assets';
import { Chain, type ChainObserver } from './chain';
import type { ChainState } from './chain-state';
import { cv } from './clarity';
import { FUNCTIONS } from './contracts';
import { randomHash } from './ids';
import type { ChainIndex } from './indexes';
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
export function generateChain(
  seed: number,
  size: ChainSize,
  how: { later?: LaterChain; observer?: (chain: Chain) => ChainObserver } = {},
): GeneratedChain {
  const { later } = how;
  const chain = new Chain(seed, size.addresses, later?.accounts);
  chain.observer = how.observer?.(chain);
  const { state } = chain;
  const plan = () => planChain(seed, size, state);
  let fixtureBurnHeight = later?.fixtureBurnHeight;
  let fixtureHeight = 0;
  if (later) {
    // Planned only if a block is generated: the specs say what its transactions are.
    later.adopt(chain, () => plan().blocks.map((block) => block.spec));
    later.finish(state, chain.index);
  } else {
    const planned = plan();
    fixtureHeight = planned.fixtureHeight;
    for (const { spec, inStretch } of planned.blocks) {
      const block = chain.append(spec);
      if (inStretch && !spec.newTenure && fixtureBurnHeight === undefined)
        fixtureBurnHeight = block.burnHeight;
    }
  }

  const busy = state.accounts.busy[0];
  const fixtureTx = later
    ? later.fixtureTx(chain.index)
    : chain.index.blocks[fixtureHeight - 1]?.txs.find(
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

/** A chain whose blocks get their transactions on first read (lazy-chain.ts). */
export interface LaterChain {
  /** The population, known already. */
  readonly accounts: Accounts;
  /** The burn height the fixtures point at (see {@link GeneratedChain}). */
  readonly fixtureBurnHeight: number;
  /** Appends every block to `chain`, each generated on first read from its spec (`specs()[height - 1]`). */
  adopt(chain: Chain, specs: () => readonly BlockSpec[]): void;
  /**
   * Once every block is in: brings the generation state to where generating every block would have left it,
   * and fills the index's per-principal lists.
   */
  finish(state: ChainState, index: ChainIndex): void;
  fixtureTx(index: ChainIndex): TxRecord | undefined;
}

/** One block of the plan, and whether it lies in the stretch of multi-block tenures. */
interface PlannedBlock {
  readonly spec: BlockSpec;
  readonly inStretch: boolean;
}

/** The blocks to append, drawn from the seed alone: the plan's stream and the scripted transactions. */
function planChain(
  seed: number,
  size: ChainSize,
  state: ChainState,
): { blocks: PlannedBlock[]; fixtureHeight: number } {
  const blocks = Math.max(1, Math.floor(size.blocks));
  const epoch2End = Math.max(1, Math.floor(blocks * 0.6));
  const stretchEnd = Math.floor(blocks * 0.85);
  const at = (share: number) => Math.min(blocks, Math.max(1, Math.round(blocks * share)));
  const busy = state.accounts.busy[0];
  const scripts = new Map<number, ScriptedTx[]>();
  const script = (height: number, tx: ScriptedTx) =>
    scripts.set(height, [...(scripts.get(height) ?? []), tx]);

  // Scripts read the state they are given (`ctx.state`): a block generated again later gets its own copy.
  for (const spec of state.genesisContracts) script(1, (ctx) => deployDraft(ctx.rng, ctx.state, spec));
  script(at(0.3), (ctx) => poisonMicroblockDraft(ctx.rng, ctx.state));
  script(at(0.4), (ctx) =>
    deployDraft(
      ctx.rng,
      ctx.state,
      ctx.state.newUserContract(ctx.rng, ctx.state.accounts.pickSender(ctx.rng)),
      'abort_by_response',
    ),
  );
  script(at(0.5), (ctx) =>
    contractCallDraft(ctx, {
      status: 'problematic_skipped',
      plan: {
        sender: ctx.state.accounts.pickSender(ctx.rng),
        contract: ctx.state.core.sendMany,
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
  const planned: PlannedBlock[] = [];
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
    planned.push({
      inStretch,
      spec: {
        nakamoto,
        newTenure,
        burnGap,
        transactions: transactionsFor(planRng, size.transactionsPerBlock),
        scripted: scripts.get(height) ?? [],
      },
    });
  }
  return { blocks: planned, fixtureHeight };
}
