// Writes `@blockindex/spec/constants`: the few values of the document that code needs at run time (routes,
// page-size bounds, deprecations, status texts), as a tiny module, so the client and the mock read them from the spec
// instead of typing them again, and bundle a few hundred bytes rather than the whole document.

import { STATUS_CODES } from 'node:http';

/** @param {any} doc the parsed OpenAPI document */
export function collectConstants(doc) {
  const operations = {};
  const deprecated = {};
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      operations[operation.operationId] = { method: method.toUpperCase(), path };
    }
  }
  for (const item of Object.values(doc.paths)) {
    for (const operation of Object.values(item)) {
      const id = operation.operationId;
      if (!operation.deprecated) continue;
      // `x-replacement` is the successor's operation id: it must be an operation of this document, itself
      // not deprecated, so the sentence built from it always names something a user can call.
      const successor = operation['x-replacement'];
      const target = typeof successor === 'string' ? operations[successor] : undefined;
      if (target === undefined)
        throw new Error(`${id} is deprecated but its x-replacement names no operation of the document`);
      if (deprecatedIds(doc).has(successor))
        throw new Error(`${id}'s replacement ${successor} is deprecated too`);
      deprecated[id] = {
        successor,
        replacement: `${successor} (${target.method} ${target.path})`,
        warning: warningOf(doc, operation, id),
      };
    }
  }
  const limit = doc.components.parameters.Limit.schema;
  const pageSize = { max: limit.maximum, default: limit.default };
  if (!Number.isInteger(pageSize.max) || !Number.isInteger(pageSize.default)) {
    throw new Error('components.parameters.Limit needs an integer maximum and default');
  }
  const statusText = collectStatusText(doc);
  return {
    OPERATIONS: operations,
    PAGE_SIZE: pageSize,
    DEPRECATED_OPERATIONS: deprecated,
    STATUS_TEXT: statusText,
  };
}

/**
 * The reason phrase of every status our packages can meet, as Node's `http.STATUS_CODES` words it: that table is
 * what Fastify (the real API) writes in an error body's `error` field. The statuses are those the document
 * declares (response keys, and the `statusCode` of its examples) and every error status (400–599) Node names,
 * since the client describes any non-2xx answer and the mock's `failNext` simulates any of them. Throws when an
 * example of a Fastify error body (one with a `statusCode`) has an `error` that disagrees with the table.
 * @param {any} doc the parsed OpenAPI document
 */
export function collectStatusText(doc) {
  const examples = errorExamples(doc);
  const statuses = new Set();
  for (const item of Object.values(doc.paths)) {
    for (const operation of Object.values(item)) {
      for (const key of Object.keys(operation.responses ?? {}))
        if (/^\d{3}$/.test(key)) statuses.add(Number(key));
    }
  }
  for (const { statusCode } of examples) statuses.add(statusCode);
  for (const code of Object.keys(STATUS_CODES).map(Number))
    if (code >= 400 && code <= 599) statuses.add(code);
  const table = {};
  for (const status of [...statuses].sort((a, b) => a - b)) {
    const text = STATUS_CODES[status];
    if (text === undefined) throw new Error(`the document uses status ${status}, which has no reason phrase`);
    table[status] = text;
  }
  const wrong = examples.filter(({ statusCode, error }) => table[statusCode] !== error);
  if (wrong.length > 0) {
    const lines = wrong.map((e) => `  ${e.where}: error "${e.error}", expected "${table[e.statusCode]}"`);
    throw new Error(
      `error examples disagree with the reason phrases of their statusCode:\n${lines.join('\n')}`,
    );
  }
  return table;
}

/**
 * Every object in the document with a numeric `statusCode` and a string `error`: a Fastify error body.
 * @param {any} doc the parsed OpenAPI document
 */
export function errorExamples(doc) {
  const found = [];
  const visit = (value, where) => {
    if (value === null || typeof value !== 'object') return;
    if (typeof value.statusCode === 'number' && typeof value.error === 'string') {
      found.push({ where, statusCode: value.statusCode, error: value.error });
    }
    for (const [key, inner] of Object.entries(value)) visit(inner, `${where}/${key}`);
  };
  visit(doc, '#');
  return found;
}

