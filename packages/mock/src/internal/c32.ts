import { sha256 } from './sha256';

/**
 * Stacks addresses (c32check, SIP-005): `S`, a version character, then the version's data and a checksum in
 * Crockford-style base 32. Written here rather than imported so the engine's browser bundle stays small; a
 * test checks it against the `c32check` package, byte for byte, on random and hostile input.
 */

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The first four bytes of SHA-256(SHA-256(bytes)). */
function checksum(bytes: Uint8Array): Uint8Array {
  return sha256(sha256(bytes)).subarray(0, 4);
}

function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function bytesToHex(bytes: Uint8Array): string {
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * Base 32 of the big-endian number `bytes`, most significant digit first, without leading zero digits; each
 * leading zero byte is written as one `0` instead.
 */
function encodeBase32(bytes: Uint8Array): string {
  let digits = '';
  let buffer = 0;
  let bits = 0;
  for (let i = bytes.length - 1; i >= 0; i--) {
    buffer |= (bytes[i] as number) << bits;
    bits += 8;
    while (bits >= 5) {
      digits = ALPHABET[buffer & 31] + digits;
      buffer >>>= 5;
      bits -= 5;
    }
  }
  if (bits > 0) digits = ALPHABET[buffer & 31] + digits;
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  return '0'.repeat(zeros) + digits.replace(/^0+/, '');
}

/** The inverse of {@link encodeBase32}: each leading `0` is a zero byte, the rest the number's minimal bytes. */
function decodeBase32(text: string): Uint8Array | undefined {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (let i = text.length - 1; i >= 0; i--) {
    const value = ALPHABET.indexOf(text[i] as string);
    if (value === -1) return undefined;
    buffer |= value << bits;
    bits += 5;
    if (bits >= 8) {
      out.push(buffer & 0xff);
      buffer >>>= 8;
      bits -= 8;
    }
  }
  if (buffer !== 0) out.push(buffer);
  while (out.length > 0 && out[out.length - 1] === 0) out.pop();
  let zeros = 0;
  while (zeros < text.length && text[zeros] === '0') zeros++;
  for (let i = 0; i < zeros; i++) out.push(0);
  return Uint8Array.from(out.reverse());
}

/** A Stacks address from its version (0-31) and 20-byte hash160 (40 hex digits). */
export function c32address(version: number, hash160: string): string {
  if (!Number.isInteger(version) || version < 0 || version > 31 || !/^[0-9a-fA-F]{40}$/.test(hash160)) {
    throw new Error(`not an address version and hash160: ${version}, ${hash160}`);
  }
  const data = hexToBytes(hash160.toLowerCase());
  const signed = new Uint8Array(21);
  signed[0] = version;
  signed.set(data, 1);
  const body = new Uint8Array(24);
  body.set(data);
  body.set(checksum(signed), 20);
  return `S${ALPHABET[version]}${encodeBase32(body)}`;
}

/**
 * The version and data (hex) of a Stacks address; throws when it is not one (no `S`, too short, a character
 * outside the alphabet, a checksum that does not match). Like the reference decoder, the part after `S` is
 * read case-insensitively, with `O` as `0` and `I`/`L` as `1`. `checked: false` skips the checksum, for an
 * address this package encoded itself (two SHA-256 in pure JS cost more than the rest of a world's first page).
 */
export function c32addressDecode(address: string, checked = true): [version: number, hash160: string] {
  if (address.length <= 5 || address[0] !== 'S') throw new Error(`not a Stacks address: ${address}`);
  const text = address.slice(1).toUpperCase().replace(/O/g, '0').replace(/[IL]/g, '1');
  const version = ALPHABET.indexOf(text[0] as string);
  const bytes = decodeBase32(text.slice(1));
  if (version === -1 || bytes === undefined || bytes.length < 4) {
    throw new Error(`not a Stacks address: ${address}`);
  }
  const data = bytes.subarray(0, bytes.length - 4);
  if (!checked) return [version, bytesToHex(data)];
  const signed = new Uint8Array(data.length + 1);
  signed[0] = version;
  signed.set(data, 1);
  const expected = checksum(signed);
  if (expected.some((byte, i) => byte !== bytes[data.length + i])) {
    throw new Error(`Stacks address checksum mismatch: ${address}`);
  }
  return [version, bytesToHex(data)];
}
