import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom, deriveSeed } from '../../src/world/random';

describe('random', () => {
  it('repeats its stream for a seed and differs across seeds', () => {
    const draw = (seed: number) => Array.from({ length: 8 }, createRandom(seed).uint32);
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
    expect(deriveSeed(1, 'block', 2)).not.toBe(deriveSeed(1, 'block', 3));
  });

  it('keeps int() within bounds and hex() at the requested length (property)', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (seed, min, span) => {
          const rng = createRandom(seed);
          const n = rng.int(min, min + span);
          expect(n).toBeGreaterThanOrEqual(min);
          expect(n).toBeLessThanOrEqual(min + span);
          const bytes = (span % 40) + 1;
          expect(rng.hex(bytes)).toMatch(new RegExp(`^[0-9a-f]{${bytes * 2}}$`));
        },
      ),
    );
  });

  it('draws hex() from the uint32 stream, high byte first, cutting the last word (property)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 140 }), (seed, bytes) => {
        const words = createRandom(seed);
        let expected = '';
        while (expected.length < bytes * 2) expected += words.uint32().toString(16).padStart(8, '0');
        expect(createRandom(seed).hex(bytes)).toBe(expected.slice(0, bytes * 2));
      }),
    );
  });
});
