import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { embed, embedArray, RawJson, stringifyEmbedded } from '../../src/internal/raw-json';

describe('stringifyEmbedded', () => {
  it('equals JSON.stringify for values without raw parts (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(stringifyEmbedded(value)).toBe(JSON.stringify(value));
      }),
    );
  });

  it('writes raw top-level fields verbatim: the text JSON.stringify gives for what they stand for (property)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.jsonValue(), { minKeys: 1 }),
        fc.array(fc.boolean(), { minLength: 1 }),
        (object, rawMask) => {
          const embedded: Record<string, unknown> = {};
          Object.keys(object).forEach((key, index) => {
            const value = object[key];
            const field = rawMask[index % rawMask.length] ? new RawJson(JSON.stringify(value)) : value;
            // Defined, not assigned: `__proto__` must stay a plain key.
            Object.defineProperty(embedded, key, { value: field, enumerable: true });
          });
          expect(stringifyEmbedded(embedded)).toBe(JSON.stringify(object));
        },
      ),
    );
  });

  it('leaves out undefined fields and keeps field order', () => {
    const value = { b: 1, a: new RawJson<number[]>('[1,2]'), gone: undefined, c: 'x' };
    expect(stringifyEmbedded(value)).toBe('{"b":1,"a":[1,2],"c":"x"}');
  });

  it('takes a whole raw value as it is', () => {
    expect(stringifyEmbedded(new RawJson('{"a":1}'))).toBe('{"a":1}');
  });
});

describe('embed', () => {
  it('serializes a value with raw fields into raw JSON, and raw JSON arrays join their items', () => {
    const rows = [embed<{ n: number }>({ n: 1 }), embed<{ n: number }>({ n: new RawJson<number>('2') })];
    expect(embedArray(rows).text).toBe('[{"n":1},{"n":2}]');
    expect(embedArray([]).text).toBe('[]');
  });
});
