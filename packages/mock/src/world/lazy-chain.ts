import { Accounts } from './accounts';
import { blockDrafts } from './block-body';
import { assembleBlock } from './blocks';
import type { BlockSpec, IndexedLater, LaterBlock, StoredBlock } from './chain';
import type { ChainState } from './chain-state';
import type { LaterChain } from './genesis';
import { markEncoded, randomHash } from './ids';
import type { LaterDeploy } from './indexes';
import { touchedPrincipals } from './indexes';
import { LaterTx, type LaterTxSource } from './later-tx';
import type { BlockRecord, TxRecord } from './model';
import { type RandomState, resumeRandom } from './random';
import { DEPLOY_STATUSES, HEADER_FIELDS, replayDeltas, type WorldSnapshot } from './world-snapshot';

const ZERO_HASH = `0x${'0'.repeat(64)}`;
/** Seconds between burn blocks, as chain.ts spaces them (the first block's parent burn time is one spacing back). */
const BURN_SPACING_SECONDS = 600;
/** Blocks between two kept generation states. */
const CHECKPOINT = 16;

/**
 * A chain indexed from a snapshot, each block's transactions generated when first read: the block's own stream
 * (where its header left it), the generation state replayed from the snapshot up to the block before, and the
 * same builders as eager generation, so every record is the one eager generation makes. What the generated block
 * must agree with (its id stream, its principals) is checked, and a stale snapshot fails loudly.
 */
