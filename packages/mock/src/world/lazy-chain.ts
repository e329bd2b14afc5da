import { Accounts } from './accounts';
import type { BlockSpec } from './block-body';
import { blockDrafts } from './block-body';
import { assembleBlock } from './blocks';
import type { Chain, TenureState } from './chain';
import type { ChainState } from './chain-state';
import type { LaterChain } from './genesis';
import { markEncoded, randomHash } from './ids';
import type { LaterDeploy } from './indexes';
import { touchedPrincipals } from './indexes';
import { LaterTx, type LaterTxSource } from './later-tx';
import type { BlockRecord, TxRecord } from './model';
import { type RandomState, resumeRandom } from './random';
import { readTipBlock, type StoredTip, type TipBlock } from './tip-records';
import {
  DEPLOY_STATUSES,
  HEADER_FIELDS,
  replayDelta,
  replayDeltas,
  type WorldSnapshot,
} from './world-snapshot';

const ZERO_HASH = `0x${'0'.repeat(64)}`;
/** Seconds between burn blocks, as chain.ts spaces them (the first block's parent burn time is one spacing back). */
const BURN_SPACING_SECONDS = 600;
/** Blocks between two kept generation states. */
const CHECKPOINT = 16;
const WIDTH = HEADER_FIELDS.length;

/**
 * A chain indexed from a snapshot, each block's transactions generated when first read: the block's own stream
 * (where its header left it), the generation state replayed from the snapshot up to the block before, and the
 * same builders as eager generation, so every record is the one eager generation makes. What the generated block
 * must agree with (its id stream, its principals) is checked, and a stale snapshot fails loudly. The newest
 * blocks' records come from `tip` when given.
 */
