import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWorld } from '../../src/world';
import { createEagerWorld } from '../../src/world/create-world';
import { DEFAULT_SIZE } from '../../src/world/snapshot-module';
import { recordWorldSnapshot } from '../../src/world/snapshot-record';
import { encodeTip, readTipBlock, type StoredTip, TIP_BLOCKS } from '../../src/world/tip-records';
import { everything, expectSame } from './world-answers';

// The shipped tip, or a corrupted copy of it while a test sets `corrupted.text`.
const corrupted = vi.hoisted(() => ({ tip: undefined as StoredTip | undefined }));
vi.mock('../../src/world/default-world', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/world/default-world')>();
  return {
    ...original,
    get DEFAULT_TIP() {
      return corrupted.tip ?? original.DEFAULT_TIP;
    },
  };
});

/** A record as text with every field in order, bigints and `undefined` fields included, `block` by height. */
function recordText(record: unknown): string {
  return JSON.stringify(record, (key, value) =>
    key === 'block'
      ? `block ${(value as { height: number }).height}`
      : typeof value === 'bigint'
        ? `${value}n`
        : value === undefined
          ? 'undefined'
          : value,
  );
}

describe('the stored tip of the default world', () => {
  const { blocks } = recordWorldSnapshot(DEFAULT_SIZE.seed, DEFAULT_SIZE);
  const newest = blocks.slice(-TIP_BLOCKS);
  const tip = encodeTip(newest);
  let eager: Map<string, string>;
  beforeAll(() => {
    eager = everything(createEagerWorld({ seed: DEFAULT_SIZE.seed }));
  });
  afterEach(() => {
    corrupted.tip = undefined;
  });

  it('stores the newest blocks, and decodes each record field for field as generated', () => {
    expect(tip.from).toBe(DEFAULT_SIZE.blocks - TIP_BLOCKS + 1);
    expect(tip.blocks).toHaveLength(TIP_BLOCKS);
    for (const block of newest) {
      const ids = block.txs.map((tx) => tx.txId);
      const read = readTipBlock(tip, block, ids);
      expect(read?.count).toBe(block.txs.length);
      // Newest first, as pages read them: each record is decoded on its own.
      for (let i = block.txs.length - 1; i >= 0; i--) {
        expect(recordText(read?.record(i)), `block ${block.height} tx ${i}`).toBe(recordText(block.txs[i]));
        expect(read?.record(i)).toBe(read?.record(i));
      }
      expect(() => read?.record(block.txs.length)).toThrow(RangeError);
    }
    expect(readTipBlock(tip, blocks[tip.from - 2] as (typeof blocks)[number], [])).toBeUndefined();
  });

  it('answers as generating every block does', () => {
    expectSame(everything(createWorld({ seed: DEFAULT_SIZE.seed })), eager);
  });

  // Each corruption of the stored records must make the equivalence check fail.
  const corruptions: [string, (block: StoredBlock) => void][] = [
    ['a fee', (b) => setField(b, tip, 'fee', (fee) => [-1, `${BigInt((fee as [number, string])[1]) + 1n}`])],
    ['a nonce', (b) => setField(b, tip, 'nonce', (nonce) => (nonce as number) + 1)],
    ['a sender', (b) => setField(b, tip, 'sender', (sender) => otherPrincipal(b, sender as string))],
    ['a shared string', (b) => b[0].splice(0, 1, `${b[0][0]}x`)],
  ];
  it.each(corruptions)('fails the equivalence check when %s is corrupted', (_name, corrupt) => {
    corrupted.tip = withNewestBlock(tip, corrupt);
    expect(() => expectSame(everything(createWorld({ seed: DEFAULT_SIZE.seed })), eager)).toThrow(
      /expected|snapshot is stale/,
    );
  });

  it('fails loudly when a stored block lost a record', () => {
    corrupted.tip = withNewestBlock(tip, ([, records]) => records.pop());
    expect(() => everything(createWorld({ seed: DEFAULT_SIZE.seed }))).toThrow(/snapshot is stale/);
  });
});

/** A stored block as parsed: its strings and its records. */
type StoredBlock = [string[], unknown[][]];

/** `tip` with its newest block changed by `change`. */
function withNewestBlock(tip: StoredTip, change: (block: StoredBlock) => void): StoredTip {
  const block = JSON.parse(tip.blocks.at(-1) as string) as StoredBlock;
  change(block);
  return { ...tip, blocks: [...tip.blocks.slice(0, -1), JSON.stringify(block)] };
}

/** Replaces `field` of the block's last record. */
function setField(
  block: StoredBlock,
  { shapes }: StoredTip,
  field: string,
  change: (value: unknown) => unknown,
): void {
  const record = block[1].at(-1) as unknown[];
  const at = (shapes[(record[0] as number) - 1] as string[]).indexOf(field) + 1;
  if (at === 0) throw new Error(`the newest record has no ${field}`);
  record[at] = change(record[at]);
}

/** The reference (see StoredTip) of a principal other than the one `ref` points at. */
function otherPrincipal([strings]: StoredBlock, ref: string): string {
  const now = strings[Number.parseInt(ref, 36)];
  return strings.findIndex((s) => /^S[PM][0-9A-Z]+$/.test(s) && s !== now).toString(36);
}
