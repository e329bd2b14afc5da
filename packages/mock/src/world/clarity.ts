import { flat } from './flat-string';
import { decodeAddress, splitPrincipal } from './ids';
import type { ClarityValue } from './types';

/**
 * Clarity values with their real consensus serialization (`hex`) and Clarity notation (`repr`), e.g.
 * `u100` is `0x0100000000000000000000000000000064`.
 */
export type Cv = ClarityValue;

const encoder = new TextEncoder();

/** A value whose two strings are stored flat: clarity values are kept by every transaction of the world. */
function value(hex: string, repr: string): Cv {
  return { hex: flat(hex), repr: flat(repr) };
}

function body(value: Cv): string {
  return value.hex.slice(2);
}

function u32(n: number): string {
  return n.toString(16).padStart(8, '0');
}

function bytesHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

function int128(n: bigint): string {
  const twos = n < 0n ? (1n << 128n) + n : n;
  return twos.toString(16).padStart(32, '0');
}

/** Bounds the memo in long-lived processes that keep creating principals. */
const CACHE_LIMIT = 100_000;
const principalCache = new Map<string, Cv>();
const tupleKeys = new Map<string, string>();

/** Hex of an ASCII string (Clarity `string-ascii` and tuple keys are ASCII by definition). */
function asciiHex(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += text.charCodeAt(i).toString(16).padStart(2, '0');
  return out;
}

/** Length byte and name of a tuple key; keys are few and repeat endlessly, so they are memoized. */
function tupleKeyHex(name: string): string {
  let hex = tupleKeys.get(name);
  if (hex === undefined) {
    hex = `${name.length.toString(16).padStart(2, '0')}${asciiHex(name)}`;
    if (tupleKeys.size >= CACHE_LIMIT) tupleKeys.clear();
    tupleKeys.set(name, hex);
  }
  return hex;
}

function encodePrincipal(principal: string): Cv {
  const { address, name } = splitPrincipal(principal);
  const { version, hash160 } = decodeAddress(address);
  const head = `${version.toString(16).padStart(2, '0')}${hash160}`;
  if (name === undefined) return value(`0x05${head}`, `'${principal}`);
  const nameHex = bytesHex(encoder.encode(name));
  return value(`0x06${head}${(nameHex.length / 2).toString(16).padStart(2, '0')}${nameHex}`, `'${principal}`);
}

// Values are read-only once built (every view copies them), so the constant ones are shared.
const TRUE: Cv = Object.freeze({ hex: '0x03', repr: 'true' });
const FALSE: Cv = Object.freeze({ hex: '0x04', repr: 'false' });
const NONE: Cv = Object.freeze({ hex: '0x09', repr: 'none' });

/** Builders for the Clarity value kinds the world uses. */
export const cv = {
  uint: (n: bigint | number): Cv => value(`0x01${int128(BigInt(n))}`, `u${n}`),
  int: (n: bigint | number): Cv => value(`0x00${int128(BigInt(n))}`, `${n}`),
  bool: (b: boolean): Cv => (b ? TRUE : FALSE),
  principal(principal: string): Cv {
    // Principals repeat across thousands of arguments and events; their encoding is a pure function.
    let encoded = principalCache.get(principal);
    if (encoded === undefined) {
      encoded = encodePrincipal(principal);
      if (principalCache.size >= CACHE_LIMIT) principalCache.clear();
      principalCache.set(principal, encoded);
    }
    return encoded;
  },
  buffer: (hex: string): Cv => {
    const raw = hex.startsWith('0x') ? hex.slice(2) : hex;
    return value(`0x02${u32(raw.length / 2)}${raw}`, `0x${raw}`);
  },
  ascii: (text: string): Cv => value(`0x0d${u32(text.length)}${asciiHex(text)}`, JSON.stringify(text)),
  utf8: (text: string): Cv => {
    const bytes = encoder.encode(text);
    return value(`0x0e${u32(bytes.length)}${bytesHex(bytes)}`, `u${JSON.stringify(text)}`);
  },
  none: (): Cv => NONE,
  some: (inner: Cv): Cv => value(`0x0a${body(inner)}`, `(some ${inner.repr})`),
  ok: (inner: Cv): Cv => value(`0x07${body(inner)}`, `(ok ${inner.repr})`),
  err: (inner: Cv): Cv => value(`0x08${body(inner)}`, `(err ${inner.repr})`),
  list: (items: readonly Cv[]): Cv =>
    value(
      `0x0b${u32(items.length)}${items.map(body).join('')}`,
      `(list${items.map((i) => ` ${i.repr}`).join('')})`,
    ),
  /** Tuples serialize their fields sorted by name, as Clarity's BTreeMap does. */
  tuple(fields: Readonly<Record<string, Cv>>): Cv {
    const names = Object.keys(fields).sort();
    let hex = `0x0c${u32(names.length)}`;
    let repr = '(tuple';
    for (const name of names) {
      const value = fields[name] as Cv;
      hex += `${tupleKeyHex(name)}${body(value)}`;
      repr += ` (${name} ${value.repr})`;
    }
    return value(hex, `${repr})`);
  },
};
