import * as validators from './generated/validators.js';

/** One error of a precompiled validator, as far as the message needs it. */
interface ValidationError {
  readonly instancePath: string;
  readonly message?: string;
}

/** A validator precompiled by `scripts/generate-validators.mjs` (Ajv standalone code). */
interface ValidateFunction {
  (data: unknown): boolean;
  errors?: readonly ValidationError[] | null;
}

/** The part of an OpenAPI 3.1 document the validator reads. */
export interface OpenApiDocument {
  paths?: Record<string, Record<string, unknown> | undefined>;
  components?: Record<string, unknown>;
}

interface ParameterObject {
  name: string;
  in: string;
  required?: boolean;
  schema?: unknown;
}

interface OperationObject {
  operationId?: string;
  deprecated?: boolean;
  parameters?: unknown[];
}

interface OperationValidators {
  params: ValidateFunction;
  querystring: ValidateFunction;
  pathNames: readonly string[];
  queryNames: readonly string[];
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

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * Validates path and query parameters exactly as the real service (Fastify + ajv) does: the validators are
 * Ajv's, precompiled at build time from the OpenAPI document with Fastify's defaults (`coerceTypes: 'array'`,
 * `useDefaults`, first error only), and failures read `"<params|querystring><path> <ajv message>"`. No code
 * is generated at run time, so edge runtimes that forbid `new Function` run it.
 */
export class RequestValidator {
  readonly #document: OpenApiDocument;
  readonly #operations = new Map<string, OperationValidators>();

  constructor(document: OpenApiDocument) {
    this.#document = document;
  }

  /** Validates one request of the operation `operationId`; compiles its schemas on first use. */
  validate(operationId: string, input: RawRequestInput): ValidationResult {
    const operation = this.#compiled(operationId);
    const params = pick(operation.pathNames, (name) => {
      const value = input.params[name];
      return Array.isArray(value) ? value.join('/') : (value as string | undefined);
    });
    // Only declared keys are copied: unknown query keys are ignored as on the real service, and a key
    // such as `__proto__` never reaches an object.
    const query = pick(operation.queryNames, (name) => {
      const values = input.searchParams.getAll(name);
      if (values.length === 0) return undefined;
      return values.length === 1 ? values[0] : values;
    });
    // Fastify validates params before the querystring and stops at the first failing part.
    if (!operation.params(params))
      return { ok: false, message: formatErrors(operation.params.errors, 'params') };
    if (!operation.querystring(query)) {
      return { ok: false, message: formatErrors(operation.querystring.errors, 'querystring') };
    }
    return { ok: true, params, query };
  }

  #compiled(operationId: string): OperationValidators {
    const cached = this.#operations.get(operationId);
    if (cached) return cached;
    const parameters = this.#parametersOf(operationId);
    const path = parameters.filter((parameter) => parameter.in === 'path');
    const query = parameters.filter((parameter) => parameter.in === 'query');
    const compiled: OperationValidators = {
      params: precompiled(`${operationId}_params`),
      querystring: precompiled(`${operationId}_querystring`),
      pathNames: path.map((parameter) => parameter.name),
      queryNames: query.map((parameter) => parameter.name),
    };
    this.#operations.set(operationId, compiled);
    return compiled;
  }

  /** The operation's path template in the document, e.g. `/ordinals/v1/brc-20/tokens/{ticker}`. */
  pathTemplate(operationId: string): string {
    return this.#find(operationId).template;
  }

  #find(operationId: string): {
    template: string;
    pathItem: Record<string, unknown>;
    operation: OperationObject;
  } {
    for (const [template, pathItem] of Object.entries(this.#document.paths ?? {})) {
      if (!pathItem) continue;
      for (const method of HTTP_METHODS) {
        const operation = pathItem[method] as OperationObject | undefined;
        if (operation?.operationId === operationId) return { template, pathItem, operation };
      }
    }
    throw new Error(`operation ${operationId} is not in the OpenAPI document`);
  }

  #parametersOf(operationId: string): ParameterObject[] {
    const { pathItem, operation } = this.#find(operationId);
    const shared = (pathItem.parameters as unknown[] | undefined) ?? [];
    const byKey = new Map<string, ParameterObject>();
    // Operation-level parameters override path-level ones with the same name and location.
    for (const raw of [...shared, ...(operation.parameters ?? [])]) {
      const parameter = this.#resolve(raw) as ParameterObject;
      byKey.set(`${parameter.in}:${parameter.name}`, parameter);
    }
    return [...byKey.values()];
  }

  #resolve(value: unknown): unknown {
    let current = value;
    for (let depth = 0; depth < 16; depth += 1) {
      const ref = (current as { $ref?: unknown } | null)?.$ref;
      if (typeof ref !== 'string') return current;
      current = resolvePointer(this.#document, ref);
    }
    throw new Error('OpenAPI $ref chain too deep');
  }
}

function precompiled(name: string): ValidateFunction {
  const found = (validators as unknown as Record<string, ValidateFunction | undefined>)[name];
  if (found === undefined) {
    throw new Error(`no precompiled validator ${name}: run \`node scripts/generate-validators.mjs\``);
  }
  return found;
}

function pick(names: readonly string[], read: (name: string) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const value = read(name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** Fastify's default `schemaErrorFormatter`: every error, `", "`-joined, prefixed by the data variable. */
function formatErrors(errors: readonly ValidationError[] | null | undefined, dataVar: string): string {
  return (errors ?? []).map((error) => `${dataVar}${error.instancePath} ${error.message ?? ''}`).join(', ');
}

function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported, got ${ref}`);
  let current: unknown = document;
  for (const segment of ref.slice(2).split('/')) {
    const key = decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) {
      throw new Error(`unresolvable $ref ${ref}`);
    }
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
