#!/usr/bin/env node
// Precompiles the request validators of the operations with Ajv's standalone code, so the engine never
// generates code at run time (edge runtimes forbid `new Function`). Ajv runs as Fastify's compiler builds it for the
// real service (Ajv's default class, `coerceTypes: 'array'`, `useDefaults`, first error only); each parameter's
// schema is the spec's, or upstream's own where upstream accepts more (upstream-parameters.mjs).
// `node scripts/generate-validators.mjs` writes src/engine/generated/validators.{js,d.ts};
// `--check` exits 1 when the committed files differ from what it would write.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import Ajv from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { UPSTREAM_PARAMETERS } from './upstream-parameters.mjs';

const packageDir = new URL('..', import.meta.url).pathname;
const outDir = join(packageDir, 'src/engine/generated');
const require = createRequire(import.meta.url);
const document = JSON.parse(readFileSync(require.resolve('@blockindex/spec/openapi.json'), 'utf8'));

const DOCUMENT_ID = 'https://blockindex.invalid/openapi.json';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

// Local refs (`#/components/...`) must point into the registered document, not into the wrapper schema.
function rewriteRefs(value) {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== 'object') return value;
  const out = {};
  for (const [key, child] of Object.entries(value)) {
    out[key] =
      key === '$ref' && typeof child === 'string' && child.startsWith('#')
        ? DOCUMENT_ID + child
        : rewriteRefs(child);
  }
  return out;
}

