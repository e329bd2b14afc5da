/**
 * Tiny non-cryptographic string hashes (pure JS: the world also runs in browsers and edge runtimes, so no
 * `node:crypto`). Used for ETags and seed derivation, where only determinism and spread matter. The one hash
 * module of the package: the engine's content ETags come from here too.
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

/**
 * FNV-1a 64-bit over the UTF-16 code units of `text`, as 16 hex digits. Synchronous and free of
 * `node:crypto`, so the environment-neutral entry can compute content ETags in a browser too.
 */
export function fnv1a64(text: string): string {
  // The 64-bit state as four 16-bit limbs (h3 most significant): every product below stays under 2^32,
  // where BigInt arithmetic per character would cost ten times more.
  let h0 = 0x2325;
  let h1 = 0x8422;
  let h2 = 0x9ce4;
  let h3 = 0xcbf2;
  for (let index = 0; index < text.length; index += 1) {
    h0 ^= text.charCodeAt(index);
    // × 0x100000001b3 = × 0x1b3 plus × 2^40 (the low limbs shifted up two limbs and 8 bits).
    const t0 = h0 * 0x1b3;
    const t1 = h1 * 0x1b3;
    const t2 = h2 * 0x1b3 + h0 * 0x100;
    const t3 = h3 * 0x1b3 + h1 * 0x100;
    h0 = t0 & 0xffff;
    const c1 = t1 + (t0 >>> 16);
    h1 = c1 & 0xffff;
    const c2 = t2 + (c1 >>> 16);
    h2 = c2 & 0xffff;
    h3 = (t3 + (c2 >>> 16)) & 0xffff;
  }
  return limb(h3) + limb(h2) + limb(h1) + limb(h0);
}

function limb(value: number): string {
  return value.toString(16).padStart(4, '0');
}
