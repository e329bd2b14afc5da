import { deref, isObject, type JsonObject } from './document.js';

/** JSON types a value may take under a schema: `string`, `integer`, `object`, `null`, … */
export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

const COMPOSITIONS = ['allOf', 'oneOf', 'anyOf'] as const;

function members(schema: JsonObject, keyword: (typeof COMPOSITIONS)[number]): unknown[] {
  const value = schema[keyword];
  return Array.isArray(value) ? value : [];
}

function typeOfValue(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

/** The JSON types a schema admits, looking through `$ref`, `const`, `enum` and compositions. */
export function jsonTypes(document: JsonObject, schema: unknown): Set<JsonType> {
  const resolved = deref(document, schema);
  const types = new Set<JsonType>();
  if (!isObject(resolved)) return types;
  if (typeof resolved.type === 'string') types.add(resolved.type as JsonType);
  if (Array.isArray(resolved.type)) for (const type of resolved.type) types.add(type as JsonType);
  if ('const' in resolved) types.add(typeOfValue(resolved.const));
  if (Array.isArray(resolved.enum)) for (const value of resolved.enum) types.add(typeOfValue(value));
  for (const keyword of COMPOSITIONS) {
    for (const member of members(resolved, keyword))
      for (const type of jsonTypes(document, member)) types.add(type);
  }
  return types;
}

/**
 * The subschemas that describe one step into a schema: a property name, `[]` for array items or `*` for the
 * values of a map. Looks through `$ref` and into every member of `allOf`, `oneOf` and `anyOf`.
 */
function stepInto(document: JsonObject, schema: unknown, step: string): unknown[] {
  const resolved = deref(document, schema);
  if (!isObject(resolved)) return [];
  const found: unknown[] = [];
  if (step === '[]') {
    if (resolved.items !== undefined) found.push(resolved.items);
  } else if (step === '*') {
    if (isObject(resolved.additionalProperties)) found.push(resolved.additionalProperties);
  } else if (isObject(resolved.properties) && resolved.properties[step] !== undefined) {
    found.push(resolved.properties[step]);
  }
  for (const keyword of COMPOSITIONS) {
    for (const member of members(resolved, keyword)) found.push(...stepInto(document, member, step));
  }
  return found;
}

/** The subschemas reached by following a path of steps (see {@link stepInto}). */
export function followPath(document: JsonObject, schema: unknown, path: readonly string[]): unknown[] {
  let current: unknown[] = [schema];
  for (const step of path) current = current.flatMap((node) => stepInto(document, node, step));
  return current;
}

/**
 * Properties every value of the schema must have: its own `required`, those of all `allOf` members, and
 * those shared by all variants of a `oneOf` / `anyOf`.
 */
export function requiredProperties(document: JsonObject, schema: unknown): Set<string> {
  const resolved = deref(document, schema);
  const required = new Set<string>();
  if (!isObject(resolved)) return required;
  if (Array.isArray(resolved.required)) for (const name of resolved.required) required.add(String(name));
  for (const member of members(resolved, 'allOf')) {
    for (const name of requiredProperties(document, member)) required.add(name);
  }
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const variants = members(resolved, keyword).map((variant) => requiredProperties(document, variant));
    const [first, ...rest] = variants;
    if (!first) continue;
    for (const name of first) if (rest.every((set) => set.has(name))) required.add(name);
  }
  return required;
}
