// Writes `@blockindex/spec/constants`: the few values of the document that code needs at run time (routes,
// page-size bounds, deprecations), as a tiny module, so the client and the mock read them from the spec
// instead of typing them again, and bundle a few hundred bytes rather than the whole document.

/** @param {any} doc the parsed OpenAPI document */
export function collectConstants(doc) {
  const operations = {};
  const deprecated = {};
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const id = operation.operationId;
      operations[id] = { method: method.toUpperCase(), path };
      if (operation.deprecated) {
        const replacement = operation['x-replacement'];
        if (typeof replacement !== 'string')
          throw new Error(`${id} is deprecated but names no x-replacement`);
        deprecated[id] = { replacement, warning: warningOf(doc, operation, id) };
      }
    }
  }
  const limit = doc.components.parameters.Limit.schema;
  const pageSize = { max: limit.maximum, default: limit.default };
  if (!Number.isInteger(pageSize.max) || !Number.isInteger(pageSize.default)) {
    throw new Error('components.parameters.Limit needs an integer maximum and default');
  }
  return { OPERATIONS: operations, PAGE_SIZE: pageSize, DEPRECATED_OPERATIONS: deprecated };
}

// The Warning header a deprecated operation sends: the `const` of the header its 200 response declares.
function warningOf(doc, operation, id) {
  const header = operation.responses?.['200']?.headers?.Warning;
  const resolved = header?.$ref ? doc.components.headers[header.$ref.split('/').pop()] : header;
  const value = resolved?.schema?.const;
  if (typeof value !== 'string') throw new Error(`${id} is deprecated but its 200 declares no Warning const`);
  return value;
}

function frozen(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Object.entries(value).map(([key, inner]) => `${JSON.stringify(key)}: ${frozen(inner)}`);
  return `Object.freeze({ ${entries.join(', ')} })`;
}

/** The ESM and CJS sources of the constants module. */
export function constantsModules(constants, header) {
  const names = Object.keys(constants);
  const body = names.map((name) => `const ${name} = ${frozen(constants[name])};`).join('\n');
  return {
    esm: `${header}\n\n${body}\n\nexport { ${names.join(', ')} };\n`,
    cjs: `'use strict';\n${header}\n\n${body}\n\n${names.map((n) => `exports.${n} = ${n};`).join('\n')}\n`,
  };
}

function literalType(value, indent = '') {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const inner = `${indent}  `;
  const fields = Object.entries(value).map(
    ([k, v]) => `${inner}readonly ${JSON.stringify(k)}: ${literalType(v, inner)};`,
  );
  return `{\n${fields.join('\n')}\n${indent}}`;
}

/** Declarations with literal types, so `DEPRECATED_OPERATIONS.getBlockByBurnBlockHeight.replacement` is exact. */
export function constantsDeclarations(constants, header) {
  const docs = {
    OPERATIONS: 'Method and path template of every operation, by operation id.',
    PAGE_SIZE:
      'Bounds of the `limit` parameter of the list operations: the largest page and the default one.',
    DEPRECATED_OPERATIONS:
      'The deprecated operations, by operation id: the route that replaces each and the `Warning` header it sends.',
  };
  const blocks = Object.entries(constants).map(
    ([name, value]) => `/** ${docs[name]} */\nexport declare const ${name}: ${literalType(value)};`,
  );
  return `${header}\n\n${blocks.join('\n\n')}\n`;
}
