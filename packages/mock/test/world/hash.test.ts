import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digestHex, fnv1a64, hashString32 } from '../../src/world/hash';

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

/**
 * The inverse of murmur3's 32-bit finalizer (its multipliers' modular inverses, its xor-shifts undone): with it
 * the published FNV-1a 32 vectors check `hashString32` without restating its formula.
 */
function unmix(mixed: number): number {
  let h = mixed;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7ed1b41d);
  h ^= (h >>> 13) ^ (h >>> 26);
  h = Math.imul(h, 0xa5cb9243);
  h ^= h >>> 16;
  return h >>> 0;
}

describe('hashString32', () => {
  it.each([
    ['', 0x811c9dc5],
    ['a', 0xe40c292c],
    ['foobar', 0xbf9cf968],
  ])('is the published FNV-1a 32 value of %j, finalized', (text, want) => {
    expect(unmix(hashString32(text))).toBe(want);
  });

  it('spreads: 2,000 distinct strings give 2,000 distinct hashes, and salts give independent lanes', () => {
    const texts = Array.from({ length: 2000 }, (_, index) => `principal-${index}`);
    expect(new Set(texts.map((text) => hashString32(text))).size).toBe(2000);
    expect(new Set(texts.map((text) => hashString32(text, 1) ^ hashString32(text, 2))).size).toBe(2000);
  });
});

describe('digestHex', () => {
  it('is 64 hex characters whose eight lanes are salted hashString32 values', () => {
    const digest = digestHex('a:b:c');
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    const lanes = digest.match(/.{8}/g) ?? [];
    expect(new Set(lanes).size).toBe(8);
  });

  it('differs for inputs one character apart (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ minLength: 1, maxLength: 1 }), (text, extra) => {
        expect(digestHex(text)).not.toBe(digestHex(text + extra));
      }),
      { numRuns: 300 },
    );
  });
});
