import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clip, describeValue } from '../../src/internal/text.js';

describe('clip', () => {
  it.each([
    ['a short text', 'abc', 5, 'abc'],
    ['a text of exactly the bound', 'abcde', 5, 'abcde'],
    ['a longer text', 'abcdef', 5, 'abcd…'],
  ])('keeps or cuts %s', (_name, text, max, want) => {
    expect(clip(text, max)).toBe(want);
  });

  it('never gives more than max characters, and keeps every text that fits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 1, max: 200 }), (text, max) => {
        const out = clip(text, max);
        return out.length <= max && (text.length <= max ? out === text : out.endsWith('…'));
      }),
    );
  });
});

describe('describeValue', () => {
  it.each([
    ['a string, quoted', 'ordi', '"ordi"'],
    ['a long string, quoted and cut to 40 characters', 'x'.repeat(100), `"${'x'.repeat(39)}…"`],
    ['an array', ['a'], 'an array'],
    ['an object', { a: 1 }, 'an object'],
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['a number', 2.5, '2.5'],
    ['a boolean', true, 'true'],
    ['a function, without its source', () => 'secret source', 'a function'],
    ['a symbol with a long description, cut', Symbol('s'.repeat(100)), `Symbol(${'s'.repeat(32)}…`],
    ['a bigint', 12n, '12'],
  ])('describes %s', (_name, value, want) => {
    expect(describeValue(value)).toBe(want);
  });
});
