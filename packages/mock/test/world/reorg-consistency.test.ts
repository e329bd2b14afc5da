import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createWorld, type World } from '../../src/world';
import { expectConsistent } from './invariants';

const SIZE = { blocks: 40, transactionsPerBlock: 4, addresses: 12 } as const;

type Step = { kind: 'mine'; transactions: number } | { kind: 'reorg'; depth: number; replaceWith: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('mine' as const), transactions: fc.integer({ min: 0, max: 6 }) }),
  fc.record({
    kind: fc.constant('reorg' as const),
    depth: fc.integer({ min: 1, max: 8 }),
    replaceWith: fc.integer({ min: 0, max: 4 }),
  }),
);

/** Applies a step (a re-org deeper than allowed is clipped to the allowed depth, or skipped). */
function apply(world: World, s: Step) {
  if (s.kind === 'mine') return { mined: world.mineBlock({ transactions: s.transactions }) };
  const depth = Math.min(s.depth, world.maxReorgDepth);
  return depth === 0 ? {} : { depth, reorg: world.reorg({ depth, replaceWith: s.replaceWith }) };
}

describe('world consistency across re-orgs', () => {
  it('keeps every invariant, and the canonical set equal to a model of mined and orphaned transactions', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.array(step, { minLength: 1, maxLength: 6 }),
        (seed, steps) => {
          const world = createWorld({ seed, ...SIZE });
          const model = expectConsistent(world);
          const orphaned = new Set<string>();
          for (const s of steps) {
            const base = world.tip.height;
            const { mined, reorg, depth } = apply(world, s);
            if (mined) for (const id of mined.txs) model.add(id);
            if (reorg) {
              for (const id of reorg.orphanedTransactions) {
                expect(model.delete(id)).toBe(true);
                orphaned.add(id);
              }
              expect(reorg.orphanedBlocks).toHaveLength(depth ?? 0);
              expect(reorg.tip).toBe(base - (depth ?? 0) + (s.kind === 'reorg' ? s.replaceWith : 0));
              // Replacement blocks: their transactions are new, or orphaned ones taken back.
              for (let h = base - reorg.orphanedBlocks.length + 1; h <= reorg.tip; h++) {
                for (const id of world.getBlockByHeight(h)?.txs ?? []) model.add(id);
              }
            }
            const canonical = expectConsistent(world);
            expect(canonical).toEqual(model);
            for (const id of orphaned) {
              if (canonical.has(id)) continue;
              // Orphaned and not taken back: known, not canonical, no events in any list.
              expect(world.hasTransaction(id)).toBe(true);
              expect(world.getTransaction(id)).toBeUndefined();
            }
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
