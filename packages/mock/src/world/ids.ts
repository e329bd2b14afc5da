import { c32address, c32addressDecode } from '../internal/c32';
import { flat } from './flat-string';
import { hashString32 } from './hash';
import type { Random } from './random';

/** Mainnet address versions: single-sig `SP` and multi-sig `SM`. */
export const ADDRESS_VERSION = { singleSig: 22, multiSig: 20 } as const;

/** The boot address that owns the boot contracts (`pox-4`, `bns`, ...). */
export const BOOT_ADDRESS = 'SP000000000000000000002Q6VF78';

/** A real c32check-encoded mainnet address over a random hash160. */
export function randomStacksAddress(rng: Random, version: number = ADDRESS_VERSION.singleSig): string {
  return c32address(version, rng.hex(20));
}

/** `0x` + 64 lower-case hex: tx ids, Stacks block hashes, index block hashes. */
export function randomHash(rng: Random): string {
  return flat(`0x${rng.hex(32)}`);
}

/** A Bitcoin block hash: 32 bytes whose big-endian display starts with the proof-of-work zeros. */
export function randomBurnBlockHash(rng: Random): string {
  return flat(`0x${'0'.repeat(19)}${rng.hex(23).slice(1)}`);
}

/** `0x` + `bytes` random bytes of hex (consensus hashes, VRF proofs, headers). */
export function randomHex(rng: Random, bytes: number): string {
  return flat(`0x${rng.hex(bytes)}`);
}

/** Joins a deployer address and a contract name. */
export function contractId(address: string, name: string): string {
  return flat(`${address}.${name}`);
}

/** Splits `<address>.<name>`; a plain address has no name. */
export function splitPrincipal(principal: string): { address: string; name?: string } {
  const dot = principal.indexOf('.');
  return dot < 0
    ? { address: principal }
    : { address: principal.slice(0, dot), name: principal.slice(dot + 1) };
}

/** True for `<address>.<name>` principals. */
export function isContractPrincipal(principal: string): boolean {
  return principal.includes('.');
}

const hash160Cache = new Map<string, { version: number; hash160: string }>();
/** Addresses encoded by this package (a snapshot's principals): their checksum is known to hold. */
const encodedHere = new Set<string>();

/** Marks addresses this package encoded, so {@link decodeAddress} does not check their checksum again. */
export function markEncoded(addresses: Iterable<string>): void {
  for (const address of addresses) if (encodedHere.size < 100_000) encodedHere.add(address);
}

/**
 * Version byte and hash160 of an address (for Clarity principal encoding). Strings that are not valid
 * c32check (user input the handlers accepted) get a stable made-up hash rather than an exception.
 */
export function decodeAddress(address: string): { version: number; hash160: string } {
  const cached = hash160Cache.get(address);
  if (cached) return cached;
  let decoded: { version: number; hash160: string };
  try {
    const [version, hash160] = c32addressDecode(address, !encodedHere.has(address));
    decoded = { version, hash160 };
  } catch {
    let hex = '';
    for (let lane = 0; lane < 5; lane++) hex += hashString32(address, lane).toString(16).padStart(8, '0');
    decoded = { version: ADDRESS_VERSION.singleSig, hash160: hex };
  }
  if (hash160Cache.size >= 100_000) hash160Cache.clear();
  hash160Cache.set(address, decoded);
  return decoded;
}
