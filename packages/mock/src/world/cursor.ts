import { NO_MICROBLOCK_SEQUENCE, type TxRecord } from './model';

/** A position in a newest-first transaction list: `<index_block_hash>:<microblock_sequence>:<tx_index>`. */
export interface CursorPosition {
  readonly indexBlockHash: string;
  readonly microblockSequence: number;
  readonly txIndex: number;
}

/** Sort key of a transaction (chain order): block height, microblock sequence, tx index. */
export type TxKey = readonly [height: number, microblockSequence: number, txIndex: number];

/** The cursor string of a transaction's row. */
export function formatCursor(tx: TxRecord): string {
  return `${tx.block.indexBlockHash}:${NO_MICROBLOCK_SEQUENCE}:${tx.txIndex}`;
}

/** Parses a cursor; undefined when it is not three parts with integer sequence and index. */
export function parseCursor(cursor: string): CursorPosition | undefined {
  const parts = cursor.split(':');
  if (parts.length !== 3) return undefined;
  const [hash = '', sequence = '', index = ''] = parts;
  if (!/^\d+$/.test(sequence) || !/^\d+$/.test(index) || hash.length === 0) return undefined;
  const lower = hash.toLowerCase();
  return {
    indexBlockHash: lower.startsWith('0x') ? lower : `0x${lower}`,
    microblockSequence: Number(sequence),
    txIndex: Number(index),
  };
}

/** Lexicographic comparison of two keys. */
export function compareKeys(a: TxKey, b: TxKey): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}
