import { DEPRECATED_OPERATIONS } from '@blockindex/spec/constants';
import type { operations } from '@blockindex/spec/types';
import type { World } from '../world';
import { type Answer, type OperationId, plainJson } from './answer';
import { validationError } from './errors';
import { DEPRECATION_WARNING } from './headers';
import { ResponseCache } from './response-cache';
import type { Scenarios } from './scenarios/scenarios';
import { RequestValidator } from './validation';

export type { OperationId } from './answer';

type Parameters<Id extends OperationId> = operations[Id]['parameters'];
type Defined<T> = T extends undefined ? never : T;

/** Path parameters of an operation after validation. */
export type PathOf<Id extends OperationId> = Defined<Parameters<Id>['path']>;
/** Query parameters of an operation after validation and coercion. */
export type QueryOf<Id extends OperationId> = Defined<Parameters<Id>['query']>;

/** What every operation shares: the world it answers from, the scenarios in front, the answer cache. */
export interface HandlerContext {
  readonly world: World;
  readonly scenarios: Scenarios | undefined;
  readonly cache: ResponseCache;
}

/** The state the operations of one host share over one world: a fresh answer cache per world. */
export function createHandlerContext(world: World, scenarios: Scenarios | undefined): HandlerContext {
  return { world, scenarios, cache: new ResponseCache() };
}

/** A request as the operations see it, whichever host (msw, the standalone server) received it. */
export interface OperationInput {
  /** The request URL: the query string is read from it. */
  readonly url: URL;
  /** Path parameters, percent-decoded. */
  readonly params: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** A request header (repeated values joined with `, `), or null. */
  header(name: string): string | null;
  /** The request as a Fetch `Request`, for the scenarios; hosts that have none build it on demand. */
  request(): Request;
}

/** What an operation makes of a request before looking at the world: its validated input and cache key. */
export interface Prepared {
  readonly operationId: OperationId;
  readonly input: ValidInput<OperationId>;
  /** The operation and its validated input, as the key of the answer cache. */
  readonly key: string;
}

/**
 * One operation in two steps. `prepare` reads the request alone (routing, validation, coercion): the same
 * target always prepares the same way, so hosts may remember it. `answer` looks the prepared request up in
 * the world. Neither mutates what it is given, so prepared requests can be shared between requests.
 */
export interface Operation {
  /** The validated input, or the refusal (a validation 400, a redirect) the real service sends. */
  prepare(input: Pick<OperationInput, 'url' | 'params'>): Prepared | Answer;
  /** The answer from the world; `prepared` comes from this operation's own `prepare`. */
  answer(context: HandlerContext, prepared: Prepared): Answer;
}

/**
 * Defines an operation from its answer over typed, validated input. `precheck` runs before validation, for
 * what the real route answers before its schema is applied (a redirect).
 */
export function defineOperation<Id extends OperationId>(
  operationId: Id,
  answer: (context: HandlerContext, input: ValidInput<Id>) => Answer,
  precheck?: (input: Pick<OperationInput, 'url' | 'params'>) => Answer | undefined,
): Operation {
  return {
    prepare(input) {
      const refused = precheck?.(input);
      if (refused !== undefined) return refused;
      const valid = validateInput(operationId, input);
      if (isAnswer(valid)) return valid;
      const key = `${operationId} ${JSON.stringify(valid.path)} ${JSON.stringify(valid.query)}`;
      return { operationId, input: valid, key };
    },
    // `prepared` was made by `prepare` above, for this operation.
    answer: (context, prepared) => answer(context, prepared.input as ValidInput<Id>),
  };
}

let sharedValidator: RequestValidator | undefined;

// Looked up lazily and shared: the validators are precompiled, so there is nothing to compile at run time.
function validator(): RequestValidator {
  sharedValidator ??= new RequestValidator();
  return sharedValidator;
}

/** True when the spec marks the operation `deprecated` (`@blockindex/spec/constants`). */
export function isDeprecated(operationId: OperationId): boolean {
  return Object.hasOwn(DEPRECATED_OPERATIONS, operationId);
}

/**
 * `answer` with the `Warning` the real service adds to every answer of a deprecated operation (the same
 * object when it has it already, or the operation is not deprecated).
 */
export function withDeprecation(operationId: OperationId, answer: Answer): Answer {
  if (!isDeprecated(operationId) || answer.headers.warning === DEPRECATION_WARNING) return answer;
  return { ...answer, headers: { ...answer.headers, warning: DEPRECATION_WARNING } };
}

/** The operation's path template in the spec, e.g. `/ordinals/v1/brc-20/tokens/{ticker}`. */
export function pathTemplate(operationId: OperationId): string {
  return validator().pathTemplate(operationId);
}

/** Validated input of an operation: typed, coerced values with defaults applied. */
export interface ValidInput<Id extends OperationId> {
  readonly path: PathOf<Id>;
  readonly query: QueryOf<Id>;
}

/**
 * Validates an operation's path and query parameters against the spec: typed, coerced values with
 * defaults applied, or the 400 the real service sends.
 */
function validateInput<Id extends OperationId>(
  operationId: Id,
  input: Pick<OperationInput, 'url' | 'params'>,
): ValidInput<Id> | Answer {
  const result = validator().validate(operationId, {
    params: input.params,
    searchParams: input.url.searchParams,
  });
  if (!result.ok) return plainJson(validationError(result.message), 400);
  // Ajv coerces a long digit string to a double past 2^53 (`offset=25817916191724255645270016`), which would
  // be echoed as `2.58e+25` (or as `null` for `1e309`, which becomes Infinity); upstream fails such input with a 500 from Postgres. The mock answers the
  // documented validation 400 instead, so no answer carries an integer that is not a safe one.
  const unsafe = unsafeInteger(result.params, 'params') ?? unsafeInteger(result.query, 'querystring');
  if (unsafe !== undefined) return plainJson(validationError(unsafe), 400);
  // The schemas these values were just checked and coerced against are the ones these types come from.
  return { path: result.params as PathOf<Id>, query: result.query as QueryOf<Id> };
}

/** True when `value` is an answer (a refusal) rather than the input or value that was hoped for. */
export function isAnswer<T extends object>(value: T | Answer): value is Answer {
  return 'status' in value && 'sized' in value;
}

function unsafeInteger(values: Record<string, unknown>, dataVar: string): string | undefined {
  for (const name in values) {
    const value = values[name];
    // Every number parameter of the spec is an integer, which Ajv lets through as ±Infinity past the largest double.
    if (typeof value === 'number' && !Number.isSafeInteger(value)) {
      return `${dataVar}/${name} must be ${value < 0 ? '>=' : '<='} ${value < 0 ? Number.MIN_SAFE_INTEGER : Number.MAX_SAFE_INTEGER}`;
    }
  }
  return undefined;
}