export function lazyChain(snapshot: WorldSnapshot, tip?: StoredTip): LaterChain {
  const { principals, touched, headers, hashes } = snapshot;
  const name = (n: number) => principals[n] as string;
  // Written by generation, which encoded every address of them: their checksums hold.
  markEncoded(principals.map((principal) => principal.split('.')[0] as string));
  const { busy, miners, sponsor, regular } = snapshot.accounts;
  const accounts = Accounts.from({
    busy: [name(busy[0]), name(busy[1])],
    miners: miners.map(name),
    sponsor: name(sponsor),
    regular: regular.map(name),
  });
  const hashAt = (height: number, k: number) =>
    height < 1 ? ZERO_HASH : hashes.slice((4 * (height - 1) + k) * 66, (4 * (height - 1) + k + 1) * 66);
  const numberAt = (height: number, k: number) => headers[(height - 1) * WIDTH + k] as number;

  // Every transaction in chain order.
  const chainTxs: TxRecord[] = [];
  // The generation state after every CHECKPOINT-th block (0: none generated), so generating a block replays the
  // deltas of at most that many blocks. Replayed when a block is first generated: creating the world replays
  // only the snapshot's merged delta.
  const checkpoints: ChainState[] = [];
  const checkpointAt = (k: number): ChainState | undefined => {
    for (let at = checkpoints.length; at <= k && at > 0; at++) {
      const state = (checkpoints[at - 1] as ChainState).copy();
      replayDeltas(snapshot, state, Math.min(at * CHECKPOINT, snapshot.blocks), (at - 1) * CHECKPOINT + 1);
      checkpoints.push(state);
    }
    return checkpoints[k];
  };
  let specs: () => readonly BlockSpec[] = () => [];

  const generate = (source: BlockSource): TxRecord[] => {
    const { block } = source;
    const { height } = block;
    const spec = specs()[height - 1];
    const from = Math.floor((height - 1) / CHECKPOINT);
    const checkpoint = checkpointAt(from);
    if (!checkpoint || !spec) throw new Error('lazy chain: a block was read before the chain was finished');
    const state = checkpoint.copy();
    replayDeltas(snapshot, state, height - 1, from * CHECKPOINT + 1);
    const rng = resumeRandom(
      headers.slice((height - 1) * WIDTH + 9, height * WIDTH) as unknown as RandomState,
    );
    const tenure = { miner: name(numberAt(height, 5)), previousTenure: previousTenure(height) };
    const drafts = blockDrafts(rng, state, spec, block.burnHeight, numberAt(height, 4) === 1, tenure);
    const expected = idStreamOf(snapshot, height);
    if (rng.state().some((word, i) => word !== expected[i])) throw stale(`block ${height} drew differently`);
    const { txs } = assembleBlock(rng, block, drafts);
    if (txs.length !== source.count)
      throw stale(`block ${height} has ${txs.length} transactions, not ${source.count}`);
    txs.forEach((tx, i) => {
      check(source, i, tx);
    });
    return txs;
  };

  /** The block's records from the stored tip, each checked as generated ones are, or undefined. */
  const stored = (source: BlockSource): TipBlock | undefined => {
    const { block, count } = source;
    const read = tip && readTipBlock(tip, block, source.ids());
    if (!read) return undefined;
    if (read.count !== count)
      throw stale(`block ${block.height} has ${read.count} transactions, not ${count}`);
    const checked = new Set<number>();
    return {
      count,
      record(txIndex) {
        const tx = read.record(txIndex);
        if (!checked.has(txIndex)) {
          check(source, txIndex, tx);
          checked.add(txIndex);
        }
        return tx;
      },
    };
  };

  /** Fails unless transaction `i` of the block touches the principals the snapshot lists for it. */
  const check = (source: BlockSource, i: number, tx: TxRecord): void => {
    let at = source.offset;
    for (let k = 0; k < i; k++) at += 1 + (touched[at] as number);
    const n = touched[at] as number;
    const parties = [...touchedPrincipals(tx)];
    if (parties.length !== n || parties.some((p, j) => principals[touched[at + 1 + j] as number] !== p))
      throw stale(`transaction ${i} of block ${source.block.height} touches other principals`);
  };

  const previousTenure = (height: number) => ({
    end: hashAt(numberAt(height, 7), 1),
    blocks: numberAt(height, 8),
  });

  return {
    accounts,
    fixtureBurnHeight: snapshot.fixtureBurnHeight,
    adopt(chain: Chain, planned: () => readonly BlockSpec[]) {
      let plan: readonly BlockSpec[] | undefined;
      specs = () => {
        plan ??= planned();
        return plan;
      };
      const deploysAt = deploysByHeight(snapshot);
      const nakamotoFrom = snapshot.nakamotoFrom;
      let offset = 0;
      for (let height = 1; height <= snapshot.blocks; height++) {
        const count = snapshot.txCounts[height - 1];
        if (count === undefined) throw stale(`it has no block ${height}`);
        const burnTime = numberAt(height, 1);
        const txs: TxRecord[] = new Array(count);
        const block: BlockRecord = {
          height,
          hash: hashAt(height, 0),
          indexBlockHash: hashAt(height, 1),
          parentBlockHash: hashAt(height - 1, 0),
          burnHeight: numberAt(height, 0),
          burnHash: hashAt(height, 2),
          burnTime,
          minerTxid: hashAt(height, 3),
          parentBurnTime: height > 1 ? numberAt(height - 1, 1) : burnTime - BURN_SPACING_SECONDS,
          blockTime: numberAt(height, 2),
          tenureHeight: numberAt(height, 3),
          txs,
        };
        const source = new BlockSource(
          block,
          offset,
          count,
          { generate, stored },
          idStreamOf(snapshot, height),
        );
        for (let i = 0; i < count; i++) {
          const tx = new LaterTx(block, i, source);
          txs[i] = tx;
          chainTxs.push(tx);
          offset += 1 + (touched[offset] as number);
        }
        const tenure: TenureState = {
          miner: name(numberAt(height, 5)),
          tenureBlocks: numberAt(height, 6),
          previousTenure: previousTenure(height),
          lastNakamoto: height >= nakamotoFrom,
        };
        chain.appendLater(block, deploysAt.get(height) ?? [], tenure);
      }
    },
    finish(state, index) {
      // Numbered by first appearance, which is the order indexing the blocks one by one adds them in.
      const numbers = new Map<string, number>();
      const touching: string[] = [];
      const { untouched } = snapshot;
      for (let n = 0, u = 0; n < principals.length; n++) {
        numbers.set(principals[n] as string, n);
        if (untouched[u] === n) u++;
        else touching.push(principals[n] as string);
      }
      index.principalTxs.defer(touching, (principal) => listOf(numbers.get(principal)));
      checkpoints.push(state.copy());
      replayDelta(snapshot, state, snapshot.final, snapshot.blocks);
    },
    fixtureTx: (index) => index.blocks[snapshot.fixture[0] - 1]?.txs[snapshot.fixture[1]],
  };

  /**
   * The transactions touching principal number `n`, in chain order. `indexOf` (native) jumps to each occurrence of
   * `n`; the walk over transactions only follows their counts to find whose entries it falls in. An occurrence at a
   * count slot is a count that happens to equal `n`, not a principal: skipped. A transaction lists each principal at
   * most once (the snapshot writes `touchedPrincipals`, a set, and `check` holds it to that), so each occurrence is a
   * transaction of its own. Several times faster on a first read than testing every entry in script.
   */
  function listOf(n: number | undefined): TxRecord[] {
    const list: TxRecord[] = [];
    if (n === undefined) return list;
    let at = 0;
    let t = 0;
    for (let pos = touched.indexOf(n); pos !== -1; pos = touched.indexOf(n, pos + 1)) {
      let end = at + 1 + (touched[at] as number);
      while (end <= pos) {
        at = end;
        t++;
        end = at + 1 + (touched[at] as number);
      }
      if (pos !== at) list.push(chainTxs[t] as TxRecord);
    }
    return list;
  }
}

