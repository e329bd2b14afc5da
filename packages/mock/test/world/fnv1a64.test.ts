import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fnv1a64 } from '../../src/world/hash';

/** The textbook FNV-1a 64 over UTF-16 code units, in BigInt: what the limb arithmetic must reproduce. */
function reference(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= BigInt(text.charCodeAt(index));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

describe('fnv1a64', () => {
  it.each([
    ['', 'cbf29ce484222325'],
    ['a', 'af63dc4c8601ec8c'],
    ['foobar', '85944171f73967e8'],
  ])('digests %j to the published FNV-1a 64 value', (text, want) => {
    expect(fnv1a64(text)).toBe(want);
  });

  it('equals the BigInt definition for any string, code units above 0xff included (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        expect(fnv1a64(text)).toBe(reference(text));
      }),
      { numRuns: 500 },
    );
  });
});