function resolve(value) {
  let current = value;
  while (typeof current?.$ref === 'string') {
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((node, segment) => node[segment.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  }
  return current;
}

/** A parameter's schema as the validator checks it: its default is filled by the engine, before any check. */
function valueSchema(parameter) {
  const { default: _default, ...schema } = rewriteRefs(parameter.schema ?? {});
  return schema;
}

const ajv = new Ajv({
  coerceTypes: 'array',
  useDefaults: true,
  allErrors: false,
  strict: false,
  validateSchema: false,
  code: { source: true, esm: true },
});
ajv.addSchema({ $id: DOCUMENT_ID, components: rewriteRefs(document.components ?? {}) });

// One validator per distinct parameter schema (the principal, limit and offset schemas recur across operations, and
// Ajv would compile each occurrence again), and a table of each operation's parameters in the spec's order, from
// which the engine does what Ajv's code for `{ type: 'object', properties, required }` does: defaults, then
// required, then each property. test/engine/validation-reference.test.ts checks the engine's answers against Ajv
// on those whole object schemas, as Fastify compiles them. With the path templates here too, no byte of the OpenAPI
// document reaches a bundle.
const exportsMap = {};
const validatorOf = new Map();
const operations = {};
for (const [template, pathItem] of Object.entries(document.paths ?? {})) {
  for (const method of HTTP_METHODS) {
    const operation = pathItem[method];
    if (!operation?.operationId) continue;
    const id = operation.operationId;
    const byKey = new Map();
    // Operation-level parameters override path-level ones with the same name and location.
    for (const raw of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
      const parameter = resolve(raw);
      byKey.set(`${parameter.in}:${parameter.name}`, parameter);
    }
    // Where upstream's route schema accepts more than the spec's, the mock validates with upstream's.
    const upstream = UPSTREAM_PARAMETERS[id] ?? {};
    for (const key of Object.keys(upstream)) {
      const parameter = byKey.get(key);
      if (parameter === undefined)
        throw new Error(`${id} has no parameter ${key} to validate as upstream does`);
      byKey.set(key, { ...parameter, schema: upstream[key] });
    }
    const entries = (location) =>
      [...byKey.values()]
        .filter((parameter) => parameter.in === location)
        .map((parameter) => {
          // Ajv writes a property's instance path as `/<name>` only for names JSON Pointer need not escape.
          if (!/^[A-Za-z0-9_-]+$/.test(parameter.name))
            throw new Error(`${id}: parameter name ${parameter.name} needs escaping`);
          const schema = valueSchema(parameter);
          const key = JSON.stringify(schema);
          if (!validatorOf.has(key)) {
            const name = `v${validatorOf.size}`;
            validatorOf.set(key, name);
            ajv.addSchema(schema, name);
            exportsMap[name] = name;
          }
          const fields = [`name: ${JSON.stringify(parameter.name)}`, `check: ${validatorOf.get(key)}`];
          if (parameter.required || location === 'path') fields.push('required: true');
          const fallback = parameter.schema?.default;
          if (fallback !== undefined) fields.push(`default: ${JSON.stringify(fallback)}`);
          return `{ ${fields.join(', ')} }`;
        });
    operations[id] = { template, params: entries('path'), querystring: entries('query') };
  }
}

const header = '// Generated by scripts/generate-validators.mjs from spec/openapi.yaml: do not edit.\n';
// Ajv's ESM output still `require`s its runtime helpers; the only one these schemas use counts code points
// (for `minLength`), which spreading a string does too. Any other helper would fail the generation here.
const standalone = standaloneCode(ajv, exportsMap).replaceAll(
  'require("ajv/dist/runtime/ucs2length").default',
  '((text) => [...text].length)',
);
if (/\brequire\(/.test(standalone))
  throw new Error('the standalone validators need an Ajv runtime helper: inline it');

/**
 * Ajv's error objects without `schemaPath`, `keyword` and `params`: the engine reads `instancePath` and `message`
 * only (Fastify's message). Scans each object's fields with its strings and braces, so a pattern holding `}` or
 * `,message:` is skipped whole.
 */
function withoutUnreadErrorFields(text) {
  let out = '';
  let from = 0;
  for (let at = text.indexOf(',schemaPath:', from); at !== -1; at = text.indexOf(',schemaPath:', from)) {
    let depth = 0;
    let end = at + 1;
    for (; end < text.length; end += 1) {
      const char = text[end];
      if (char === '"') {
        for (end += 1; text[end] !== '"'; end += 1) if (text[end] === '\\') end += 1;
      } else if (char === '{') depth += 1;
      else if (char === '}') {
        if (depth === 0) break;
        depth -= 1;
      } else if (depth === 0 && text.startsWith(',message:', end)) break;
    }
    out += text.slice(from, at);
    from = end;
  }
  return out + text.slice(from);
}

// The validators are reached through the table only: module-private, so nothing but the table is exported.
const code = withoutUnreadErrorFields(standalone).replace(/export const (v\d+) = /g, 'const $1 = ');
if (/schemaPath|keyword:|params:\{/.test(code))
  throw new Error('an error object kept a field the engine does not read');
if (/\bexport\b/.test(code)) throw new Error("unexpected export in Ajv's standalone code");
const ids = Object.keys(operations);
const list = (items) => (items.length === 0 ? '[]' : `[\n      ${items.join(',\n      ')},\n    ]`);
const table = ids
  .map(
    (id) =>
      `  ${id}: {\n    template: ${JSON.stringify(operations[id].template)},\n    params: ${list(operations[id].params)},\n    querystring: ${list(operations[id].querystring)},\n  },`,
  )
  .join('\n');
const source = `${header}${code}\n/** Each operation's path template and its path and query parameters, in the spec's order. */\nexport const operations = {\n${table}\n};\n`;
const types = `${header}
/** A precompiled validator of one parameter's value (Ajv standalone code), called as Ajv calls a property's. */
export interface Validator {
  (
    data: unknown,
    context: { instancePath: string; parentData: object; parentDataProperty: string; rootData: object },
  ): boolean;
  errors?: readonly { readonly instancePath: string; readonly message?: string }[] | null;
}
/** One parameter of an operation: its validator, whether it is required, and the default Fastify fills in. */
export interface Parameter {
  readonly name: string;
  readonly check: Validator;
  readonly required?: true;
  readonly default?: unknown;
}
/** An operation's path template and its parameters by location, in the spec's order. */
export interface Operation {
  readonly template: string;
  readonly params: readonly Parameter[];
  readonly querystring: readonly Parameter[];
}
/** Each operation of the spec, as the engine validates it. */
export declare const operations: {
${ids.map((id) => `  readonly ${id}: Operation;`).join('\n')}
};
`;

const files = [
  [join(outDir, 'validators.js'), source],
  [join(outDir, 'validators.d.ts'), types],
];
if (process.argv.includes('--check')) {
  const stale = files.filter(([file, text]) => {
    try {
      return readFileSync(file, 'utf8') !== text;
    } catch {
      return true;
    }
  });
  if (stale.length > 0) {
    console.error(
      `Stale: ${stale.map(([file]) => file).join(', ')}. Run \`node scripts/generate-validators.mjs\`.`,
    );
    process.exit(1);
  }
} else {
  for (const [file, text] of files) writeFileSync(file, text);
}
