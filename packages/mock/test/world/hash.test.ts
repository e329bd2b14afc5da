import { describe, expect, it } from 'vitest';
import { digestHex } from '../../src/world/hash';

describe('digestHex', () => {
  it('digests to 64 hex characters, deterministically', () => {
    expect(digestHex('a:b:c')).toMatch(/^[0-9a-f]{64}$/);
    expect(digestHex('a:b:c')).toBe(digestHex('a:b:c'));
    expect(digestHex('a:b:c')).not.toBe(digestHex('a:b:d'));
  });
});
