import { createRequire } from 'node:module';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RequestValidator } from '../../src/engine/validation';

// The engine validates one parameter at a time with precompiled validators. Upstream's Fastify compiles one
// `{ type: 'object', properties, required }` schema per route part instead. This test builds those object schemas
// from the spec (and upstream's own parameter schemas) and compiles them at run time with Ajv, set up as Fastify's
// compiler sets it up. Then it checks that the engine answers every generated request exactly as they do: the same
// message, and the same coerced values with the same defaults filled in.

const require = createRequire(import.meta.url);
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Record<string, unknown>;
}
interface Document {
  paths: Record<string, Record<string, { operationId?: string; parameters?: unknown[] }>>;
  components: Record<string, Record<string, unknown>>;
}
const document = require('@blockindex/spec/openapi.json') as Document;
// Untyped script module: imported through a computed URL so TypeScript does not look for its declarations.
const upstreamModule = new URL('../../scripts/upstream-parameters.mjs', import.meta.url).href;
const { UPSTREAM_PARAMETERS } = (await import(upstreamModule)) as {
  UPSTREAM_PARAMETERS: Record<string, Record<string, Record<string, unknown>>>;
};

function resolve(raw: unknown): Parameter {
  let current = raw as { $ref?: string };
  while (typeof current.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, segment) => (node as Record<string, unknown>)[segment], document) as {
      $ref?: string;
    };
  }
  return current as Parameter;
}

/** What Fastify's compiler makes of a route part: one object schema, compiled as a whole. */
function objectValidator(ajv: Ajv, parameters: Parameter[]): ValidateFunction {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const parameter of parameters) {
    properties[parameter.name] = parameter.schema ?? {};
    if (parameter.required || parameter.in === 'path') required.push(parameter.name);
  }
  return ajv.compile({ type: 'object', properties, required });
}

interface Route {
  id: string;
  path: Parameter[];
  query: Parameter[];
  params: ValidateFunction;
  querystring: ValidateFunction;
}

function routes(): Route[] {
  const ajv = new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: true, allErrors: false });
  const found: Route[] = [];
  for (const pathItem of Object.values(document.paths)) {
    for (const operation of Object.values(pathItem)) {
      const id = operation.operationId;
      if (id === undefined) continue;
      const byKey = new Map<string, Parameter>();
      for (const raw of operation.parameters ?? []) {
        const parameter = resolve(raw);
        byKey.set(`${parameter.in}:${parameter.name}`, parameter);
      }
      for (const [key, schema] of Object.entries(UPSTREAM_PARAMETERS[id] ?? {})) {
        byKey.set(key, { ...(byKey.get(key) as Parameter), schema });
      }
      const path = [...byKey.values()].filter((parameter) => parameter.in === 'path');
      const query = [...byKey.values()].filter((parameter) => parameter.in === 'query');
      found.push({
        id,
        path,
        query,
        params: objectValidator(ajv, path),
        querystring: objectValidator(ajv, query),
      });
    }
  }
  return found;
}

const format = (errors: ErrorObject[] | null | undefined, dataVar: string) =>
  (errors ?? []).map((error) => `${dataVar}${error.instancePath} ${error.message ?? ''}`).join(', ');

/** Fastify's answer: params first, then the querystring, each validated (and coerced) as a whole. */
function reference(route: Route, pathValues: Record<string, string>, search: URLSearchParams) {
  const params: Record<string, unknown> = {};
  for (const { name } of route.path) if (pathValues[name] !== undefined) params[name] = pathValues[name];
  const query: Record<string, unknown> = {};
  for (const { name } of route.query) {
    const values = search.getAll(name);
    if (values.length > 0) query[name] = values.length === 1 ? values[0] : values;
  }
  if (!route.params(params)) return { ok: false, message: format(route.params.errors, 'params') };
  if (!route.querystring(query))
    return { ok: false, message: format(route.querystring.errors, 'querystring') };
  return { ok: true, params, query };
}

const ADDRESS = 'SP318Q55DEKHRXJK696033DQN5C54D9K2EE6DHRWP';
const HASH = 'ab'.repeat(32);
/** Values that reach every branch of the schemas: valid, coercible, out of range, malformed, empty. */
const VALUES = [
  ADDRESS,
  `${ADDRESS}.token-a`,
  `${ADDRESS}junk`,
  `${ADDRESS}\u0000`,
  'nope',
  '',
  'latest',
  HASH,
  `0x${HASH}`,
  '0x123',
  '0x',
  '0',
  '1',
  '-1',
  '20',
  '50',
  '51',
  '20.5',
  '1e3',
  '0x10',
  ' 7',
  '2147483648',
  'true',
  'false',
  'null',
  'abc',
  '12:34:56',
  '12:abc',
  'a'.repeat(171),
];

describe('RequestValidator, against Ajv on the whole route schemas (as Fastify validates)', () => {
  const validator = new RequestValidator();
  const all = routes();

  it('knows every operation of the spec', () => {
    expect(all.length).toBe(10);
  });

  it('answers every generated request as Ajv on the object schemas does', () => {
    const value = fc.constantFrom(...VALUES);
    // Each request names its route by index, so a counterexample prints short.
    const request = fc.nat({ max: all.length - 1 }).chain((index) => {
      const route = all[index] as Route;
      return fc.record({
        index: fc.constant(index),
        path: fc.record(Object.fromEntries(route.path.map(({ name }) => [name, value]))),
        query: fc.array(fc.tuple(fc.constantFrom(...route.query.map(({ name }) => name), 'other'), value), {
          maxLength: 4,
        }),
      });
    });
    fc.assert(
      fc.property(request, ({ index, path, query }) => {
        const route = all[index] as Route;
        const search = new URLSearchParams(query);
        const got = validator.validate(route.id, { params: path, searchParams: search });
        expect(got).toEqual(reference(route, path, search));
      }),
      { numRuns: 2000 },
    );
  });
});
