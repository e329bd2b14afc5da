/**
 * A bech32/bech32m checksum verifier written for the tests from BIP-173 and BIP-350 (the generator's own code
 * only encodes), checked against the BIPs' vectors in bitcoin.test.ts before it judges generated addresses.
 */
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function polymod(values: readonly number[]): number {
  let chk = 1;
  for (const value of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ value;
    GENERATOR.forEach((generator, bit) => {
      if ((top >>> bit) & 1) chk ^= generator;
    });
  }
  return chk >>> 0;
}

/** True when a segwit address' checksum verifies: bech32 for witness version 0, bech32m above. */
export function isValidSegwitAddress(address: string): boolean {
  const separator = address.lastIndexOf('1');
  const hrp = address.slice(0, separator);
  const data = [...address.slice(separator + 1)].map((char) => CHARSET.indexOf(char));
  if (separator < 1 || data.length < 7 || data.some((word) => word < 0)) return false;
  const codes = [...hrp].map((char) => char.charCodeAt(0));
  const expanded = [...codes.map((code) => code >> 5), 0, ...codes.map((code) => code & 31)];
  return polymod([...expanded, ...data]) === (data[0] === 0 ? 1 : 0x2bc830a3);
}
