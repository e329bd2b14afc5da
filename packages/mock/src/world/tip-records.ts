import type { BlockRecord, TxRecord } from './model';

/**
 * The transactions of the newest blocks of a snapshot's world, stored as generated: every page that lists
 * newest first, and every read of the tip, answers from them without running the generator (whose first run
 * in a process is most of a fresh process's first answer). Any record structure is stored the same way:
 *
 * - a number, `null` or boolean is itself;
 * - a string is the base-36 index of its entry in its block's strings (each stored once per block);
 * - an array is `[0, ...items]`, an object `[n, ...values]` with its keys (in order) in `shapes[n - 1]`;
 * - a bigint is `[-1, digits]`, `undefined` is `[-2]`, the record's own `block` is `[-3]` and its `txId`
 *   `[-4]` (both known without the stored text: the block from the snapshot's headers, the id from its stream).
 */
export interface StoredTip {
  /** The height of the first stored block; every block from it to the snapshot's last one is stored. */
  readonly from: number;
  readonly shapes: readonly (readonly string[])[];
  /**
   * Per stored block, the JSON of `[strings, records]` (records in `tx_index` order), parsed when the block is
   * first read: a page of the newest blocks parses only the blocks it reads.
   */
  readonly blocks: readonly string[];
}

/** How many of the newest blocks are stored: a full page (50) of the busiest address reaches back 15 blocks. */
export const TIP_BLOCKS = 16;

const BIGINT = -1;
const UNDEFINED = -2;
const BLOCK = -3;
const TX_ID = -4;

/** Stores the records of `blocks` (consecutive, in height order). */
export function encodeTip(blocks: readonly BlockRecord[]): StoredTip {
  const shapes: string[][] = [];
  const shapeNumbers = new Map<string, number>();
  let strings: string[] = [];
  let stringNumbers = new Map<string, number>();
  // `top`: the record itself, whose `block` and `txId` are not stored.
  const encode = (value: unknown, top = false): unknown => {
    switch (typeof value) {
      case 'bigint':
        return [BIGINT, value.toString()];
      case 'undefined':
        return [UNDEFINED];
      case 'string': {
        let n = stringNumbers.get(value);
        if (n === undefined) {
          n = strings.length;
          strings.push(value);
          stringNumbers.set(value, n);
        }
        return n.toString(36);
      }
      case 'number':
      case 'boolean':
        return value;
      case 'object': {
        if (value === null) return null;
        if (Array.isArray(value)) return [0, ...value.map((item) => encode(item))];
        const keys = Object.keys(value);
        const shape = keys.join(',');
        let n = shapeNumbers.get(shape);
        if (n === undefined) {
          shapes.push(keys);
          n = shapes.length;
          shapeNumbers.set(shape, n);
        }
        return [
          n,
          ...keys.map((k) =>
            top && k === 'block'
              ? [BLOCK]
              : top && k === 'txId'
                ? [TX_ID]
                : encode((value as Record<string, unknown>)[k]),
          ),
        ];
      }
      default:
        throw new Error(`a stored transaction cannot hold a ${typeof value}`);
    }
  };
  const encodeBlock = (block: BlockRecord): string => {
    strings = [];
    stringNumbers = new Map();
    const records = block.txs.map((tx) => encode(tx, true));
    return JSON.stringify([strings, records]);
  };
  return { from: blocks[0]?.height ?? 1, shapes, blocks: blocks.map(encodeBlock) };
}

/** A stored block's records, each decoded when first read: a page decodes only the rows it shows. */
export interface TipBlock {
  /** How many records the block has. */
  readonly count: number;
  /** The record at `txIndex` (the same object on every call). */
  record(txIndex: number): TxRecord;
}

/**
 * Stored block `block` (whose `txs` are its transactions' places), with its transactions' ids `ids`; undefined
 * when the tip does not store it.
 */
export function readTipBlock(
  tip: StoredTip,
  block: BlockRecord,
  ids: readonly string[],
): TipBlock | undefined {
  const text = block.height >= tip.from ? tip.blocks[block.height - tip.from] : undefined;
  if (text === undefined) return undefined;
  const [strings, stored] = JSON.parse(text) as [string[], unknown[]];
  const { shapes } = tip;
  const decode = (value: unknown, txIndex: number): unknown => {
    if (typeof value === 'string') return strings[Number.parseInt(value, 36)];
    if (!Array.isArray(value)) return value;
    const tag = value[0] as number;
    if (tag === 0) {
      const items: unknown[] = [];
      for (let i = 1; i < value.length; i++) items.push(decode(value[i], txIndex));
      return items;
    }
    if (tag === BIGINT) return BigInt(value[1] as string);
    if (tag === UNDEFINED) return undefined;
    if (tag === BLOCK) return block;
    if (tag === TX_ID) return ids[txIndex];
    const keys = shapes[tag - 1];
    if (!keys) throw new Error(`stored tip: no shape ${tag}`);
    const record: Record<string, unknown> = {};
    for (let k = 0; k < keys.length; k++) record[keys[k] as string] = decode(value[k + 1], txIndex);
    return record;
  };
  const records: TxRecord[] = [];
  return {
    count: stored.length,
    record(txIndex) {
      let record = records[txIndex];
      if (record === undefined) {
        if (txIndex < 0 || txIndex >= stored.length) throw new RangeError(`stored tip: no record ${txIndex}`);
        record = decode(stored[txIndex], txIndex) as TxRecord;
        records[txIndex] = record;
      }
      return record;
    },
  };
}
