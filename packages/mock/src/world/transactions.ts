import { isoTime } from './blocks';
import type { Cv } from './clarity';
import { type BlockRecord, NO_MICROBLOCK_SEQUENCE, type TxRecord } from './model';
import type { ContractCallFunctionArg, Transaction, TransactionCommon } from './types';

/** Options of the Transaction serializer. */
export interface TransactionViewOptions {
  /** Omit `contract_call.function_args` (endpoint 5's `exclude_function_args`). */
  readonly excludeFunctionArgs?: boolean;
}

/**
 * The confirmed Transaction as the list endpoints return it: `events` is always `[]` (use `event_count`),
 * not in a microblock (`microblock_hash` `0x`, sequence 2147483647). Every call builds fresh objects.
 */
export function toTransaction(tx: TxRecord, options: TransactionViewOptions = {}): Transaction {
  const { block } = tx;
  const times = isoTimes(block);
  const common: Omit<TransactionCommon, 'tx_type'> = {
    tx_id: tx.txId,
    nonce: tx.nonce,
    fee_rate: tx.fee.toString(),
    sender_address: tx.sender,
    ...(tx.sponsor ? { sponsor_nonce: tx.sponsor.nonce } : {}),
    sponsored: tx.sponsor !== undefined,
    ...(tx.sponsor ? { sponsor_address: tx.sponsor.address } : {}),
    post_condition_mode: tx.postConditionMode,
    post_conditions: tx.postConditions.map((pc) => copyPlain(pc)),
    anchor_mode: tx.anchorMode,
    block_hash: block.hash,
    block_height: block.height,
    block_time: block.blockTime,
    block_time_iso: times.block,
    burn_block_time: block.burnTime,
    burn_block_height: block.burnHeight,
    burn_block_time_iso: times.burn,
    parent_burn_block_time: block.parentBurnTime,
    parent_burn_block_time_iso: times.parentBurn,
    canonical: true,
    tx_index: tx.txIndex,
    tx_status: tx.status,
    tx_result: { hex: tx.result.hex, repr: tx.result.repr },
    event_count: tx.events.length,
    parent_block_hash: block.parentBlockHash,
    is_unanchored: false,
    microblock_hash: '0x',
    microblock_sequence: NO_MICROBLOCK_SEQUENCE,
    microblock_canonical: true,
    execution_cost_read_count: tx.cost[0],
    execution_cost_read_length: tx.cost[1],
    execution_cost_runtime: tx.cost[2],
    execution_cost_write_count: tx.cost[3],
    execution_cost_write_length: tx.cost[4],
    vm_error: tx.vmError,
    events: [],
  };
  const p = tx.payload;
  switch (p.type) {
    case 'token_transfer':
      return {
        ...common,
        tx_type: 'token_transfer',
        token_transfer: { recipient_address: p.recipient, amount: p.amount.toString(), memo: p.memo },
      };
    case 'smart_contract':
      return {
        ...common,
        tx_type: 'smart_contract',
        smart_contract: {
          clarity_version: p.clarityVersion,
          contract_id: p.contractId,
          source_code: p.sourceCode,
        },
      };
    case 'contract_call':
      return {
        ...common,
        tx_type: 'contract_call',
        contract_call: {
          contract_id: p.contractId,
          function_name: p.functionName,
          function_signature: p.functionSignature,
          ...(options.excludeFunctionArgs ? {} : { function_args: functionArgs(p.args, p.params) }),
        },
      };
    case 'poison_microblock':
      return { ...common, tx_type: 'poison_microblock', poison_microblock: { ...p.payload } };
    case 'coinbase':
      return { ...common, tx_type: 'coinbase', coinbase_payload: { ...p.payload } };
    default:
      return { ...common, tx_type: 'tenure_change', tenure_change_payload: { ...p.payload } };
  }
}

/** The `function_args` rows: each value with its parameter's name and type. */
function functionArgs(
  args: readonly Cv[],
  params: readonly (readonly [string, string])[],
): ContractCallFunctionArg[] {
  const rows: ContractCallFunctionArg[] = new Array(params.length);
  for (let i = 0; i < params.length; i++) {
    const [name, type] = params[i] as readonly [string, string];
    const arg = args[i] as Cv;
    rows[i] = { hex: arg.hex, repr: arg.repr, name, type };
  }
  return rows;
}

interface IsoTimes {
  readonly block: string;
  readonly burn: string;
  readonly parentBurn: string;
}

// A block's times never change: formatted once per block, not once per transaction and request.
const blockIsoTimes = new WeakMap<BlockRecord, IsoTimes>();

function isoTimes(block: BlockRecord): IsoTimes {
  let times = blockIsoTimes.get(block);
  if (times === undefined) {
    times = {
      block: isoTime(block.blockTime),
      burn: isoTime(block.burnTime),
      parentBurn: isoTime(block.parentBurnTime),
    };
    blockIsoTimes.set(block, times);
  }
  return times;
}

/**
 * A deep copy of plain data (objects, arrays, primitives), so callers cannot mutate the world's records.
 * Post-conditions are small trees of exactly that; `undefined` fields are dropped, as a JSON round trip would.
 */
function copyPlain<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyPlain) as T;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) if (field !== undefined) out[key] = copyPlain(field);
  return out as T;
}
