import type { Cv } from './clarity';
import type { BlockRecord, EventRecord, ExecutionCost, TxPayloadRecord, TxRecord } from './model';
import type { AnchorMode, PostCondition, PostConditionMode, TransactionStatus } from './types';

/** Where the transactions of a block generated on first read come from (lazy-chain.ts). */
export interface LaterTxSource {
  /** The block's transaction ids, drawn without generating the transactions. */
  ids(): readonly string[];
  /** The block's transaction at `txIndex`, generated (or read from a stored tip) on the first call. */
  record(txIndex: number): TxRecord;
}

/**
 * A transaction of a block whose transactions are generated on first read: its place (block, index) is known
 * from the start, its id when its block's ids are drawn, the rest when any other field is read. It is the record
 * every index holds, so identity-based caches and `===` checks see one object per transaction.
 */
export class LaterTx implements TxRecord {
  // Declared, not class fields: a world makes thousands of these at creation, and field definitions would run an
  // initializer per object before the constructor assigns the same fields.
  declare readonly block: BlockRecord;
  declare readonly txIndex: number;
  declare private readonly source: LaterTxSource;
  /** The generated record, kept here once read: every field below is read on hot paths. */
  declare private cached: TxRecord | undefined;

  constructor(block: BlockRecord, txIndex: number, source: LaterTxSource) {
    this.block = block;
    this.txIndex = txIndex;
    this.source = source;
    this.cached = undefined;
  }

  /** The generated record (whose `block` is a copy of this one's: read `block` here). */
  get record(): TxRecord {
    this.cached ??= this.source.record(this.txIndex);
    return this.cached;
  }

  get txId(): string {
    return this.source.ids()[this.txIndex] as string;
  }
  get sender(): string {
    return this.record.sender;
  }
  get nonce(): number {
    return this.record.nonce;
  }
  get fee(): bigint {
    return this.record.fee;
  }
  get sponsor(): { readonly address: string; readonly nonce: number } | undefined {
    return this.record.sponsor;
  }
  get anchorMode(): AnchorMode {
    return this.record.anchorMode;
  }
  get postConditionMode(): PostConditionMode {
    return this.record.postConditionMode;
  }
  get postConditions(): readonly PostCondition[] {
    return this.record.postConditions;
  }
  get status(): TransactionStatus {
    return this.record.status;
  }
  get result(): Cv {
    return this.record.result;
  }
  get vmError(): string | null {
    return this.record.vmError;
  }
  get payload(): TxPayloadRecord {
    return this.record.payload;
  }
  get events(): readonly EventRecord[] {
    return this.record.events;
  }
  get cost(): ExecutionCost {
    return this.record.cost;
  }
}

/** The record with every field its own (a spread of a `LaterTx` would copy only `block` and `txIndex`). */
export function ownFields(tx: TxRecord): TxRecord {
  return tx instanceof LaterTx ? tx.record : tx;
}
