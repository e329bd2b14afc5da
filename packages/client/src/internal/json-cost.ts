// What `JSON.parse` may allocate, in bytes, counted on a 64-bit V8 without pointer compression (Node's builds; with
// compression everything is smaller). Each figure is a measured peak while parsing (the values kept and the
// parser's scratch space), rounded up: a JSON body can cost 30 times its size once parsed (`[{},{},...]`), and
// these bound it before anything is built. An enum, so that the build writes the numbers in place.

enum Cost {
  /** An object: header and in-object slots. */
  Object = 128,
  /** An array: header and backing store. */
  Array = 112,
  /** Each array element: its slot, and the parser's scratch copy. */
  Element = 32,
  /** Each property: its slot (or a dictionary entry), and the parser's scratch copy. */
  Property = 48,
  /** A property whose name is all digits: stored as an element of a dictionary of the object's own. */
  IndexProperty = 160,
  /** A property name in a place no object had it before: a new hidden class, descriptors, a transition. */
  NewShape = 256,
  /** Per property before it, when that hidden class branches off another (its descriptors are copied). */
  CopiedDescriptor = 24,
  /** A string value: header and parser scratch; its characters are counted apart. */
  String = 64,
  /** Each property of an object past V8's most fast properties: a dictionary entry and the name it keeps. */
  DictionaryEntry = 200,
  /** A number that is not a small integer: a heap number, and a scratch one. */
  // biome-ignore lint/suspicious/noDuplicateEnumValues: two costs that happen to be measured alike (an array's).
  HeapNumber = 112,
}

/**
 * The most {@link parsedBytes} can come to per byte of body, characters (twice, if wide) included: an object's `{`
 * (its header and its slot) is the dearest byte. A body short enough that even this fits the budget needs no count.
 */
export const MAX_COST_PER_BYTE = Cost.Object + Cost.Element + 2;

/** Hidden-class paths remembered (a real page has a few hundred); past this, every new path is charged as new. */
const MAX_SHAPES = 8192;
/** Object nesting followed for hidden classes; deeper objects are charged as new at every property. */
const MAX_TRACKED_DEPTH = 64;
/**
 * Longest property name followed for hidden classes; a longer one is charged as new. Names are kept as text, so the
 * count's own memory stays near a megabyte at most (8192 short names).
 */
const MAX_TRACKED_NAME = 64;
/** Most properties an object keeps fast (V8's limit of descriptors); past it, a dictionary, no hidden classes. */
const MAX_DESCRIPTORS = 1020;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** A byte that may appear in a JSON number. */
function isNumberByte(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || b === 0x2d || b === 0x2b || b === 0x2e || b === 0x65 || b === 0x45;
}

/** What {@link measureJson} found: the memory parsing takes is `fixed + characters` (`2 * characters` if wide). */
export interface JsonCost {
  /** Bytes for everything but the characters of string values. */
  fixed: number;
  /** Bytes of string values as they appear in the body (escapes included). */
  characters: number;
  /** Whether a `\u` escape occurs, which may stand for a character above U+00FF (making its string wide). */
  unicodeEscapes: boolean;
}

/**
 * An upper bound on the memory `JSON.parse` would take to parse `bytes` (UTF-8), scratch space included, counted in
 * one pass without building anything. Invalid JSON is counted as far as it goes (the parser stops at the first
 * error, having built no more than the counted prefix). The characters of string values are reported apart: they
 * take one byte each, or two when the text holds a character above U+00FF ({@link parsedBytes}).
 */
