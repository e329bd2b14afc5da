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
