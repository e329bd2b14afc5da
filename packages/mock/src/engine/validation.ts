import { type Operation, operations, type Parameter } from './generated/validators.js';

/** One error of a precompiled validator, as far as the message needs it. */
interface ValidationError {
  readonly instancePath: string;
  readonly message?: string;
}

/** Raw request input: MSW's decoded path parameters and the URL's query string. */
export interface RawRequestInput {
  params: Readonly<Record<string, string | readonly string[] | undefined>>;
  searchParams: URLSearchParams;
}

/** Validated, coerced input with defaults applied, or the message Fastify would have sent. */
export type ValidationResult =
  | { ok: true; params: Record<string, unknown>; query: Record<string, unknown> }
  | { ok: false; message: string };

/**
 * Validates path and query parameters exactly as the real service (Fastify + ajv) does: the validators are
 * Ajv's, precompiled at build time from the OpenAPI document with Fastify's defaults (`coerceTypes: 'array'`,
 * `useDefaults`, first error only), and failures read `"<params|querystring><path> <ajv message>"`. No code
 * is generated at run time, so edge runtimes that forbid `new Function` run it, and the document itself is
 * not loaded: the path templates and parameters come from the same generated module.
 */
export class RequestValidator {
  /** Validates one request of the operation `operationId`. */
  validate(operationId: string, input: RawRequestInput): ValidationResult {
    const operation = shapeOf(operationId);
    const params = pick(operation.params, (name) => {
      const value = input.params[name];
      return Array.isArray(value) ? value.join('/') : (value as string | undefined);
    });
    // Only declared keys are copied: unknown query keys are ignored as on the real service, and a key
    // such as `__proto__` never reaches an object.
    const query = pick(operation.querystring, (name) => {
      const values = input.searchParams.getAll(name);
      if (values.length === 0) return undefined;
      return values.length === 1 ? values[0] : values;
    });
    // Before any pattern or checksum runs on it: every check below is then bounded, whatever the client sends.
    // Fastify validates params before the querystring and stops at the first failing part.
    const message =
      tooLong(params, 'params', MAX_PATH_PARAMETER_LENGTH) ??
      tooLong(query, 'querystring', MAX_QUERY_PARAMETER_LENGTH) ??
      check(operation.params, params, 'params') ??
      check(operation.querystring, query, 'querystring');
    return message === undefined ? { ok: true, params, query } : { ok: false, message };
  }

  /** The operation's path template in the spec, e.g. `/ordinals/v1/brc-20/tokens/{ticker}`. */
  pathTemplate(operationId: string): string {
    return shapeOf(operationId).template;
  }
}

function shapeOf(operationId: string): Operation {
  const table = operations as Readonly<Record<string, Operation | undefined>>;
  const shape = Object.hasOwn(table, operationId) ? table[operationId] : undefined;
  if (shape === undefined) throw new Error(`operation ${operationId} is not in the OpenAPI document`);
  return shape;
}

/**
 * What Ajv's code for `{ type: 'object', properties, required }` does with Fastify's options, one parameter's
 * precompiled validator at a time: fill every missing default, then refuse the first missing required property,
 * then check each present property in the spec's order and stop at the first that fails (coercions are written
 * back into `values`, as Ajv writes them into its data). The message, or undefined when `values` are valid.
 */
function check(
  parameters: readonly Parameter[],
  values: Record<string, unknown>,
  dataVar: string,
): string | undefined {
  for (const { name, default: fallback } of parameters) {
    if (fallback !== undefined && values[name] === undefined) values[name] = fallback;
  }
  const missing = parameters.find(({ name, required }) => required === true && values[name] === undefined);
  if (missing !== undefined) return `${dataVar} must have required property '${missing.name}'`;
  for (const { name, check: valid } of parameters) {
    if (values[name] === undefined) continue;
    const context = {
      instancePath: `/${name}`,
      parentData: values,
      parentDataProperty: name,
      rootData: values,
    };
    if (!valid(values[name], context)) return formatErrors(valid.errors, dataVar);
  }
  return undefined;
}

/**
 * Longest path parameter, in characters (principals are bounded to 170 by their schema, ids are 66): far beyond
 * any valid value, and above upstream's own bound (its router answers 404 to a path parameter past 100).
 */
const MAX_PATH_PARAMETER_LENGTH = 1024;

/**
 * Longest query value, in characters: upstream's own URL limit (Node's 16 KiB request head), so no value upstream
 * can receive is refused here; every check on a value is linear, so it costs microseconds even at this length.
 */
const MAX_QUERY_PARAMETER_LENGTH = 16 * 1024;

/** Ajv's `maxLength` message for the first value past `max` characters, or undefined. */
function tooLong(values: Record<string, unknown>, dataVar: string, max: number): string | undefined {
  for (const name in values) {
    const value = values[name];
    const items = Array.isArray(value) ? value : [value];
    const index = items.findIndex((item) => typeof item === 'string' && item.length > max);
    if (index === -1) continue;
    const at = Array.isArray(value) ? `${name}/${index}` : name;
    return `${dataVar}/${at} must NOT have more than ${max} characters`;
  }
  return undefined;
}

function pick(parameters: readonly Parameter[], read: (name: string) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const { name } of parameters) {
    const value = read(name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** Fastify's default `schemaErrorFormatter`: every error, `", "`-joined, prefixed by the data variable. */
function formatErrors(errors: readonly ValidationError[] | null | undefined, dataVar: string): string {
  return (errors ?? []).map((error) => `${dataVar}${error.instancePath} ${error.message ?? ''}`).join(', ');
}
