import { c32addressDecode } from 'c32check';
import { describe, expect, it } from 'vitest';
import { ADDRESS_VERSION, randomBurnBlockHash, randomHash, randomStacksAddress } from '../../src/world/ids';
import { createRandom } from '../../src/world/random';

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
});
