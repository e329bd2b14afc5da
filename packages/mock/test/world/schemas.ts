import { openapi } from '@blockindex/spec';
import type { ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Json = Record<string, unknown>;

const DOCUMENT_ID = 'https://blockindex.invalid/openapi.json';
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
// OpenAPI-only keywords; strict mode rejects anything else unknown.
ajv.addVocabulary(['discriminator', 'xml', 'externalDocs', 'example']);
ajv.addKeyword('components');
ajv.addSchema({
  $id: DOCUMENT_ID,
  components: { schemas: ((openapi as unknown as Json).components as Json).schemas },
});

/** The ajv validator of one `components.schemas` entry of the spec. */
function schemaValidator(name: string): ValidateFunction {
  const validate = ajv.getSchema(`${DOCUMENT_ID}#/components/schemas/${name}`);
  if (!validate) throw new Error(`no schema ${name}`);
  return validate;
}

/** Validates `value` against a component schema; returns ajv's error text (empty when valid). */
export function schemaErrors(name: string, value: unknown): string {
  const validate = schemaValidator(name);
  return validate(value) ? '' : ajv.errorsText(validate.errors, { separator: '\n' });
}
