import { describe, expect, it } from 'vitest';
import { derefObject, isObject, loadDocument } from './helpers/document.js';
import { collectExamples, type ExampleCase } from './helpers/examples.js';
import { requiredProperties } from './helpers/schema.js';
import { createValidator } from './helpers/validator.js';

const document = loadDocument();
const validator = createValidator(document);
const examples = collectExamples(document);

type Path = (string | number)[];

/** Path to the first or last primitive (or empty container) reached by always taking the first/last child. */
function leafPath(value: unknown, end: 'first' | 'last'): Path {
  const path: Path = [];
  let current = value;
  for (;;) {
    if (Array.isArray(current) && current.length > 0) {
      const index = end === 'first' ? 0 : current.length - 1;
      path.push(index);
      current = current[index];
    } else if (isObject(current) && Object.keys(current).length > 0) {
      const keys = Object.keys(current);
      const key = (end === 'first' ? keys[0] : keys[keys.length - 1]) as string;
      path.push(key);
      current = current[key];
    } else {
      return path;
    }
  }
}

function wrongType(value: unknown): unknown {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return 'not-a-number';
  if (typeof value === 'boolean') return 'not-a-boolean';
  if (value === null) return { unexpected: true };
  return Array.isArray(value) ? 'not-an-array' : 'not-an-object';
}

function replaceAt(value: unknown, path: Path, replace: (leaf: unknown) => unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replace(value);
  if (Array.isArray(value))
    return value.map((item, index) => (index === head ? replaceAt(item, rest, replace) : item));
  if (isObject(value)) return { ...value, [head]: replaceAt(value[head as string], rest, replace) };
  throw new Error(`cannot step into ${JSON.stringify(value)}`);
}

interface Breaker {
  name: string;
  /** The broken copy, or `undefined` when this way of breaking does not apply to the example. */
  break(example: ExampleCase): unknown;
}

const breakers: Breaker[] = [
  {
    name: 'wrong type at the first leaf',
    break: ({ value }) => replaceAt(structuredClone(value), leafPath(value, 'first'), wrongType),
  },
  {
    name: 'wrong type at the last leaf',
    break: ({ value }) => {
      const last = leafPath(value, 'last');
      if (JSON.stringify(last) === JSON.stringify(leafPath(value, 'first'))) return undefined;
      return replaceAt(structuredClone(value), last, wrongType);
    },
  },
  {
    name: 'a required property dropped',
    break: ({ schema, value }) => {
      if (!isObject(value)) return undefined;
      const required = requiredProperties(document, schema);
      const victim = Object.keys(value).find((key) => required.has(key));
      if (victim === undefined) return undefined;
      const { [victim]: _dropped, ...rest } = value;
      return rest;
    },
  },
];

const brokenCases = examples.flatMap((example) =>
  breakers.flatMap((breaker) => {
    const broken = breaker.break(example);
    return broken === undefined
      ? []
      : [{ pointer: example.pointer, breaker: breaker.name, schema: example.schema, broken }];
  }),
);

describe('examples', () => {
  it('finds the examples of every operation, parameter and shared response', () => {
    expect(examples.length).toBeGreaterThanOrEqual(40);
    const pointers = examples.map((example) => example.pointer);
    for (const fragment of [
      '/paths/',
      '/components/parameters/',
      '/components/responses/',
      '/components/headers/',
    ]) {
      expect(pointers.some((pointer) => pointer.includes(fragment))).toBe(true);
    }
  });

  it('gives every parameter an example', () => {
    const parameters = derefObject(document, document.components).parameters;
    expect(isObject(parameters)).toBe(true);
    for (const [name, parameter] of Object.entries(parameters as object)) {
      expect(parameter, name).toHaveProperty('example');
    }
  });

  it('gives every response body an example', () => {
    const responses: [string, unknown][] = [];
    for (const [path, item] of Object.entries(derefObject(document, document.paths))) {
      const operation = derefObject(document, derefObject(document, item).get);
      for (const [status, response] of Object.entries(derefObject(document, operation.responses))) {
        responses.push([`${path} ${status}`, response]);
      }
    }
    for (const [where, response] of responses) {
      const content = derefObject(document, response).content;
      if (content === undefined) continue;
      for (const [mediaType, media] of Object.entries(derefObject(document, content))) {
        const { example, examples: named } = derefObject(document, media);
        expect(
          example !== undefined || (isObject(named) && Object.keys(named).length > 0),
          `${where} ${mediaType}`,
        ).toBe(true);
      }
    }
  });

  it.each(examples.map((example) => [example.pointer, example] as const))(
    '%s validates',
    (_pointer, example) => {
      const { valid, errors } = validator.validate(example.schema, example.value);
      expect(errors).toEqual([]);
      expect(valid).toBe(true);
    },
  );

  it('breaks every example in at least one way', () => {
    const broken = new Set(brokenCases.map((entry) => entry.pointer));
    expect(examples.filter((example) => !broken.has(example.pointer))).toEqual([]);
    expect(
      brokenCases.filter((entry) => entry.breaker === 'a required property dropped').length,
    ).toBeGreaterThanOrEqual(20);
  });

  it.each(brokenCases.map((entry) => [entry.pointer, entry.breaker, entry] as const))(
    '%s fails with %s',
    (_pointer, _breaker, entry) => {
      expect(validator.validate(entry.schema, entry.broken).valid).toBe(false);
    },
  );
});
