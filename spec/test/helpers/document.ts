import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

/** A JSON object as parsed from the document. */
export type JsonObject = { [key: string]: unknown };

/** Absolute path of the spec package root. */
export const specRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Absolute path of `openapi.yaml`. */
const specPath = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));

/** Whether a value is a plain JSON object (not an array, not null). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses `openapi.yaml` afresh, so a test may mutate its copy. */
export function loadDocument(): JsonObject {
  const document: unknown = parse(readFileSync(specPath, 'utf8'));
  if (!isObject(document)) throw new Error('openapi.yaml is not a mapping');
  return document;
}

/** Escapes one JSON-pointer segment (RFC 6901). */
export function escapePointerSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** The value at a local JSON pointer (`#/a/b` or `/a/b`) of the document. */
function resolvePointer(document: JsonObject, pointer: string): unknown {
  const path = pointer.replace(/^#/, '');
  if (path === '') return document;
  let current: unknown = document;
  for (const raw of path.slice(1).split('/')) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isObject(current) && !Array.isArray(current)) throw new Error(`cannot resolve ${pointer}`);
    current = (current as Record<string, unknown>)[segment];
    if (current === undefined) throw new Error(`cannot resolve ${pointer}`);
  }
  return current;
}

/** Follows `$ref`s (local ones only, as in this document) until a non-reference object. */
export function deref(document: JsonObject, value: unknown): unknown {
  let current = value;
  const seen = new Set<string>();
  while (isObject(current) && typeof current.$ref === 'string') {
    if (seen.has(current.$ref)) throw new Error(`circular $ref ${current.$ref}`);
    seen.add(current.$ref);
    current = resolvePointer(document, current.$ref);
  }
  return current;
}

/** Like {@link deref} but insists on an object. */
export function derefObject(document: JsonObject, value: unknown): JsonObject {
  const resolved = deref(document, value);
  if (!isObject(resolved)) throw new Error(`expected an object, got ${JSON.stringify(resolved)}`);
  return resolved;
}

/** A named schema of `components.schemas`. */
export function componentSchema(document: JsonObject, name: string): JsonObject {
  return derefObject(document, { $ref: `#/components/schemas/${name}` });
}
