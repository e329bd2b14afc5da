import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonStructureLimit, PARSED_BUDGET_FACTOR } from '../../src/guards.js';
import { type JsonCost, measureJson, parsedBytes } from '../../src/internal/json-cost.js';

// The cost model of json-cost.ts, in bytes (its comments say why each is what it is).
const SLOT = 32; // every value
const OBJECT = 128;
const ARRAY = 112;
const STRING = 64; // a string value, its characters apart
const HEAP_NUMBER = 112; // a number that is not a small integer (up to 9 digits, a sign aside)
const NAME = 16; // every property name
const INDEX_NAME = 160; // a name V8 keeps as an element: all digits, and at most 10 of them (an array index)
const NEW_SHAPE = 256; // a name no object had at this point of its path: a new hidden class (plus two bytes a byte)
const COPIED_DESCRIPTOR = 24; // per earlier name, when that class branches off one that already has another
const DICTIONARY_ENTRY = 200; // each name past V8's 1020 fast properties (plus two bytes a byte)

const EOF = Symbol('end of text');
const utf8 = (text: string) => new TextEncoder().encode(text);

/**
 * The model computed the plain way: a recursive-descent parse of `text`, a hidden class being the path of names that
 * led to it, with nothing bounded. A truncated text is counted as far as a parser gets before it stops: names once
 * their colon is read, values once they start (a string once it ends).
 */
function reference(text: string): JsonCost {
  const cost: JsonCost = { fixed: 0, characters: 0, unicodeEscapes: false };
  const branches = new Map<string, Set<string>>(); // a class (its path) -> the names leading on from it
  let at = 0;
  const more = () => {
    while (' \t\n\r'.includes(text[at] ?? '.')) at++;
    if (at >= text.length) throw EOF;
    return text[at] as string;
  };
  const string = () => {
    const start = ++at;
    for (; text[at] !== '"'; at += text[at] === '\\' ? 2 : 1) if (at >= text.length) throw EOF;
    const raw = text.slice(start, at++);
    // A `\u` escape in any string, a name's too, may stand for a character above U+00FF.
    if (/(^|[^\\])(\\\\)*\\u/.test(raw)) cost.unicodeEscapes = true;
    return raw;
  };
  const scalar = /true|false|null|-?\d+(\.\d+)?([eE][-+]?\d+)?/y;
  const value = (): void => {
    const c = more();
    cost.fixed += SLOT;
    if (c === '{') {
      cost.fixed += OBJECT;
      at++;
      const path: string[] = [];
      if (more() === '}') at++;
      else
        for (let end = ','; end === ','; end = text[at++] as string) {
          more();
          const name = string();
          more();
          at++; // the colon
          cost.fixed += nameCost(path, name);
          path.push(name);
          value();
          more();
        }
    } else if (c === '[') {
      cost.fixed += ARRAY;
      at++;
      if (more() === ']') at++;
      else
        for (let end = ','; end === ','; end = text[at++] as string) {
          value();
          more();
        }
    } else if (c === '"') {
      const raw = string();
      cost.fixed += STRING;
      cost.characters += utf8(raw).length;
    } else {
      scalar.lastIndex = at;
      const token = scalar.exec(text)?.[0];
      if (token === undefined) throw EOF; // a literal cut short
      at += token.length;
      if (!/^-?\d{1,9}$/.test(token)) cost.fixed += c === 't' || c === 'f' || c === 'n' ? 0 : HEAP_NUMBER;
    }
  };
  function nameCost(path: string[], name: string): number {
    const length = utf8(name).length;
    const charge = NAME + (/^\d{1,10}$/.test(name) ? INDEX_NAME : 0);
    if (path.length >= 1020) return charge + DICTIONARY_ENTRY + length * 2;
    const parent = JSON.stringify(path);
    const next = branches.get(parent) ?? new Set<string>();
    branches.set(parent, next);
    if (next.has(name)) return charge;
    next.add(name);
    return charge + NEW_SHAPE + length * 2 + (next.size > 1 ? COPIED_DESCRIPTOR * path.length : 0);
  }
  try {
    value();
  } catch (error) {
    if (error !== EOF) throw error;
  }
  return cost;
}

