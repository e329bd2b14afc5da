import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flat } from '../../src/world/flat-string';

describe('flat', () => {
  it('returns the same text for strings built in pieces (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' }), { maxLength: 20 }), (parts) => {
        let built = '';
        for (const part of parts) built += part;
        const text = flat(built);
        expect(text).toBe(parts.join(''));
        expect(text.length).toBe(built.length);
      }),
    );
  });

  it('keeps the empty string and lone surrogates as they are', () => {
    expect(flat('')).toBe('');
    expect(flat(`${'\ud800'}x${'a'.repeat(20)}`)).toBe(`\ud800x${'a'.repeat(20)}`);
  });
});