function deploysByHeight(snapshot: WorldSnapshot): Map<number, LaterDeploy[]> {
  const deploysAt = new Map<number, LaterDeploy[]>();
  const { deploys, principals } = snapshot;
  for (let i = 0; i < deploys.length; i += 4) {
    const height = deploys[i] as number;
    const list = deploysAt.get(height) ?? [];
    list.push([
      deploys[i + 1] as number,
      principals[deploys[i + 2] as number] as string,
      DEPLOY_STATUSES[deploys[i + 3] as number] ?? 'success',
    ]);
    deploysAt.set(height, list);
  }
  return deploysAt;
}

/** The stream where block `height`'s transaction ids are drawn. */
function idStreamOf(snapshot: WorldSnapshot, height: number): RandomState {
  return snapshot.idStreams.slice(4 * (height - 1), 4 * height) as unknown as RandomState;
}

/** How a block's records are made: generated whole, or read one by one from a stored tip. */
interface RecordMakers {
  generate(source: BlockSource): TxRecord[];
  stored(source: BlockSource): TipBlock | undefined;
}

/** One block's transactions: ids drawn, records generated (or read from a stored tip), each on first use. */
class BlockSource implements LaterTxSource {
  #ids: string[] | undefined;
  #records: TxRecord[] | undefined;
  /** The stored records, undefined when the tip does not have the block, null before looking. */
  #stored: TipBlock | undefined | null = null;

  constructor(
    readonly block: BlockRecord,
    /** Where the block's first transaction starts in `WorldSnapshot.touched`. */
    readonly offset: number,
    readonly count: number,
    private readonly makers: RecordMakers,
    private readonly idStream: RandomState,
  ) {}

  ids(): readonly string[] {
    if (this.#ids === undefined) {
      const rng = resumeRandom(this.idStream);
      const ids: string[] = new Array(this.count);
      for (let i = 0; i < this.count; i++) ids[i] = randomHash(rng);
      this.#ids = ids;
    }
    return this.#ids;
  }

  record(txIndex: number): TxRecord {
    if (this.#records === undefined) {
      if (this.#stored === null) this.#stored = this.makers.stored(this);
      if (this.#stored) return this.#stored.record(txIndex);
      this.#records = this.makers.generate(this);
    }
    const record = this.#records[txIndex];
    if (!record) throw new RangeError(`block ${this.block.height} has no transaction ${txIndex}`);
    return record;
  }
}

function stale(what: string): Error {
  return new Error(
    `the default world's snapshot is stale (${what}): run \`pnpm --filter @blockindex/mock generate:world\``,
  );
}
