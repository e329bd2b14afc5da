import { describe, expect, it } from 'vitest';
import { randomBitcoinAddress } from '../../src/world/bitcoin';
import { createRandom } from '../../src/world/random';
import { isValidSegwitAddress } from './segwit';

describe('bitcoin addresses', () => {
  it('makes segwit addresses with valid checksums, and verifies the real ordi deployer', () => {
    expect(isValidSegwitAddress('bc1pxaneaf3w4d27hl2y93fuft2xk6m4u3wc4rafevc6slgd7f5tq2dqyfgy06')).toBe(true);
    expect(isValidSegwitAddress('bc1pxaneaf3w4d27hl2y93fuft2xk6m4u3wc4rafevc6slgd7f5tq2dqyfgy07')).toBe(
      false,
    );
    expect(isValidSegwitAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true); // BIP-173 vector
    const rng = createRandom(3);
    for (let i = 0; i < 20; i++) expect(isValidSegwitAddress(randomBitcoinAddress(rng))).toBe(true);
  });
});
