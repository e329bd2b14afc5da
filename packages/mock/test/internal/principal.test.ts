import { c32address } from 'c32check';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidPrincipal, isValidStxAddress } from '../../src/internal/principal';

const GOOD = 'SP318Q55DEKHRXJK696033DQN5C54D9K2EE6DHRWP';

describe('isValidPrincipal', () => {
  it.each([
    [GOOD, true],
    ['SP000000000000000000002Q6VF78', true],
    [`${GOOD}.send-many-memo`, true],
    [`${GOOD}.a_b-c1`, true],
    ['SP318Q55DEKHRXJK696033DQN5C54D9K2EE6DHRWQ', false],
    [`${GOOD}.1abc`, false],
    [`${GOOD}.`, false],
    [`${GOOD}.${'a'.repeat(129)}`, false],
    [`${GOOD}.${'a'.repeat(128)}`, true],
    ['not-an-address', false],
    ['', false],
  ])('%s → %s', (principal, valid) => {
    expect(isValidPrincipal(principal)).toBe(valid);
  });

  it('accepts every address c32check encodes and rejects it once a character changes', () => {
    const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    fc.assert(
      fc.property(
        fc.constantFrom(22, 20, 26, 21),
        fc.uint8Array({ minLength: 20, maxLength: 20 }),
        fc.nat(),
        (version, hash, position) => {
          const address = c32address(version, Buffer.from(hash).toString('hex'));
          expect(isValidStxAddress(address)).toBe(true);
          const index = 2 + (position % (address.length - 2));
          const original = address[index] ?? '0';
          const replacement = alphabet[(alphabet.indexOf(original) + 1) % alphabet.length] ?? '0';
          const corrupted = address.slice(0, index) + replacement + address.slice(index + 1);
          expect(isValidStxAddress(corrupted)).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});