function deprecatedIds(doc) {
  const ids = new Set();
  for (const item of Object.values(doc.paths))
    for (const operation of Object.values(item)) if (operation.deprecated) ids.add(operation.operationId);
  return ids;
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
  // Marked pure: bundlers cannot know `Object.freeze` has no side effects, and would ship every table, read or not.
  return `/* @__PURE__ */ Object.freeze({ ${entries.join(', ')} })`;
}

/**
 * The status table as code that builds it from one string, `<gap><phrase>|...` (the gap: how many statuses were skipped
 * since the previous entry, left out when none): a bundle carries the phrases and few digits, not 44 quoted keys.
 */
function packedStatusText(table) {
  let previous = 0;
  const entries = Object.entries(table).map(([status, phrase]) => {
    if (/^\d|\|/.test(phrase)) throw new Error(`the reason phrase of ${status} cannot be packed: ${phrase}`);
    const gap = Number(status) - previous - 1;
    previous = Number(status);
    return `${gap || ''}${phrase}`;
  });
  const unpack =
    'const t = {}; let s = 0; for (const e of p.split("|")) { const [, g, phrase] = /^(\\d*)(.*)/.exec(e); t[s += +g + 1] = phrase; } return Object.freeze(t);';
  return `/* @__PURE__ */ ((p) => { ${unpack} })(${JSON.stringify(entries.join('|'))})`;
}

/**
 * The name of the constant holding `id`'s replacement on its own (`getAddressTransactionsReplacement`): code that
 * needs one operation's replacement imports that string, and a bundler leaves out every other one.
 */
export function replacementName(id) {
  return `${id}Replacement`;
}

/** The ESM and CJS sources of the constants module. */
export function constantsModules(constants, header) {
  const deprecated = Object.entries(constants.DEPRECATED_OPERATIONS);
  const replacements = deprecated.map(
    ([id, { replacement }]) => `const ${replacementName(id)} = ${JSON.stringify(replacement)};`,
  );
  // The deprecations table refers to those strings rather than repeating them.
  const deprecatedTable = deprecated.map(
    ([id, { successor, warning }]) =>
      `${JSON.stringify(id)}: /* @__PURE__ */ Object.freeze({ "successor": ${JSON.stringify(successor)}, "replacement": ${replacementName(id)}, "warning": ${JSON.stringify(warning)} })`,
  );
  const tables = Object.keys(constants).map((name) => {
    const table =
      name === 'DEPRECATED_OPERATIONS'
        ? `/* @__PURE__ */ Object.freeze({ ${deprecatedTable.join(', ')} })`
        : name === 'STATUS_TEXT'
          ? packedStatusText(constants[name])
          : frozen(constants[name]);
    return `const ${name} = ${table};`;
  });
  const names = [...deprecated.map(([id]) => replacementName(id)), ...Object.keys(constants)];
  const body = [...replacements, ...tables].join('\n');
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

/** Declarations with literal types, so `DEPRECATED_OPERATIONS.getBlockByBurnBlockHeight.successor` is exact. */
export function constantsDeclarations(constants, header) {
  const docs = {
    OPERATIONS: 'Method and path template of every operation, by operation id.',
    PAGE_SIZE:
      'Bounds of the `limit` parameter of the list operations: the largest page and the default one.',
    DEPRECATED_OPERATIONS:
      'The deprecated operations, by operation id: the operation id of the successor, the replacement to name in messages (`<successor> (<method> <path>)`) and the `Warning` header it sends.',
    STATUS_TEXT:
      "Reason phrase by HTTP status (Node's, as the API's error bodies carry them), for every status the API declares and every error status.",
  };
  // STATUS_TEXT is read with any status a response may have: an index signature, besides its exact entries.
  const extra = { STATUS_TEXT: ' & { readonly [status: number]: string | undefined }' };
  const replacements = Object.entries(constants.DEPRECATED_OPERATIONS).map(
    ([id, { replacement }]) =>
      `/** What to call instead of the deprecated \`${id}\`: its \`DEPRECATED_OPERATIONS\` replacement, on its own. */\n` +
      `export declare const ${replacementName(id)}: ${JSON.stringify(replacement)};`,
  );
  const blocks = Object.entries(constants).map(
    ([name, value]) =>
      `/** ${docs[name]} */\nexport declare const ${name}: ${literalType(value)}${extra[name] ?? ''};`,
  );
  return `${header}\n\n${[...replacements, ...blocks].join('\n\n')}\n`;
}
