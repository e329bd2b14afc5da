import * as reference from 'c32check';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { c32address, c32addressDecode } from '../../src/internal/c32';
import { sha256 } from '../../src/internal/sha256';

// The mock's own c32check must answer exactly as the `c32check` package (what upstream validates with): the same
// addresses from the same hash160s, and the same verdict and result on any string.
const C32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

function outcome(decode: (address: string) => [number, string], address: string) {
  try {
    return decode(address);
  } catch {
    return 'invalid';
  }
}

describe('sha256', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
  ])('hashes %j as FIPS 180-4 says', (text, digest) => {
    expect(hex(sha256(new TextEncoder().encode(text)))).toBe(digest);
  });

  it('matches node:crypto on random input of any length (property)', async () => {
    const { createHash } = await import('node:crypto');
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(hex(sha256(bytes))).toBe(createHash('sha256').update(bytes).digest('hex'));
      }),
      { numRuns: 300 },
    );
  });
});

describe('c32address', () => {
  it('encodes every version and hash160 as c32check does (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 31 }),
        fc.oneof(
          fc.uint8Array({ minLength: 20, maxLength: 20 }),
          // Leading zero bytes are where base-32 encodings differ most easily.
          fc.uint8Array({ minLength: 0, maxLength: 20 }).map((tail) => {
            const bytes = new Uint8Array(20);
            bytes.set(tail, 20 - tail.length);
            return bytes;
          }),
        ),
        (version, bytes) => {
          expect(c32address(version, hex(bytes))).toBe(reference.c32address(version, hex(bytes)));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it.each([[-1], [32], [1.5]])('refuses version %d', (version) => {
    expect(() => c32address(version, '00'.repeat(20))).toThrow();
  });
});

describe('c32addressDecode', () => {
  const address = reference.c32address(22, 'a46ff88886c2ef9762d970b4d2c63678835bd39d');

  it.each([
    address,
    address.toLowerCase(),
    `S${address.slice(1).toLowerCase()}`,
    address.replace(/0/g, 'O'),
    address.replace(/1/g, 'L'),
    'SP000000000000000000002Q6VF78',
    'SM000000000000000000000000000000',
    `${address}A`,
    address.slice(0, -1),
    'SP',
    'S12345',
    'SPUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUUU',
    '',
    `${address}\u0000`,
  ])('decodes %j as c32check does', (input) => {
    expect(outcome(c32addressDecode, input)).toEqual(outcome(reference.c32addressDecode, input));
  });

  it('decodes any string over the alphabet (and a little beyond) as c32check does (property)', () => {
    const alphabet = fc.constantFrom(...`${C32}OILoilu-`.split(''));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 60 }), (chars) => {
        const input = `S${chars.join('')}`;
        expect(outcome(c32addressDecode, input)).toEqual(outcome(reference.c32addressDecode, input));
      }),
      { numRuns: 2000 },
    );
  });

  it('decodes every encoded address back to its version and hash160 (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 31 }),
        fc.uint8Array({ minLength: 20, maxLength: 20 }),
        (version, bytes) => {
          expect(c32addressDecode(c32address(version, hex(bytes)))).toEqual([version, hex(bytes)]);
        },
      ),
      { numRuns: 500 },
    );
  });
});
