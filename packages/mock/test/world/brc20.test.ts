import { describe, expect, it } from 'vitest';
import { createWorld } from '../../src/world';
import { formatSupply, ORDI, seedBrc20Tokens } from '../../src/world/brc20';
import { isValidSegwitAddress } from './segwit';

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

describe('brc20 tokens', () => {
  const tokens = [...seedBrc20Tokens(1).values()];

  it('has at least ten tokens with realistic tickers, one of them non-ASCII', () => {
    expect(tokens.length).toBeGreaterThanOrEqual(10);
    expect(tokens.map((t) => t.token.ticker)).toEqual(
      expect.arrayContaining(['ordi', 'sats', 'rats', 'pepe']),
    );
    const nonAscii = tokens.filter((t) => utf8Length(t.token.ticker) !== t.token.ticker.length);
    expect(nonAscii).toHaveLength(1);
    expect(utf8Length(nonAscii[0]?.token.ticker ?? '')).toBe(4);
  });

  it('keeps the real ordi record', () => {
    expect(tokens.find((t) => t.token.ticker === 'ordi')).toEqual(ORDI);
    expect(ORDI.token).toMatchObject({
      number: 348020,
      block_height: 779832,
      deploy_timestamp: 1678248991000,
      decimals: 18,
    });
  });

  it.each(tokens.map((t) => [t.token.ticker, t] as const))('%s is coherent', (_ticker, { token, supply }) => {
    expect(token.ticker).toBe(token.ticker.toLowerCase());
    expect(utf8Length(token.ticker)).toBe(token.self_mint ? 5 : 4);
    const fraction = new RegExp(token.decimals === 0 ? '^\\d+$' : `^\\d+\\.\\d{${token.decimals}}$`);
    for (const amount of [token.max_supply, token.minted_supply, token.mint_limit ?? '0'])
      expect(amount).toMatch(fraction);
    const units = (s: string) => BigInt(s.replace('.', ''));
    expect(units(token.minted_supply)).toBeLessThanOrEqual(units(token.max_supply));
    expect(supply).toMatchObject({ max_supply: token.max_supply, minted_supply: token.minted_supply });
    expect(supply.holders).toBeGreaterThan(0);
    expect(token.tx_count).toBeGreaterThan(0);
    expect(token.tx_id).toMatch(/^[0-9a-f]{64}$/);
    expect(token.id).toBe(`${token.tx_id}i0`);
    expect(token.deploy_timestamp).toBeGreaterThan(1_600_000_000_000); // milliseconds
    expect(token.block_height).toBeGreaterThanOrEqual(779832);
    expect(isValidSegwitAddress(token.address)).toBe(true);
  });

  it('looks tickers up case-insensitively, non-ASCII included', () => {
    const world = createWorld({ seed: 1, blocks: 5 });
    expect(world.getBrc20Token('OrDi')?.token.ticker).toBe('ordi');
    expect(world.getBrc20Token('🐸')?.token.ticker).toBe('🐸');
    expect(world.getBrc20Token('nope')).toBeUndefined();
    expect(world.getBrc20Token('__proto__')).toBeUndefined();
  });

  it('returns copies the caller cannot use to edit the world', () => {
    const world = createWorld({ seed: 1, blocks: 5 });
    const token = world.getBrc20Token('ordi');
    if (token) token.token.tx_count = 0;
    expect(world.getBrc20Token('ordi')?.token.tx_count).toBe(ORDI.token.tx_count);
  });
});

describe('formatSupply', () => {
  it.each([
    [21_000_000n * 10n ** 18n, 18, '21000000.000000000000000000'],
    [21_000_000n, 0, '21000000'],
    [5n, 8, '0.00000005'],
    [0n, 2, '0.00'],
  ])('formats %s with %i decimals', (units, decimals, want) => {
    expect(formatSupply(units, decimals)).toBe(want);
  });
});
