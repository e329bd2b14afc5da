import { describe, expect, it } from 'vitest';
import { cacheHeaders, ifNoneMatchMatches, quoteEtag } from '../../src/engine/headers';

describe('headers', () => {
  it.each([
    ['"abc"', '"abc"', true],
    ['abc', '"abc"', true],
    ['W/"abc"', '"abc"', true],
    ['"x", "abc"', '"abc"', true],
    ['*', '"abc"', false], // a literal tag upstream, never "any"
    ['"abd"', '"abc"', false],
    ['', '"abc"', false],
  ])('If-None-Match %j against %s → %s', (header, etag, matches) => {
    expect(ifNoneMatchMatches(header, etag)).toBe(matches);
  });

  it('quotes a bare ETag once', () => {
    expect(quoteEtag('0xab')).toBe('"0xab"');
    expect(quoteEtag('"0xab"')).toBe('"0xab"');
    expect(quoteEtag('W/"0xab"')).toBe('W/"0xab"');
  });

  it('sends revalidation with an ETag and no-store without one', () => {
    expect(cacheHeaders('0xab')).toEqual({
      ETag: '"0xab"',
      'Cache-Control': 'public, no-cache, must-revalidate',
    });
    expect(cacheHeaders(undefined)).toEqual({ 'Cache-Control': 'no-store' });
  });
});
