// What `JSON.parse` may allocate, in bytes, on a 64-bit V8 without pointer compression (Node's builds): measured peaks
// while parsing (the values kept and the parser's scratch), rounded up. `[{},{},...]` takes 30 times its size once
// parsed; these bound it before anything is built. An enum, so that the build writes the numbers in place.
enum Cost {
  Object = 128, // header and in-object slots
  Array = 112, // header and backing store
  Element = 32, // each element: its slot and the parser's scratch copy
  Property = 48, // each property: its slot (or dictionary entry) and the scratch copy
  IndexProperty = 160, // a name all digits: an element of a dictionary of the object's own
  NewShape = 256, // a name where no object had it before: a hidden class, descriptors, a transition
  CopiedDescriptor = 24, // per earlier property, when that hidden class branches off another
  String = 64, // a string value's header and scratch; its characters are counted apart
  DictionaryEntry = 200, // each property past V8's most fast properties: the entry and the name it keeps
  // biome-ignore lint/suspicious/noDuplicateEnumValues: measured alike.
  HeapNumber = 112, // a number that is not a small integer: a heap number and a scratch one
}

/** The most {@link parsedBytes} comes to per byte (an object's `{` is the dearest): a short body needs no count. */
export const MAX_COST_PER_BYTE = Cost.Object + Cost.Element + 2;

// Bounds on what the count follows (it keeps its own memory near a megabyte): hidden-class paths remembered,
// object nesting and name length followed (beyond, every name is charged as new), and V8's most fast properties.
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
  let cost = 0;
  let characters = 0;
  // Hidden classes: one per distinct sequence of property names from an empty object (a path in this tree).
  const shapes = new Map<string, number>();
  const children = [0];
  // Per object being read (the outer MAX_TRACKED_DEPTH): [its hidden class so far (-1: untracked), names read].
  const levels: [number, number][] = [];
  let depth = 0;
  let afterColon = false; // the value being read is a property's, whose slot is counted with its name
  const n = bytes.length;
  const isNumber = (b = -1) =>
    (b >= 0x30 && b <= 0x39) || b === 0x2d || b === 0x2b || b === 0x2e || (b | 32) === 0x65;
  for (let i = 0; i < n; i++) {
    const b = bytes[i] as number;
    let value = -1; // what the value starting here costs besides its slot; -1: none starts here
    if (b === 0x22) {
      // A string: its closing quote found natively, escaped quotes stepped over.
      let end = i;
      for (;;) {
        end = bytes.indexOf(0x22, end + 1);
        let slashes = 0;
        while (bytes[end - 1 - slashes] === 0x5c) slashes++;
        if (end < 0 || slashes % 2 === 0) break;
      }
      if (end < 0) end = n;
      let next = end + 1;
      while (bytes[next] === 0x20 || bytes[next] === 0x0a || bytes[next] === 0x0d || bytes[next] === 0x09)
        next++;
      if (bytes[next] === 0x3a) {
        cost += keyCost(i + 1, end);
        afterColon = false;
      } else {
        value = Cost.String;
        characters += end - i - 1;
      }
      i = end;
    } else if (b === 0x7b) {
      value = Cost.Object;
      if (depth++ < MAX_TRACKED_DEPTH) levels.push([0, 0]);
    } else if (b === 0x5b) {
      value = Cost.Array;
    } else if (b === 0x7d) {
      if (depth > 0 && --depth < MAX_TRACKED_DEPTH) levels.pop();
    } else if (b === 0x3a || b === 0x2c) {
      afterColon = b === 0x3a; // `:` starts a property's value, `,` an element (or a name)
    } else if (isNumber(b)) {
      let end = i;
      let plain = true;
      for (; isNumber(bytes[end]); end++)
        plain &&= bytes[end] !== 0x2e && bytes[end] !== 0x2b && ((bytes[end] as number) | 32) !== 0x65;
      // Up to 9 digits (a sign aside) is a small integer, kept in its slot; anything else may be a heap number.
      value = plain && end - i - (b === 0x2d ? 1 : 0) <= 9 ? 0 : Cost.HeapNumber;
      i = end - 1;
    } else if (b === 0x74 || b === 0x66 || b === 0x6e) {
      value = 0; // true, false, null: only a slot
      while ((bytes[i + 1] as number) >= 0x61 && (bytes[i + 1] as number) <= 0x7a) i++;
    }
    if (value >= 0) {
      cost += (afterColon ? 0 : Cost.Element) + value;
      afterColon = false;
    }
  }
  let unicodeEscapes = false;
  for (let at = bytes.indexOf(0x5c); at >= 0 && !unicodeEscapes; at = bytes.indexOf(0x5c, at + 2)) {
    unicodeEscapes = bytes[at + 1] === 0x75;
  }
  return { fixed: cost, characters, unicodeEscapes };

  /** The cost of the property name `bytes[start, end)` in the object being read. */
  function keyCost(start: number, end: number): number {
    const length = end - start;
    const name = bytes.subarray(start, end);
    const charge =
      Cost.Property + (length > 0 && name.every((c) => c >= 0x30 && c <= 0x39) ? Cost.IndexProperty : 0);
    const level = levels[depth - 1]; // none past MAX_TRACKED_DEPTH
    const position = level ? level[1]++ : 0;
    if (position >= MAX_DESCRIPTORS) return charge + Cost.DictionaryEntry + length * 2;
    // A new name: an object copies descriptors at most once (where it leaves the known paths), never more than its
    // names, so outside what is followed a copied descriptor per name covers that copy.
    const fresh = charge + Cost.NewShape + length * 2;
    if (!level || level[0] < 0) return fresh + Cost.CopiedDescriptor;
    const parent = level[0];
    // A hidden class is found by (parent class, name).
    const key =
      length > MAX_TRACKED_NAME ? '' : `${parent}:${String.fromCharCode.apply(null, name as never)}`;
    const known = shapes.get(key);
    if (known !== undefined) {
      level[0] = known;
      return charge;
    }
    if (key && shapes.size < MAX_SHAPES) {
      // A class no object here had: new, with a copy of the descriptors when it branches off another.
      const branches = (children[parent] as number) > 0;
      children[parent] = (children[parent] as number) + 1;
      level[0] = children.push(0) - 1;
      shapes.set(key, level[0]);
      return fresh + (branches ? Cost.CopiedDescriptor * position : 0);
    }
    // Untracked from here on: the names before this one pay for the copy it may make.
    level[0] = -1;
    return fresh + Cost.CopiedDescriptor * (position + 1);
  }
}

/** The bytes a {@link JsonCost} comes to, for a text that is `wide` (holds a character above U+00FF) or not. */
export function parsedBytes(cost: JsonCost, wide: boolean): number {
  return cost.fixed + cost.characters * (wide || cost.unicodeEscapes ? 2 : 1);
}
