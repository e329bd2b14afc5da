import type { Random } from './random';

/** Bitcoin-side identifiers for BRC-20 records: segwit addresses with real bech32/bech32m checksums. */

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function polymod(values: readonly number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GENERATOR[i] as number;
  }
  return chk >>> 0;
}

function hrpExpand(hrp: string): number[] {
  const high = [...hrp].map((c) => c.charCodeAt(0) >> 5);
  const low = [...hrp].map((c) => c.charCodeAt(0) & 31);
  return [...high, 0, ...low];
}

function toWords(bytes: readonly number[]): number[] {
  const words: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const byte of bytes) {
    acc = (acc << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      words.push((acc >>> bits) & 31);
    }
    acc &= (1 << bits) - 1;
  }
  if (bits > 0) words.push((acc << (5 - bits)) & 31);
  return words;
}

/** Encodes a segwit address (`bc1q…` for version 0 with bech32, `bc1p…` for version 1 with bech32m). */
function segwitAddress(hrp: string, version: number, program: readonly number[]): string {
  const data = [version, ...toWords(program)];
  const mod =
    polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ (version === 0 ? BECH32_CONST : BECH32M_CONST);
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((w) => CHARSET[w]).join('')}`;
}

/** A mainnet taproot (most BRC-20 deployers) or native segwit address. */
export function randomBitcoinAddress(rng: Random): string {
  const taproot = rng.chance(0.7);
  const program = Array.from({ length: taproot ? 32 : 20 }, () => rng.int(0, 255));
  return segwitAddress('bc', taproot ? 1 : 0, program);
}
