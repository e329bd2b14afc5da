const OFFSET = 0xcbf29ce484222325n;
const PRIME = 0x100000001b3n;
const MASK = 0xffffffffffffffffn;

/**
 * FNV-1a 64-bit over the UTF-16 code units of `text`, as 16 hex digits. Synchronous and free of
 * `node:crypto`, so the environment-neutral entry can compute content ETags in a browser too.
 */
export function fnv1a64(text: string): string {
  let hash = OFFSET;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= BigInt(text.charCodeAt(index));
    hash = (hash * PRIME) & MASK;
  }
  return hash.toString(16).padStart(16, '0');
}