export function lazyChain(snapshot: WorldSnapshot): LaterChain {
  const { principals } = snapshot;
  const deploysAt = new Map<number, LaterDeploy[]>();
  for (let i = 0; i < snapshot.deploys.length; i += 4) {
    const [height, txIndex, contract, status] = snapshot.deploys.slice(i, i + 4) as number[];
    const list = deploysAt.get(height as number) ?? [];
    list.push([
      txIndex as number,
      principals[contract as number] as string,
      DEPLOY_STATUSES[status as number] ?? 'success',
    ]);
    deploysAt.set(height as number, list);
  }
  // The generation state after every CHECKPOINT-th block (0: none generated), so generating a block replays the
  // deltas of at most that many blocks.
  const checkpoints: ChainState[] = [];
  // Every transaction in chain order, and which principals any of them touches.
  const chainTxs: TxRecord[] = [];
  const touches = new Uint8Array(principals.length);
  let offset = 0;
  const block = (later: LaterBlock): IndexedLater => {
    const height = later.header.height;
    const count = snapshot.txCounts[height - 1];
    if (count === undefined) throw stale(`it has no block ${height}`);
    const txs: TxRecord[] = new Array(count);
    const record: BlockRecord = { ...later.header, txs };
    const source = new BlockSource(later, offset, count, generate, idStreamOf(snapshot, height));
    const { touched } = snapshot;
    for (let i = 0; i < count; i++) {
      const tx = new LaterTx(record, i, source);
      txs[i] = tx;
      chainTxs.push(tx);
      const end = offset + 1 + (touched[offset] as number);
      for (let k = offset + 1; k < end; k++) touches[touched[k] as number] = 1;
      offset = end;
    }
    return { block: record, deploys: deploysAt.get(height) ?? [] };
  };

  const generate = (source: BlockSource): TxRecord[] => {
    const { later, count } = source;
    const height = later.header.height;
    const from = Math.floor((height - 1) / CHECKPOINT);
    const checkpoint = checkpoints[from];
    if (!checkpoint) throw new Error('lazy chain: a block was read before the chain was finished');
    const state = checkpoint.copy();
    replayDeltas(snapshot, state, height - 1, from * CHECKPOINT + 1);
    const rng = resumeRandom(later.bodyState);
    const drafts = blockDrafts(rng, state, later.spec, later.header.burnHeight, later.newBurn, later.tenure);
    const stream = rng.state();
    const expected = idStreamOf(snapshot, height);
    if (stream.some((word, i) => word !== expected[i])) throw stale(`block ${height} drew differently`);
    const { txs } = assembleBlock(rng, later.header, drafts);
    if (txs.length !== count) throw stale(`block ${height} has ${txs.length} transactions, not ${count}`);
    let at = source.offset;
    txs.forEach((tx, i) => {
      const n = snapshot.touched[at] as number;
      const listed = snapshot.touched.slice(at + 1, at + 1 + n);
      at += 1 + n;
      const parties = [...touchedPrincipals(tx)];
      if (parties.length !== n || parties.some((p, j) => principals[listed[j] as number] !== p))
        throw stale(`transaction ${i} of block ${height} touches other principals`);
    });
    return txs;
  };

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
  const { hashes, headers } = snapshot;
  const width = HEADER_FIELDS.length;
  const hashAt = (height: number, k: number) =>
    height < 1 ? ZERO_HASH : hashes.slice((4 * (height - 1) + k) * 66, (4 * (height - 1) + k + 1) * 66);
  const numberAt = (height: number, k: number) => headers[(height - 1) * width + k] as number;
  const stored = (height: number, spec: BlockSpec): StoredBlock => {
    const burnTime = numberAt(height, 1);
    const previousEnd = numberAt(height, 7);
    return {
      header: {
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
      },
      spec,
      newBurn: numberAt(height, 4) === 1,
      bodyState: headers.slice((height - 1) * width + 9, height * width) as unknown as RandomState,
      tenure: {
        miner: name(numberAt(height, 5)),
        tenureBlocks: numberAt(height, 6),
        previousTenure: { end: hashAt(previousEnd, 1), blocks: numberAt(height, 8) },
        lastNakamoto: spec.nakamoto,
      },
    };
  };

  return {
    accounts,
    stored,
    block,
    finish(state, index) {
      // Numbered by first appearance, which is the order indexing the blocks one by one adds them in.
      const numbers = new Map<string, number>();
      const touching: string[] = [];
      for (let n = 0; n < principals.length; n++) {
        numbers.set(principals[n] as string, n);
        if (touches[n] === 1) touching.push(principals[n] as string);
      }
      index.principalTxs.defer(touching, (principal) => {
        const n = numbers.get(principal);
        const list: TxRecord[] = [];
        const { touched } = snapshot;
        for (let at = 0, t = 0; at < touched.length; t++) {
          const end = at + 1 + (touched[at] as number);
          for (let k = at + 1; k < end; k++) {
            if (touched[k] === n) {
              list.push(chainTxs[t] as TxRecord);
              break;
            }
          }
          at = end;
        }
        return list;
      });
      checkpoints.push(state.copy());
      for (let height = 1; height <= snapshot.blocks; height++) {
        replayDeltas(snapshot, state, height, height);
        if (height % CHECKPOINT === 0) checkpoints.push(state.copy());
      }
    },
    fixtureTx: (index) => index.blocks[snapshot.fixture[0] - 1]?.txs[snapshot.fixture[1]],
  };
}

/** The stream where block `height`'s transaction ids are drawn. */
function idStreamOf(snapshot: WorldSnapshot, height: number): RandomState {
  return snapshot.idStreams.slice(4 * (height - 1), 4 * height) as unknown as RandomState;
}

/** One block's transactions: ids drawn, records generated, each on first use. */
class BlockSource implements LaterTxSource {
  #ids: string[] | undefined;
  #records: TxRecord[] | undefined;

  constructor(
    readonly later: LaterBlock,
    /** Where the block's first transaction starts in `WorldSnapshot.touched`. */
    readonly offset: number,
    readonly count: number,
    private readonly generate: (source: BlockSource) => TxRecord[],
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

  records(): readonly TxRecord[] {
    this.#records ??= this.generate(this);
    return this.#records;
  }
}

function stale(what: string): Error {
  return new Error(
    `the default world's snapshot is stale (${what}): run \`pnpm --filter @blockindex/mock generate:world\``,
  );
}
