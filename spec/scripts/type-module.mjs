// Writes the declarations of `@blockindex/spec/types`: openapi-typescript's output (committed as
// generated/schema.d.ts and checked for staleness) followed by one named alias per component schema and one
// query alias per list operation, so the client and the mock share a single list of type names.

/**
 * @param {string} schemaSource contents of generated/schema.d.ts
 * @param {any} doc the parsed OpenAPI document
 */
export function typeDeclarations(schemaSource, doc, header) {
  const aliases = Object.entries(doc.components.schemas).map(([name, schema]) =>
    [jsDoc(schema.description), `export type ${name} = components['schemas'][${JSON.stringify(name)}];`]
      .filter(Boolean)
      .join('\n'),
  );
  const queries = [];
  for (const item of Object.values(doc.paths)) {
    for (const operation of Object.values(item)) {
      const hasQuery = (operation.parameters ?? []).some((p) => resolve(doc, p).in === 'query');
      if (!hasQuery) continue;
      const id = operation.operationId;
      queries.push(
        `/** Query parameters of \`${id}\`. */\n` +
          `export type ${queryTypeName(id)} = NonNullable<operations[${JSON.stringify(id)}]['parameters']['query']>;`,
      );
    }
  }
  return [
    header,
    '',
    stripBanner(schemaSource).trim(),
    '',
    '// Named aliases of every component schema (descriptions from the document).',
    ...aliases,
    '',
    ...queries,
    '',
  ].join('\n');
}

/** `getAddressTransactions` → `AddressTransactionsQuery`; `getAccountTransactionsWithTransfers` → `AccountTransactionsWithTransfersQuery`. */
function queryTypeName(operationId) {
  return `${operationId.replace(/^get/, '')}Query`;
}

function resolve(doc, value) {
  if (!value?.$ref) return value;
  const path = value.$ref.replace(/^#\//, '').split('/');
  return path.reduce((node, key) => node[key], doc);
}

function jsDoc(description) {
  if (typeof description !== 'string' || description.trim() === '') return '';
  const lines = description.trim().replaceAll('*/', '*\\/').split('\n');
  return ['/**', ...lines.map((line) => ` * ${line}`.trimEnd()), ' */'].join('\n');
}

// openapi-typescript starts its output with a comment of its own; ours replaces it.
function stripBanner(source) {
  return source.replace(/^\/\*\*[\s\S]*?\*\/\s*/, '');
}