export function measureJson(bytes: Uint8Array): JsonCost {
  let cost = 0;
  let stringBytes = 0;
  // Hidden classes: one per distinct sequence of property names from an empty object (a path in this tree).
  const shapes = new Map<string, number>();
  const children: number[] = [0];
  // Per object being read (the outer MAX_TRACKED_DEPTH): its hidden class so far, and how many names it has read.
  const path: number[] = [];
  const count: number[] = [];
  let objectDepth = 0;
  /** Whether the value being read is a property's (after `:`) rather than an array element or the root. */
  let afterColon = false;
  const n = bytes.length;
  for (let i = 0; i < n; i++) {
    const b = bytes[i] as number;
    // What the value starting here costs besides its slot; -1 when no value starts here.
    let value = -1;
    if (b === QUOTE) {
      // A string: find its closing quote natively, stepping over escaped quotes.
      let end = i + 1;
      for (;;) {
        end = bytes.indexOf(QUOTE, end);
        if (end === -1) {
          end = n;
          break;
        }
        let slashes = 0;
        while (bytes[end - 1 - slashes] === BACKSLASH) slashes++;
        if (slashes % 2 === 0) break;
        end++;
      }
      let next = end + 1;
      while (next < n && isWhitespace(bytes[next] as number)) next++;
      if (bytes[next] === 0x3a) {
        cost += keyCost(bytes, i + 1, end);
        afterColon = false;
      } else {
        value = Cost.String;
        stringBytes += end - i - 1;
      }
      i = end;
    } else if (b === 0x7b) {
      // {
      value = Cost.Object;
      if (objectDepth < MAX_TRACKED_DEPTH) {
        path.push(0);
        count.push(0);
      }
      objectDepth++;
    } else if (b === 0x5b) {
      // [
      value = Cost.Array;
    } else if (b === 0x7d) {
      // }
      if (objectDepth > 0) {
        objectDepth--;
        if (objectDepth < MAX_TRACKED_DEPTH) {
          path.pop();
          count.pop();
        }
      }
    } else if (b === 0x3a || b === 0x2c) {
      // `:` starts a property's value, `,` an element's (or a name).
      afterColon = b === 0x3a;
    } else if (isNumberByte(b)) {
      let end = i + 1;
      let plain = b !== 0x2e && b !== 0x2b && b !== 0x65 && b !== 0x45;
      while (end < n && isNumberByte(bytes[end] as number)) {
        const c = bytes[end] as number;
        if (c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b) plain = false;
        end++;
      }
      // Up to 9 digits (a sign aside) is a small integer, stored in its slot; anything else may be a heap number.
      value = plain && end - i - (b === 0x2d ? 1 : 0) <= 9 ? 0 : Cost.HeapNumber;
      i = end - 1;
    } else if (b === 0x74 || b === 0x66 || b === 0x6e) {
      // true, false, null: constants, only a slot.
      value = 0;
      while (i + 1 < n && (bytes[i + 1] as number) >= 0x61 && (bytes[i + 1] as number) <= 0x7a) i++;
    }
    if (value >= 0) {
      // A property's slot is counted with its name, an element's here.
      cost += (afterColon ? 0 : Cost.Element) + value;
      afterColon = false;
    }
  }
  return { fixed: cost, characters: stringBytes, unicodeEscapes: hasUnicodeEscape(bytes) };

  /** The cost of a property name at `bytes[start, end)` in the object being read. */
  function keyCost(source: Uint8Array, start: number, end: number): number {
    let charge = Cost.Property;
    if (end > start && isAllDigits(source, start, end)) charge += Cost.IndexProperty;
    const length = end - start;
    const level = objectDepth - 1;
    const tracked = level >= 0 && level < MAX_TRACKED_DEPTH;
    const position = tracked ? (count[level] as number) : 0;
    if (tracked) count[level] = position + 1;
    if (position >= MAX_DESCRIPTORS) return charge + Cost.DictionaryEntry + length * 2;
    // Outside what is followed, every name may be new. An object copies descriptors at most once (where it leaves
    // the known paths), never more than its names: a copied descriptor per name covers that copy.
    const untracked = charge + Cost.NewShape + length * 2 + Cost.CopiedDescriptor;
    if (!tracked || path[level] === -1) return untracked;
    const parent = path[level] as number;
    if (length <= MAX_TRACKED_NAME) {
      // A hidden class is found by (parent class, name).
      const key = `${parent}:${String.fromCharCode.apply(null, source.subarray(start, end) as unknown as number[])}`;
      const known = shapes.get(key);
      if (known !== undefined) {
        path[level] = known;
        return charge;
      }
      if (shapes.size < MAX_SHAPES) {
        // A hidden class no object here had: a new one, with a copy of the descriptors when it branches off.
        const branches = (children[parent] as number) > 0;
        const id = children.length;
        children.push(0);
        children[parent] = (children[parent] as number) + 1;
        shapes.set(key, id);
        path[level] = id;
        return charge + Cost.NewShape + length * 2 + (branches ? Cost.CopiedDescriptor * position : 0);
      }
    }
    // Untracked from here on: the names before this one pay for the copy it may make.
    path[level] = -1;
    return untracked + Cost.CopiedDescriptor * position;
  }
}

/** The bytes a {@link JsonCost} comes to, for a text that is `wide` (holds a character above U+00FF) or not. */
export function parsedBytes(cost: JsonCost, wide: boolean): number {
  return cost.fixed + cost.characters * (wide || cost.unicodeEscapes ? 2 : 1);
}

/** Whether `\u` occurs anywhere (an escape may stand for a character above U+00FF). */
function hasUnicodeEscape(bytes: Uint8Array): boolean {
  for (let at = bytes.indexOf(BACKSLASH); at !== -1; at = bytes.indexOf(BACKSLASH, at + 2)) {
    if (bytes[at + 1] === 0x75) return true;
  }
  return false;
}

function isWhitespace(b: number): boolean {
  return b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09;
}

function isAllDigits(bytes: Uint8Array, start: number, end: number): boolean {
  for (let k = start; k < end; k++) {
    const b = bytes[k] as number;
    if (b < 0x30 || b > 0x39) return false;
  }
  return true;
}
