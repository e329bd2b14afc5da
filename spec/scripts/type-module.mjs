// Writes the declarations of `@blockindex/spec/types`: openapi-typescript's output (committed as
// generated/schema.d.ts and checked for staleness) with each component schema declared once under its own name, and
// one query alias per list operation, so the client and the mock share a single list of type names.

/**
 * @param {string} schemaSource contents of generated/schema.d.ts
 * @param {any} doc the parsed OpenAPI document
 */
export function typeDeclarations(schemaSource, doc, header) {
  const { source, bodies } = nameSchemas(
    dropEmptyRoots(stripBanner(schemaSource).trim(), doc),
    Object.keys(doc.components.schemas),
  );
  const aliases = Object.entries(doc.components.schemas).map(([name, schema]) =>
    [jsDoc(schema.description), `export type ${name} = ${bodies.get(name)};`].filter(Boolean).join('\n'),
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
    source,
    '',
    '// Every component schema under its own name (descriptions from the document). `components` refers to these, so',
    '// editors and type errors show `Block` or `Transaction` rather than the fields of an anonymous object.',
    ...aliases,
    '',
    ...queries,
    '',
  ].join('\n');
}

/**
 * Moves the type of each schema out of `components.schemas` into a type alias of its own name, leaving
 * `Name: Name;` in its place: TypeScript names a type by the alias that declares it, never by a property it is
 * read from, so only a type declared by `type Block = { ... }` reads as `Block`. Returns the rewritten source and
 * each schema's type text (dedented), for the aliases.
 * @param {string} source openapi-typescript's output
 * @param {string[]} names the schema names of the document
 */
function nameSchemas(source, names) {
  const lines = source.split('\n');
  const start = lines.indexOf('    schemas: {');
  const end = lines.indexOf('    };', start);
  if (start === -1 || end === -1)
    throw new Error('type-module: no components.schemas block in the generated types');
  const bodies = new Map();
  const out = lines.slice(0, start + 1);
  for (let i = start + 1; i < end; i++) {
    const line = lines[i];
    const entry = /^ {8}([A-Za-z0-9_]+): (.*)$/.exec(line);
    if (!entry) {
      out.push(line);
      continue;
    }
    const [, name, first] = entry;
    const body = [first];
    // A multi-line type opens with `{` at the end of its first line and closes with `};` at the entry's indent.
    if (first.endsWith('{')) {
      while (lines[++i] !== '        };') {
        if (i >= end) throw new Error(`type-module: unterminated schema ${name}`);
        body.push(lines[i].replace(/^ {8}/, ''));
      }
      body.push('}');
    } else {
      body[0] = first.replace(/;$/, '');
    }
    bodies.set(name, body.join('\n'));
    out.push(`        ${name}: ${name};`);
  }
  const missing = names.filter((name) => !bodies.has(name));
  if (missing.length > 0)
    throw new Error(`type-module: schemas not found in the generated types: ${missing.join(', ')}`);
  return { source: [...out, ...lines.slice(end)].join('\n'), bodies };
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

/**
 * Drops openapi-typescript's `webhooks` and `$defs` types when the document has none: they would be public names
 * for `Record<string, never>`.
 * @param {string} source
 * @param {any} doc
 */
function dropEmptyRoots(source, doc) {
  const empty = ['webhooks', '$defs'].filter((root) => doc[root] === undefined);
  return source
    .split('\n')
    .filter((line) => !empty.some((root) => line === `export type ${root} = Record<string, never>;`))
    .join('\n');
}

// openapi-typescript starts its output with a comment of its own; ours replaces it.
function stripBanner(source) {
  return source.replace(/^\/\*\*[\s\S]*?\*\/\s*/, '');
}
