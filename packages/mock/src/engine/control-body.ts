import { jsonResponse } from '../internal/json-response';

/**
 * Reading a control route's JSON body against a small declared shape: every field's type is checked before
 * anything uses it, and an unknown or misspelled field is refused by name, so no body can crash a route or be
 * silently ignored. Any control route (mine, scenario, sunset, a re-org) declares its fields once here.
 */

/** One field of a control body. */
type FieldRule =
  | { readonly type: 'integer'; readonly min: number; readonly max: number }
  | { readonly type: 'boolean' }
  | {
      readonly type: 'string';
      readonly maxLength: number;
      /** A check past the type, and what it expects (`a Stacks address`). */
      readonly check?: { readonly test: (value: string) => boolean; readonly expected: string };
    }
  | { readonly type: 'strings'; readonly maxItems: number; readonly oneOf: readonly string[] }
  | { readonly type: 'object'; readonly fields: BodyShape; readonly nullable?: boolean }
  /** A value with a grammar of its own, shared with another surface: `check` says what is wrong, in full. */
  | { readonly type: 'custom'; readonly check: (value: unknown) => string | undefined };

/** The fields a control body may have, by name; every field is optional. */
export type BodyShape = Readonly<Record<string, FieldRule & { readonly required?: boolean }>>;

type ValueOf<Rule> = Rule extends { type: 'integer' }
  ? number
  : Rule extends { type: 'boolean' }
    ? boolean
    : Rule extends { type: 'string' }
      ? string
      : Rule extends { type: 'strings' }
        ? string[]
        : Rule extends { type: 'object'; fields: infer Fields extends BodyShape; nullable: true }
          ? BodyOf<Fields> | null
          : Rule extends { type: 'object'; fields: infer Fields extends BodyShape }
            ? BodyOf<Fields>
            : Rule extends { type: 'custom' }
              ? unknown
              : never;

/** The checked body a shape describes: each present field with its checked type. */
export type BodyOf<Shape extends BodyShape> = {
  -readonly [Name in keyof Shape]?: ValueOf<Shape[Name]>;
};

/** A `400` in the Fastify error shape, saying what was wrong with which field. */
export function badControlRequest(message: string): Response {
  return jsonResponse({ statusCode: 400, error: 'Bad Request', message }, 400);
}

/**
 * Parses `raw` as a JSON object (an empty body is `{}`) and checks it against `shape`: the checked body, or a
 * `400` whose message names the first field that is unknown, missing or of the wrong type (`body/failNext/count`).
 */
export function readControlBody<Shape extends BodyShape>(
  raw: Uint8Array,
  shape: Shape,
): BodyOf<Shape> | Response {
  const text = new TextDecoder().decode(raw).trim();
  let value: unknown = {};
  if (text !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      return badControlRequest('body must be a JSON object (it is not valid JSON)');
    }
  }
  const problem = checkObject(value, shape, 'body');
  return problem === undefined ? (value as BodyOf<Shape>) : badControlRequest(problem);
}

function checkObject(value: unknown, shape: BodyShape, at: string): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return `${at} must be a JSON object`;
  }
  const known = Object.keys(shape);
  for (const name of Object.keys(value)) {
    if (!Object.hasOwn(shape, name)) {
      return `${at}/${name.slice(0, 64)} is not a known field (known: ${known.join(', ') || 'none'})`;
    }
  }
  for (const name of known) {
    const rule = shape[name] as BodyShape[string];
    const field = (value as Record<string, unknown>)[name];
    if (field === undefined) {
      if (rule.required) return `${at}/${name} is required`;
      continue;
    }
    const problem = checkField(field, rule, `${at}/${name}`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

function checkField(value: unknown, rule: FieldRule, at: string): string | undefined {
  switch (rule.type) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) && value >= rule.min && value <= rule.max
        ? undefined
        : `${at} must be an integer from ${rule.min} to ${rule.max}`;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `${at} must be true or false`;
    case 'string':
      if (typeof value !== 'string' || value.length > rule.maxLength) {
        return `${at} must be a string of at most ${rule.maxLength} characters`;
      }
      return rule.check === undefined || rule.check.test(value)
        ? undefined
        : `${at} must be ${rule.check.expected} (got "${value}")`;
    case 'strings': {
      const list = `${at} must be a list of at most ${rule.maxItems} of: ${rule.oneOf.join(', ')}`;
      if (!Array.isArray(value) || value.length > rule.maxItems) return list;
      const wrong = value.find((item) => typeof item !== 'string' || !rule.oneOf.includes(item));
      return wrong === undefined ? undefined : `${list} (got ${JSON.stringify(wrong).slice(0, 80)})`;
    }
    case 'object':
      if (value === null && rule.nullable) return undefined;
      return checkObject(value, rule.fields, at);
    case 'custom':
      return rule.check(value);
  }
}
