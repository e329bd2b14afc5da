// What `JSON.parse` may allocate, in bytes, on a 64-bit V8 without pointer compression (Node's builds): measured peaks
// while parsing (the values kept and the parser's scratch), rounded up. `[{},{},...]` takes 30 times its size once
// parsed; these bound it before anything is built. An enum, so that the build writes the numbers in place.
enum Cost {
  Object = 128, // header and in-object slots
  Array = 112, // header and backing store
  Slot = 32, // each value: its slot (an element's or a property's) and the parser's scratch copy
  Name = 16, // each property beyond its value's slot: a dictionary entry or descriptor, and the scratch copy
  IndexName = 160, // a name all digits: an element of a dictionary of the object's own
  NewShape = 256, // a name where no object had it before: a hidden class, descriptors, a transition
  CopiedDescriptor = 24, // per earlier property, when that hidden class branches off another
  String = 64, // a string value's header and scratch; its characters are counted apart
  DictionaryEntry = 200, // each property past V8's most fast properties: the entry and the name it keeps
  // biome-ignore lint/suspicious/noDuplicateEnumValues: measured alike.
  HeapNumber = 112, // a number that is not a small integer: a heap number and a scratch one
}

/** The most {@link parsedBytes} comes to per byte (an object's `{` is the dearest): a short body needs no count. */
export const MAX_COST_PER_BYTE = Cost.Object + Cost.Slot + 2;

// Bounds on what the count follows (it keeps its own memory near a megabyte): hidden classes remembered, object
// nesting and name length followed (beyond, every name is charged as new), and V8's most fast properties.
const MAX_SHAPES = 8192;
const MAX_TRACKED_DEPTH = 64;
const MAX_TRACKED_NAME = 64;
const MAX_DESCRIPTORS = 1020;

/**
 * What parsing takes: `fixed` bytes, plus the `characters` of string values (twice if the text may be wide, or a `\u`
 * escape, which may stand for a character above U+00FF, occurs).
 */
export type JsonCost = { fixed: number; characters: number; unicodeEscapes: boolean };

/**
 * An upper bound on the memory `JSON.parse` takes for `bytes` (UTF-8), counted in one pass without building anything.
 * Invalid JSON is counted as far as it goes (the parser stops at the first error, having built no more).
 */
export function measureJson(bytes: Uint8Array): JsonCost {
  const cost: JsonCost = { fixed: 0, characters: 0, unicodeEscapes: false };
  // Hidden classes, one per distinct sequence of names from an empty object (class 0): `${parent} ${name}` to the
  // class; a class's own number once one branches off it.
  const shapes = new Map<string | number, number>();
  // Per object being read, at depths 1 to MAX_TRACKED_DEPTH: its hidden class so far (-1: untracked), names read.
  const classes = [-1];
  const names = [0];
  let depth = 0;
  let count = 0; // hidden classes remembered
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    let value = Cost.Slot;
    if (b === 0x22) {
      const start = i + 1;
      while (++i < bytes.length && bytes[i] !== 0x22)
        if (bytes[i] === 0x5c && bytes[++i] === 0x75) cost.unicodeEscapes = true;
      let next = i + 1;
      while ((bytes[next] as number) <= 0x20) next++; // whitespace (other control bytes end the parse anyway)
      if (bytes[next] === 0x3a) {
        value = name(start, i);
        i = next;
      } else {
        value += Cost.String;
        cost.characters += i - start;
      }
    } else if (b === 0x7b) {
      value += Cost.Object;
      if (++depth <= MAX_TRACKED_DEPTH) classes[depth] = names[depth] = 0;
    } else if (b === 0x5b) {
      value += Cost.Array;
    } else if (isScalar(b)) {
      // A number, or true, false, null (a letter first). Up to 9 digits (a sign aside) is a small integer, kept in
      // its slot.
      let dear = false;
      const start = i;
      for (let c = b; isScalar(c); c = bytes[++i] as number) dear ||= c < 0x2d || c === 0x2e || c > 0x39;
      if (b < 0x61 && (dear || i - start - (b === 0x2d ? 1 : 0) > 9)) value += Cost.HeapNumber;
      i--;
    } else {
      if (b === 0x7d && depth) depth--;
      continue;
    }
    cost.fixed += value;
  }
  return cost;

  /** What the property name `bytes[start, end)` of the object being read costs. */
  function name(start: number, end: number): number {
    const length = end - start;
    const text =
      length > MAX_TRACKED_NAME ? '' : String.fromCharCode.apply(null, bytes.subarray(start, end) as never);
    const charge = Cost.Name + (/^\d+$/.test(text) ? Cost.IndexName : 0);
    const level = depth > MAX_TRACKED_DEPTH ? 0 : depth; // 0: none followed (class -1)
    const position = (names[level] as number)++;
    const parent = classes[level] as number;
    // A new name: an object copies descriptors at most once (where it leaves the known paths), never more than its
    // names, so outside what is followed a copied descriptor per name covers that copy.
    const fresh = charge + Cost.NewShape + length * 2;
    if (parent < 0) return fresh + Cost.CopiedDescriptor;
    if (position >= MAX_DESCRIPTORS) return charge + Cost.DictionaryEntry + length * 2;
    const key = length > MAX_TRACKED_NAME ? '' : `${parent} ${text}`;
    const known = shapes.get(key);
    if (known !== undefined) {
      classes[level] = known;
      return charge;
    }
    if (key && count < MAX_SHAPES) {
      // A class no object here had: new, with a copy of the descriptors when it branches off another.
      const branches = shapes.has(parent);
      classes[level] = ++count;
      shapes.set(parent, 0).set(key, count);
      return fresh + (branches ? Cost.CopiedDescriptor * position : 0);
    }
    // Untracked from here on: the names before this one pay for the copy it may make.
    classes[level] = -1;
    return fresh + Cost.CopiedDescriptor * (position + 1);
  }
}

// The first byte of a number, true, false or null, and what may follow it: digits, signs, `.`, and letters.
const isScalar = (c: number) =>
  (c > 0x60 && c < 0x7b) || (c > 0x2a && c < 0x3a && c !== 0x2c && c !== 0x2f) || c === 0x45;

/** The bytes a {@link JsonCost} comes to, for a text that is `wide` (holds a character above U+00FF) or not. */
export function parsedBytes(cost: JsonCost, wide: boolean): number {
  return cost.fixed + cost.characters * (wide || cost.unicodeEscapes ? 2 : 1);
}
