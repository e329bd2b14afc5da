import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWorld } from '../../src/world';
import { createEagerWorld } from '../../src/world/create-world';
import { DEFAULT_SIZE } from '../../src/world/snapshot-module';
import { recordWorldSnapshot } from '../../src/world/snapshot-record';
import { decodeTipBlock, encodeTip, type StoredTip, TIP_BLOCKS } from '../../src/world/tip-records';
import { everything, expectSame } from './world-answers';

// The shipped tip, or a corrupted copy of it while a test sets `corrupted.text`.
const corrupted = vi.hoisted(() => ({ text: undefined as string | undefined }));
vi.mock('../../src/world/default-world', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/world/default-world')>();
  return {
    ...original,
    get DEFAULT_TIP() {
      return corrupted.text ?? original.DEFAULT_TIP;
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
    corrupted.text = undefined;
  });

  it('stores the newest blocks, and decodes each record field for field as generated', () => {
    expect(tip.from).toBe(DEFAULT_SIZE.blocks - TIP_BLOCKS + 1);
    expect(tip.blocks).toHaveLength(TIP_BLOCKS);
    for (const block of newest) {
      const ids = block.txs.map((tx) => tx.txId);
      const decoded = decodeTipBlock(tip, block, ids);
      expect(decoded?.map(recordText), `block ${block.height}`).toEqual(block.txs.map(recordText));
    }
    expect(decodeTipBlock(tip, blocks[tip.from - 2] as (typeof blocks)[number], [])).toBeUndefined();
  });

  it('answers as generating every block does', () => {
    expectSame(everything(createWorld({ seed: DEFAULT_SIZE.seed })), eager);
  });

  // Each corruption of the stored records must make the equivalence check fail.
  const corruptions: [string, (tip: StoredTip) => void][] = [
    ['a fee', (t) => setField(t, 'fee', (fee) => [-1, `${BigInt((fee as [number, string])[1]) + 1n}`])],
    ['a nonce', (t) => setField(t, 'nonce', (nonce) => (nonce as number) + 1)],
    ['a sender', (t) => setField(t, 'sender', (sender) => otherPrincipal(t, sender as string))],
    ['a shared string', (t) => (t.strings as string[]).splice(0, 1, `${t.strings[0]}x`)],
  ];
  it.each(corruptions)('fails the equivalence check when %s is corrupted', (_name, corrupt) => {
    const copy = JSON.parse(JSON.stringify(tip)) as StoredTip;
    corrupt(copy);
    corrupted.text = JSON.stringify(copy);
    expect(() => expectSame(everything(createWorld({ seed: DEFAULT_SIZE.seed })), eager)).toThrow(
      /expected|snapshot is stale/,
    );
  });

  it('fails loudly when a stored block lost a record', () => {
    const copy = JSON.parse(JSON.stringify(tip)) as StoredTip;
    (copy.blocks.at(-1) as unknown[]).pop();
    corrupted.text = JSON.stringify(copy);
    expect(() => everything(createWorld({ seed: DEFAULT_SIZE.seed }))).toThrow(/snapshot is stale/);
  });
});

/** Replaces `field` of the newest block's last record. */
function setField(tip: StoredTip, field: string, change: (value: unknown) => unknown): void {
  const records = tip.blocks.at(-1) as unknown[][];
  const record = records.at(-1) as unknown[];
  const at = (tip.shapes[(record[0] as number) - 1] as string[]).indexOf(field) + 1;
  if (at === 0) throw new Error(`the newest record has no ${field}`);
  record[at] = change(record[at]);
}

/** The reference (see StoredTip) of a principal other than the one `ref` points at. */
function otherPrincipal(tip: StoredTip, ref: string): string {
  const now = tip.strings[Number.parseInt(ref, 36)];
  return tip.strings.findIndex((s) => /^S[PM][0-9A-Z]+$/.test(s) && s !== now).toString(36);
}
