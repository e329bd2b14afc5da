import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { isObject, type JsonObject } from './document.js';

/** Base URI the document's components are registered under, so `#/components/...` refs resolve. */
const DOCUMENT_ID = 'https://spec.invalid/openapi.json';

/** Validates values against schema objects taken from the document. */
export interface SchemaValidator {
  /** Compiles (once) and runs the schema; `errors` is empty when the value is valid. */
  validate(schema: unknown, value: unknown): { valid: boolean; errors: ErrorObject[] };
  /** Compiles a named component schema, throwing on any strict-mode problem. */
  compileComponent(name: string): ValidateFunction;
}

function absolutizeRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(absolutizeRefs);
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    out[key] =
      key === '$ref' && typeof child === 'string' && child.startsWith('#/')
        ? DOCUMENT_ID + child
        : absolutizeRefs(child);
  }
  return out;
}

/**
 * An Ajv 2020-12 validator in strict mode over the document's `components.schemas`. OpenAPI-only keywords
 * (`discriminator`, `example`, …) are declared as annotations; `oneOf` alone decides the variant.
 */
export function createValidator(document: JsonObject): SchemaValidator {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  ajv.addVocabulary(['discriminator', 'xml', 'externalDocs', 'example']);
  // Lets the wrapper object below carry `components` under strict mode.
  ajv.addKeyword('components');
  const components = isObject(document.components) ? document.components : {};
  ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas: components.schemas } });

  const compiled = new WeakMap<object, ValidateFunction>();
  const compile = (schema: unknown): ValidateFunction => {
    if (typeof schema === 'boolean') return ajv.compile(schema);
    if (!isObject(schema)) throw new Error(`not a schema: ${JSON.stringify(schema)}`);
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(absolutizeRefs(schema) as JsonObject);
      compiled.set(schema, validate);
    }
    return validate;
  };

  return {
    validate(schema, value) {
      const validate = compile(schema);
      const valid = validate(value) as boolean;
      return { valid, errors: valid ? [] : [...(validate.errors ?? [])] };
    },
    compileComponent(name) {
      const validate = ajv.getSchema(`${DOCUMENT_ID}#/components/schemas/${name}`);
      if (!validate) throw new Error(`no component schema ${name}`);
      return validate;
    },
  };
}
