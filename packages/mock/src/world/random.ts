import { hashString32 } from './hash';

const HEX_BYTE = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** A small seeded pseudo-random source: the only randomness the world uses (no `Math.random`). */
export interface Random {
  /** Next unsigned 32-bit integer. */
  uint32(): number;
  /** Uniform float in [0, 1). */
  float(): number;
  /** Uniform integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** Uniform bigint in [min, max] (both inclusive); for amounts beyond 2^53. */
  bigint(min: bigint, max: bigint): bigint;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** One value of `[value, weight]` pairs, proportionally to the weights. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** `bytes` random bytes as lower-case hex, without prefix. */
  hex(bytes: number): string;
  /** The generator's position, for {@link resumeRandom} to go on from it. */
  state(): RandomState;
}

/** The four 32-bit words of an sfc32 generator. */
export type RandomState = readonly [number, number, number, number];

/**
 * Creates an sfc32 generator seeded through splitmix32, so nearby seeds give unrelated streams.
 * @example
 * const rng = createRandom(deriveSeed(1, 'block', 42));
 * rng.int(1, 6);
 */
export function createRandom(seed: number): Random {
  let s = seed >>> 0;
  const splitmix = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  const random = resumeRandom([splitmix(), splitmix(), splitmix(), splitmix()]);
  // Warm-up: the first outputs of sfc32 are weakly mixed.
  for (let i = 0; i < 12; i++) random.uint32();
  return random;
}

/** A generator that goes on from `state` (taken with `state()`), drawing what the original would have drawn. */
export function resumeRandom(state: RandomState): Random {
  let [a, b, c, d] = state;
  const uint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  const float = (): number => uint32() / 4294967296;
  const int = (min: number, max: number): number => min + Math.floor(float() * (max - min + 1));
  return {
    uint32,
    float,
    int,
    bigint(min, max) {
      const span = max - min + 1n;
      let r = 0n;
      for (let bits = 0n; 1n << bits < span * 4096n; bits += 32n) r = (r << 32n) | BigInt(uint32());
      return min + (r % span);
    },
    chance: (p) => float() < p,
    pick<T>(items: readonly T[]): T {
      const item = items[Math.floor(float() * items.length)];
      if (item === undefined) throw new RangeError('pick() needs a non-empty list');
      return item;
    },
    weighted<T>(entries: readonly (readonly [T, number])[]): T {
      let total = 0;
      for (const [, w] of entries) total += w;
      let r = float() * total;
      for (const [value, w] of entries) {
        r -= w;
        if (r < 0) return value;
      }
      const last = entries[entries.length - 1];
      if (last === undefined) throw new RangeError('weighted() needs entries');
      return last[0];
    },
    hex(bytes) {
      // Words of 8 characters joined once: `join` makes one flat string, where `+=` would keep a tree of the
      // words (see flat-string.ts), and the last word is cut before joining so no slice holds on to it.
      const words: string[] = [];
      for (let i = 0; i < bytes; i += 4) {
        const word = uint32();
        const text = `${HEX_BYTE[word >>> 24]}${HEX_BYTE[(word >>> 16) & 255]}${HEX_BYTE[(word >>> 8) & 255]}${HEX_BYTE[word & 255]}`;
        words.push(i + 4 <= bytes ? text : text.slice(0, (bytes - i) * 2));
      }
      return words.join('');
    },
    state: () => [a, b, c, d],
  };
}

/** Derives an independent 32-bit seed from a base seed and labels (e.g. `'block', height`). */
export function deriveSeed(seed: number, ...parts: readonly (string | number)[]): number {
  return hashString32(`${seed >>> 0}|${parts.join('|')}`, 0x5eed);
}
