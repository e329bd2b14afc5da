import type { BlockRecord, TxRecord } from './model';

/**
 * The transactions of the newest blocks of a snapshot's world, stored as generated: every page that lists
 * newest first, and every read of the tip, answers from them without running the generator (whose first run
 * in a process is most of a fresh process's first answer). Any record structure is stored the same way:
 *
 * - a number, `null` or boolean is itself;
 * - a string is the base-36 index of its entry in `strings` (each string is stored once);
 * - an array is `[0, ...items]`, an object `[n, ...values]` with its keys (in order) in `shapes[n - 1]`;
 * - a bigint is `[-1, digits]`, `undefined` is `[-2]`, the record's own `block` is `[-3]` and its `txId`
 *   `[-4]` (both known without the stored text: the block from the snapshot's headers, the id from its stream).
 */
export interface StoredTip {
  /** The height of the first stored block; every block from it to the snapshot's last one is stored. */
  readonly from: number;
  readonly shapes: readonly (readonly string[])[];
  readonly strings: readonly string[];
  /** Per stored block, its records in `tx_index` order. */
  readonly blocks: readonly (readonly unknown[])[];
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
  const strings: string[] = [];
  const stringNumbers = new Map<string, number>();
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
  return {
    from: blocks[0]?.height ?? 1,
    shapes,
    strings,
    blocks: blocks.map((block) => block.txs.map((tx) => encode(tx, true))),
  };
}

/** The records of stored block `block` (whose `txs` are its transactions' places), with their ids `ids`. */
export function decodeTipBlock(
  tip: StoredTip,
  block: BlockRecord,
  ids: readonly string[],
): TxRecord[] | undefined {
  const stored = tip.blocks[block.height - tip.from];
  if (!stored) return undefined;
  const { shapes, strings } = tip;
  let txIndex = 0;
  const decode = (value: unknown): unknown => {
    if (typeof value === 'string') return strings[Number.parseInt(value, 36)];
    if (!Array.isArray(value)) return value;
    const tag = value[0] as number;
    if (tag === 0) return value.slice(1).map(decode);
    if (tag === BIGINT) return BigInt(value[1] as string);
    if (tag === UNDEFINED) return undefined;
    if (tag === BLOCK) return block;
    if (tag === TX_ID) return ids[txIndex];
    const keys = shapes[tag - 1];
    if (!keys) throw new Error(`stored tip: no shape ${tag}`);
    const record: Record<string, unknown> = {};
    for (let k = 0; k < keys.length; k++) record[keys[k] as string] = decode(value[k + 1]);
    return record;
  };
  const records: TxRecord[] = [];
  for (; txIndex < stored.length; txIndex++) records.push(decode(stored[txIndex]) as TxRecord);
  return records;
}
