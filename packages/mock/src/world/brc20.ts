import { randomBitcoinAddress } from './bitcoin';
import { createRandom, deriveSeed } from './random';
import type { Brc20Token, Brc20TokenDetails } from './types';

/** The real `ordi` deploy (notes §7, the later of the two captures), identical in every world. */
export const ORDI: Brc20TokenDetails = {
  token: {
    id: 'b61b0172d95e266c18aea0c624db987e971a5d6d4ebc2aaed85da4642d635735i0',
    number: 348020,
    block_height: 779832,
    tx_id: 'b61b0172d95e266c18aea0c624db987e971a5d6d4ebc2aaed85da4642d635735',
    address: 'bc1pxaneaf3w4d27hl2y93fuft2xk6m4u3wc4rafevc6slgd7f5tq2dqyfgy06',
    ticker: 'ordi',
    max_supply: '21000000.000000000000000000',
    mint_limit: '1000.000000000000000000',
    decimals: 18,
    deploy_timestamp: 1678248991000,
    minted_supply: '21000000.000000000000000000',
    tx_count: 272808,
    self_mint: false,
  },
  supply: {
    max_supply: '21000000.000000000000000000',
    minted_supply: '21000000.000000000000000000',
    holders: 17961,
  },
};

/** Seeded tokens: ticker, decimals, max supply and mint limit in whole tokens, share minted, self-mint. */
const TOKENS: readonly (readonly [string, number, bigint, bigint, number, boolean])[] = [
  ['sats', 18, 2_100_000_000_000_000n, 100_000_000n, 1, false],
  ['rats', 18, 1_000_000_000_000n, 1_000_000n, 1, false],
  ['meme', 18, 99_999n, 1n, 1, false],
  ['pepe', 18, 42_069_000_000n, 1_000_000n, 0.93, false],
  ['trac', 18, 21_000_000n, 1_000n, 1, false],
  ['mmss', 18, 1_000_000_000_000n, 100_000_000n, 0.61, false],
  ['vmpx', 18, 108_836_000n, 500n, 0.38, false],
  ['piin', 0, 1_000_000_000_000_000n, 1_000_000_000n, 1, false],
  ['btcs', 8, 21_000_000n, 1_000n, 0.12, false],
  // Four UTF-8 bytes in one emoji: tickers are measured in bytes, not characters.
  ['🐸', 18, 420_690_000_000n, 10_000_000n, 0.77, false],
  ['pizza', 8, 2_100_000n, 10n, 0.05, true],
];

/** First BRC-20 block and its time, to keep deploy heights and timestamps consistent. */
const BRC20_GENESIS = { height: 779832, time: 1678248991 } as const;

/** `units` base units as a decimal string with exactly `decimals` fraction digits (`BigNumber#toFixed`). */
export function formatSupply(units: bigint, decimals: number): string {
  if (decimals === 0) return units.toString();
  const digits = units.toString().padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

function seededToken(
  seed: number,
  ticker: string,
  number: number,
  overrides: Partial<Brc20Token> = {},
): Brc20TokenDetails {
  const rng = createRandom(deriveSeed(seed, 'brc20', ticker));
  const known = TOKENS.find((t) => t[0] === ticker);
  const decimals = overrides.decimals ?? known?.[1] ?? rng.pick([0, 8, 18]);
  const scale = 10n ** BigInt(decimals);
  const max = (known?.[2] ?? BigInt(rng.int(1, 21_000) * 1_000)) * scale;
  const share = known?.[4] ?? rng.pick([1, 0.5, 0.2]);
  const minted = (max * BigInt(Math.round(share * 10_000))) / 10_000n;
  const blockHeight = overrides.block_height ?? BRC20_GENESIS.height + rng.int(100, 60_000);
  const txId = overrides.tx_id ?? rng.hex(32);
  const holders = rng.int(40, 60_000);
  // A caller giving only one of the two supplies gets the other equal to it, so minted <= max holds.
  const maxSupply = overrides.max_supply ?? overrides.minted_supply ?? formatSupply(max, decimals);
  const mintedSupply = overrides.minted_supply ?? overrides.max_supply ?? formatSupply(minted, decimals);
  const token: Brc20Token = {
    id: overrides.id ?? `${txId}i0`,
    number: overrides.number ?? number,
    block_height: blockHeight,
    tx_id: txId,
    address: overrides.address ?? randomBitcoinAddress(rng),
    ticker: ticker.toLowerCase(),
    max_supply: maxSupply,
    mint_limit:
      overrides.mint_limit !== undefined
        ? overrides.mint_limit
        : formatSupply((known?.[3] ?? 1_000n) * scale, decimals),
    decimals,
    deploy_timestamp:
      overrides.deploy_timestamp ??
      (BRC20_GENESIS.time + (blockHeight - BRC20_GENESIS.height) * 600 + rng.int(0, 599)) * 1000,
    minted_supply: mintedSupply,
    tx_count: overrides.tx_count ?? holders + rng.int(10, 250_000),
    self_mint: overrides.self_mint ?? known?.[5] ?? false,
  };
  return { token, supply: { max_supply: maxSupply, minted_supply: mintedSupply, holders } };
}

/** The world's BRC-20 tokens: the real `ordi` plus the seeded list (keys are lower-case tickers). */
export function seedBrc20Tokens(seed: number): Map<string, Brc20TokenDetails> {
  const tokens = new Map<string, Brc20TokenDetails>([['ordi', ORDI]]);
  let number = ORDI.token.number;
  for (const [ticker] of TOKENS) {
    number += 1_000 + (deriveSeed(seed, 'inscription', ticker) % 4_000_000);
    tokens.set(ticker, seededToken(seed, ticker, number));
  }
  return tokens;
}

/** A user-supplied token, its missing fields filled deterministically from the seed and ticker. */
export function makeBrc20Token(
  seed: number,
  input: Partial<Brc20Token> & { ticker: string },
): Brc20TokenDetails {
  const number = 60_000_000 + (deriveSeed(seed, 'inscription', input.ticker) % 10_000_000);
  return seededToken(seed, input.ticker.toLowerCase(), number, input);
}

/** A deep copy, so callers cannot edit the world's records. */
export function copyBrc20(details: Brc20TokenDetails): Brc20TokenDetails {
  return { token: { ...details.token }, supply: { ...details.supply } };
}
