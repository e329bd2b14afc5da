/**
 * Tiny non-cryptographic string hashes (pure JS: the world also runs in browsers, so no `node:crypto`).
 * Used for ETags and seed derivation, where only determinism and spread matter.
 */

/** FNV-1a over UTF-16 code units with a murmur-style finalizer; `salt` selects an independent lane. */
export function hashString32(input: string, salt = 0): number {
  let h = (0x811c9dc5 ^ salt) >>> 0;
  for (let i = 0; i < input.length; i++) {
    h ^= input.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 64-hex-character digest (eight independent 32-bit lanes), shaped like the sha256 hex the real API uses. */
export function digestHex(input: string): string {
  let out = '';
  for (let lane = 1; lane <= 8; lane++)
    out += hashString32(input, Math.imul(lane, 0x9e3779b1)).toString(16).padStart(8, '0');
  return out;
}
