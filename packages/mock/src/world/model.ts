import type { Cv } from './clarity';
import type {
  AnchorMode,
  AssetEventType,
  CoinbasePayload,
  PoisonMicroblockPayload,
  PostCondition,
  PostConditionMode,
  SmartContractDeploymentStatus,
  TenureChangePayload,
  TransactionStatus,
} from './types';

/**
 * Internal records of the world. Response objects (Transaction, Block, ...) are derived from them on
 * demand, so the records are the single source of truth every endpoint agrees with.
 */

/** The five execution-cost counters, in the API's field order. */
export type ExecutionCost = readonly [
  readCount: number,
  readLength: number,
  runtime: number,
  writeCount: number,
  writeLength: number,
];

/** The microblock sequence the API reports for transactions that are not in a microblock. */
export const NO_MICROBLOCK_SEQUENCE = 2147483647;

/** A Stacks block and the burn block anchoring it. */
export interface BlockRecord {
  readonly height: number;
  readonly hash: string;
  readonly indexBlockHash: string;
  readonly parentBlockHash: string;
  readonly burnHeight: number;
  readonly burnHash: string;
  readonly burnTime: number;
  readonly parentBurnTime: number;
  readonly blockTime: number;
  readonly tenureHeight: number;
  readonly minerTxid: string;
  /** Transactions in `tx_index` order (index 0 first). */
  readonly txs: TxRecord[];
}

/** Asset families of address events. */
type AssetClass = 'stx' | 'ft' | 'nft';

/** An STX/FT/NFT asset event: `sender` absent for mints, `recipient` absent for burns. */
export interface AssetEventRecord {
  readonly kind: AssetClass;
  readonly index: number;
  readonly action: AssetEventType;
  readonly sender?: string;
  readonly recipient?: string;
  /** Amount for stx/ft (0 for nft). */
  readonly amount: bigint;
  /** `<contract_id>::<asset>` for ft/nft. */
  readonly assetId?: string;
  /** NFT identifier value. */
  readonly value?: Cv;
  readonly memo?: string;
}

/** A `print` from a contract (`smart_contract_log`). */
interface LogEventRecord {
  readonly kind: 'log';
  readonly index: number;
  readonly contractId: string;
  readonly topic: string;
  readonly value: Cv;
}

/** STX locked for stacking (`stx_lock`). */
interface LockEventRecord {
  readonly kind: 'lock';
  readonly index: number;
  readonly lockedAmount: bigint;
  readonly unlockHeight: number;
  readonly lockedAddress: string;
}

/** Any event of a transaction. */
export type EventRecord = AssetEventRecord | LogEventRecord | LockEventRecord;

/** The type-specific part of a transaction. */
export type TxPayloadRecord =
  | {
      readonly type: 'token_transfer';
      readonly recipient: string;
      readonly amount: bigint;
      readonly memo: string;
    }
  | {
      readonly type: 'smart_contract';
      readonly contractId: string;
      readonly clarityVersion: number | null;
      readonly sourceCode: string;
    }
  | {
      readonly type: 'contract_call';
      readonly contractId: string;
      readonly functionName: string;
      readonly functionSignature: string;
      /** The argument values, one per parameter of `params`. */
      readonly args: readonly Cv[];
      /** `[name, Clarity type]` of each parameter, shared by every call of the function. */
      readonly params: readonly (readonly [string, string])[];
    }
  | { readonly type: 'poison_microblock'; readonly payload: PoisonMicroblockPayload }
  | { readonly type: 'coinbase'; readonly payload: CoinbasePayload }
  | { readonly type: 'tenure_change'; readonly payload: TenureChangePayload };

/** A confirmed transaction in its block. */
export interface TxRecord {
  readonly txId: string;
  readonly block: BlockRecord;
  readonly txIndex: number;
  readonly sender: string;
  readonly nonce: number;
  readonly fee: bigint;
  readonly sponsor: { readonly address: string; readonly nonce: number } | undefined;
  readonly anchorMode: AnchorMode;
  readonly postConditionMode: PostConditionMode;
  readonly postConditions: readonly PostCondition[];
  readonly status: TransactionStatus;
  readonly result: Cv;
  readonly vmError: string | null;
  readonly payload: TxPayloadRecord;
  readonly events: readonly EventRecord[];
  readonly cost: ExecutionCost;
}

/** A contract deployment not yet mined. */
export interface MempoolDeploy {
  readonly txId: string;
  readonly contractId: string;
  readonly sender: string;
  readonly nonce: number;
}

/** What `getSmartContractStatus` reports, before formatting. */
export type DeployState =
  | { readonly status: Exclude<SmartContractDeploymentStatus, 'pending'>; readonly tx: TxRecord }
  | { readonly status: 'pending'; readonly deploy: MempoolDeploy };
