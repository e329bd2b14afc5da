import { openapi } from '@blockindex/spec';
import type { ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;

const DOCUMENT_ID = 'https://blockindex.invalid/spec.json';
const document = openapi as unknown as Json;

// Strict mode stays on: the spec's own schemas must compile cleanly, only OpenAPI keywords are allowed.
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
ajv.addVocabulary(['discriminator', 'xml', 'externalDocs', 'example']);
ajv.addKeyword('components');
ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas: (document.components as Json).schemas } });

function resolve(value: unknown): Json {
  let current = value as Json;
  while (typeof current?.$ref === 'string') {
    const pointer = (current.$ref as string).slice(2).split('/');
    current = pointer.reduce<Json>((node, key) => node[key] as Json, document);
  }
  return current;
}

function operation(operationId: string): Json {
  for (const item of Object.values(document.paths as Json)) {
    const get = (item as Json).get as Json | undefined;
    if (get?.operationId === operationId) return get;
  }
  throw new Error(`unknown operation ${operationId}`);
}

/** Status codes (and `default`) the spec declares for an operation. */
export function declaredStatuses(operationId: string): string[] {
  return Object.keys(operation(operationId).responses as Json);
}

const cache = new Map<string, ValidateFunction | null>();

/** The ajv validator of an operation's JSON body for `status` (falling back to `default`), or null when bodiless. */
function responseValidator(operationId: string, status: number): ValidateFunction | null {
  const key = `${operationId} ${status}`;
  if (cache.has(key)) return cache.get(key) ?? null;
  const responses = operation(operationId).responses as Json;
  const declared = responses[String(status)] ?? responses.default;
  if (!declared) throw new Error(`${operationId} declares no ${status} response`);
  const content = resolve(declared).content as Json | undefined;
  const schema = (content?.['application/json'] as Json | undefined)?.schema;
  const validate = schema ? ajv.compile(anchorRefs(schema) as Json) : null;
  cache.set(key, validate);
  return validate;
}

// Local refs (`#/components/...`) must resolve inside the registered document, not the compiled fragment.
function anchorRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(anchorRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key === '$ref' && typeof child === 'string' && child.startsWith('#')
        ? DOCUMENT_ID + child
        : anchorRefs(child),
    ]),
  );
}

/** Asserts a body matches the spec's schema for that operation and status; returns ajv's errors otherwise. */
export function schemaErrors(operationId: string, status: number, body: unknown): string | undefined {
  const validate = responseValidator(operationId, status);
  if (!validate) return body === undefined ? undefined : `${operationId} ${status} declares no body`;
  return validate(body) ? undefined : ajv.errorsText(validate.errors);
}
