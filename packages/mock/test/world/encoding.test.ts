import { c32addressDecode } from 'c32check';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidSegwitAddress, randomBitcoinAddress } from '../../src/world/bitcoin';
import { cv } from '../../src/world/clarity';
import { digestHex } from '../../src/world/hash';
import { ADDRESS_VERSION, randomBurnBlockHash, randomHash, randomStacksAddress } from '../../src/world/ids';
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
});

describe('identifiers', () => {
  it('makes real c32check mainnet addresses (SP single-sig, SM multi-sig)', () => {
    const rng = createRandom(1);
    const sp = randomStacksAddress(rng);
    const sm = randomStacksAddress(rng, ADDRESS_VERSION.multiSig);
    expect(sp).toMatch(/^SP[0-9A-HJKMNP-TV-Z]{38,39}$/);
    expect(sm).toMatch(/^SM[0-9A-HJKMNP-TV-Z]{38,39}$/);
    expect(c32addressDecode(sp)[0]).toBe(22);
    expect(c32addressDecode(sm)[0]).toBe(20);
  });

  it('makes 0x + 64 lower-hex hashes, burn hashes with leading zeros', () => {
    const rng = createRandom(2);
    expect(randomHash(rng)).toMatch(/^0x[0-9a-f]{64}$/);
    expect(randomBurnBlockHash(rng)).toMatch(/^0x0{19}[0-9a-f]{45}$/);
  });

  it('makes segwit addresses with valid checksums, and verifies the real ordi deployer', () => {
    expect(isValidSegwitAddress('bc1pxaneaf3w4d27hl2y93fuft2xk6m4u3wc4rafevc6slgd7f5tq2dqyfgy06')).toBe(true);
    expect(isValidSegwitAddress('bc1pxaneaf3w4d27hl2y93fuft2xk6m4u3wc4rafevc6slgd7f5tq2dqyfgy07')).toBe(
      false,
    );
    const rng = createRandom(3);
    for (let i = 0; i < 20; i++) expect(isValidSegwitAddress(randomBitcoinAddress(rng))).toBe(true);
  });

  it('digests to 64 hex characters, deterministically', () => {
    expect(digestHex('a:b:c')).toMatch(/^[0-9a-f]{64}$/);
    expect(digestHex('a:b:c')).toBe(digestHex('a:b:c'));
    expect(digestHex('a:b:c')).not.toBe(digestHex('a:b:d'));
  });
});

describe('clarity values', () => {
  it.each([
    ['uint', cv.uint(100), '0x0100000000000000000000000000000064', 'u100'],
    ['int -1', cv.int(-1), `0x00${'f'.repeat(32)}`, '-1'],
    ['true', cv.bool(true), '0x03', 'true'],
    ['(ok true)', cv.ok(cv.bool(true)), '0x0703', '(ok true)'],
    ['(err none)', cv.err(cv.none()), '0x0809', '(err none)'],
    ['buffer', cv.buffer('6869'), '0x02000000026869', '0x6869'],
    ['ascii', cv.ascii('hi'), '0x0d000000026869', '"hi"'],
    ['some', cv.some(cv.uint(1)), '0x0a0100000000000000000000000000000001', '(some u1)'],
    [
      'tuple (sorted)',
      cv.tuple({ b: cv.bool(false), a: cv.bool(true) }),
      '0x0c00000002016103016204',
      '(tuple (a true) (b false))',
    ],
    ['list', cv.list([cv.bool(true)]), '0x0b0000000103', '(list true)'],
  ])('serializes %s', (_name, value, hex, repr) => {
    expect(value).toEqual({ hex, repr });
  });

  it('encodes standard and contract principals from their hash160', () => {
    const address = 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE';
    const [version, hash160] = c32addressDecode(address);
    expect(cv.principal(address)).toEqual({
      hex: `0x05${version.toString(16)}${hash160}`,
      repr: `'${address}`,
    });
    const contract = cv.principal(`${address}.send-many-memo`);
    expect(contract.hex).toBe(
      `0x06${version.toString(16)}${hash160}0e${Buffer.from('send-many-memo').toString('hex')}`,
    );
  });
});