// JSON texts, written as a server may write them: whitespace anywhere between tokens, escapes, numbers in every form,
// names drawn from a small pool (so that objects share hidden classes, and branch off each other's).
const space = fc.constantFrom('', '', ' ', '\n', '\t', '\r\n  ');
const character = fc.oneof(
  fc.constantFrom(
    'a',
    'Z',
    ' ',
    'é',
    'ÿ',
    '€',
    '😀',
    '\\"',
    '\\\\',
    '\\/',
    '\\n',
    '\\t',
    '\\u0041',
    '\\u00e9',
    '\\u0100',
  ),
  fc.string({ maxLength: 3 }).map((s) => JSON.stringify(s).slice(1, -1)),
);
const stringText = fc.array(character, { maxLength: 8 }).map((parts) => `"${parts.join('')}"`);
const name = fc.oneof(
  fc.constantFrom(
    '"a"',
    '"b"',
    '"id"',
    '"tx_id"',
    '"0"',
    '"7"',
    '"07"',
    '"4294967295"',
    '""',
    '"\\u0061"',
    '"é"',
  ),
  stringText,
);
const number = fc.oneof(
  fc.integer().map(String),
  fc.constantFrom(
    '0',
    '-0',
    '-123456789',
    '123456789',
    '1234567890',
    '-1234567890',
    '1.5',
    '1e5',
    '1E+2',
    '2.5e-3',
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
);
const { json } = fc.letrec<{ json: string }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    stringText,
    number,
    fc.constantFrom('true', 'false', 'null'),
    fc
      .tuple(fc.array(tie('json'), { maxLength: 5 }), space)
      .map(([items, s]) => `[${s}${items.join(`${s},${s}`)}${s}]`),
    fc
      .tuple(fc.array(fc.tuple(name, tie('json')), { maxLength: 6 }), space)
      .map(([entries, s]) => `{${s}${entries.map(([k, v]) => `${k}${s}:${s}${v}`).join(`${s},`)}${s}}`),
  ),
}));
/** Several values in an array: later objects meet the hidden classes earlier ones made. */
const body = fc
  .tuple(fc.array(json, { minLength: 1, maxLength: 6 }), space)
  .map(([items, s]) => `[${items.join(`,${s}`)}]`);

/** What the guard's budget compares: the text as a string, and its parsed values. */
function needed(text: string, cost: JsonCost): number {
  const wide = /[^\0-\xff]/.test(text);
  return text.length * (wide ? 2 : 1) + parsedBytes(cost, wide);
}

/**
 * The guard refuses `text` under `maxBytes` whenever the reference count says it needs more than the budget and, when
 * `exact` (the text within what the count follows), only then if the text is Latin-1 (its characters counted exactly).
 */
function checkVerdict(text: string, maxBytes: number, exact: boolean): void {
  const bytes = utf8(text);
  const refused = jsonStructureLimit().body?.(bytes, maxBytes) !== undefined;
  const over = needed(text, reference(text)) > PARSED_BUDGET_FACTOR * maxBytes;
  if (over) expect(refused).toBe(true);
  if (exact && !/[^\0-\xff]/.test(text)) expect(refused).toBe(over);
}

describe('measureJson', () => {
  it('counts what the plain reference counts, for any JSON text within what it follows', () => {
    fc.assert(
      fc.property(body, (text) => {
        expect(JSON.parse(text)).toBeDefined(); // the generator writes valid JSON
        expect(measureJson(utf8(text))).toEqual(reference(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('never counts less than the reference for a JSON text cut anywhere (a parser stops where it ends)', () => {
    fc.assert(
      fc.property(body, fc.nat(), (text, cut) => {
        const prefix = text.slice(0, cut % (text.length + 1));
        const measured = measureJson(utf8(prefix));
        const wanted = reference(prefix);
        expect(parsedBytes(measured, false)).toBeGreaterThanOrEqual(parsedBytes(wanted, false));
        expect(parsedBytes(measured, true)).toBeGreaterThanOrEqual(parsedBytes(wanted, true));
      }),
      { numRuns: 3000 },
    );
  });

  const keys = (count: number, prefix = 'k') =>
    Array.from({ length: count }, (_, k) => `"${prefix}${k}":0`).join(',');
  const objects = (count: number, item: (i: number) => string) =>
    Array.from({ length: count }, (_, i) => item(i)).join(',');
  it.each([
    ['objects nested past what it follows', `${'{"a":[{"b":1},'.repeat(100)}0${']}'.repeat(100)}`],
    [
      'names longer than it follows, after known ones',
      `[${objects(40, (i) => `{${keys(3)},"${'n'.repeat(60 + i)}":1,"x":2}`)}]`,
    ],
    ['long names all digits', `[${objects(20, (i) => `{"${'1'.repeat(70 + (i % 3))}":1,"b":2}`)}]`],
    ['objects past the fast properties, twice', `[{${keys(1100)}},{${keys(1100)}}]`],
    [
      'more hidden classes than it remembers, then branches off known paths',
      `[{${keys(40)}},${objects(9000, (i) => `{"n${i}":1,"b":2}`)},${objects(50, (i) => `{${keys(40)},"x${i}":1}`)}]`,
    ],
    ['objects branching off long known paths', `[${objects(200, (i) => `{${keys(40)},"x${i}":1}`)}]`],
  ])('never counts less than the reference for %s', (_name, text) => {
    expect(JSON.parse(text)).toBeDefined();
    const measured = measureJson(utf8(text));
    const wanted = reference(text);
    expect(measured.fixed).toBeGreaterThanOrEqual(wanted.fixed);
    expect(measured.characters).toBe(wanted.characters);
    checkVerdict(text, Math.floor(needed(text, wanted) / PARSED_BUDGET_FACTOR), false);
  });

  it('gives jsonStructureLimit the reference verdict at the edge of the budget (short bodies skipped soundly)', () => {
    fc.assert(
      fc.property(
        body,
        fc.integer({ min: -3, max: 3 }),
        fc.double({ min: 0.01, max: 2, noNaN: true }),
        (text, edge, scale) => {
          const limit = needed(text, reference(text)) / PARSED_BUDGET_FACTOR;
          checkVerdict(text, Math.max(1, Math.floor(limit) + edge), true);
          checkVerdict(text, Math.max(1, Math.floor(limit * scale)), true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
