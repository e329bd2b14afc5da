// What an editor shows over an operation (issue 31): each standalone function and each client method keeps its doc
// comment (the `@deprecated` naming the successor's function and path, the `@example`) and its parameter names, whatever builds it from
// the operation table.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const INDEX = join(PACKAGE, 'src', 'index.js');

mkdirSync(join(PACKAGE, 'test-results'), { recursive: true });
const dir = mkdtempSync(join(PACKAGE, 'test-results', 'editor-docs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const OPERATIONS = {
  getBrc20Token: { args: ['ticker', 'options'], replacement: undefined },
  getBlockByBurnBlockHeight: {
    args: ['height', 'options'],
    replacement: '`getBlocksByBurnBlock` (`GET /extended/v2/burn-blocks/{height_or_hash}/blocks`)',
  },
  getBlockByBurnBlockHash: {
    args: ['hash', 'options'],
    replacement: '`getBlocksByBurnBlock` (`GET /extended/v2/burn-blocks/{height_or_hash}/blocks`)',
  },
  getAddressTransactions: {
    args: ['address', 'query', 'options'],
    replacement: '`getPrincipalTransactions` (`GET /extended/v3/principals/{principal}/transactions`)',
  },
  getAccountTransactionsWithTransfers: {
    args: ['principal', 'query', 'options'],
    replacement: '`getPrincipalTransactions` (`GET /extended/v3/principals/{principal}/transactions`)',
  },
  getAddressTransactionEvents: {
    args: ['address', 'txId', 'query', 'options'],
    replacement:
      '`getPrincipalTransactionBalanceChanges` (`GET /extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes`)',
  },
  getSmartContractsStatus: { args: ['contractIds', 'options'], replacement: undefined },
  getPrincipalTransactions: { args: ['principal', 'query', 'options'], replacement: undefined },
  getPrincipalTransactionBalanceChanges: {
    args: ['principal', 'txId', 'query', 'options'],
    replacement: undefined,
  },
  getBlocksByBurnBlock: { args: ['heightOrHash', 'query', 'options'], replacement: undefined },
} as const;
type Name = keyof typeof OPERATIONS;
const NAMES = Object.keys(OPERATIONS) as Name[];

// One program for every case: each operation imported and called standalone and as a method.
const file = join(dir, 'case.ts');
writeFileSync(
  file,
  [
    `import { createClient, ${NAMES.join(', ')} } from ${JSON.stringify(INDEX)};`,
    'const client = createClient();',
    ...NAMES.map(
      (name) => `export const standalone_${name} = ${name}; export const method_${name} = client.${name};`,
    ),
  ].join('\n'),
);
const program = ts.createProgram([file], {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
  types: ['node'],
  strict: true,
  skipLibCheck: true,
  noEmit: true,
});
const checker = program.getTypeChecker();
const source = program.getSourceFile(file) as ts.SourceFile;

/** What an editor's hover reads: the symbol of the initializer of `export const <prefix>_<name>`. */
function hover(prefix: 'standalone' | 'method', name: Name) {
  let node: ts.Expression | undefined;
  source.forEachChild(function visit(n) {
    if (ts.isVariableDeclaration(n) && n.name.getText(source) === `${prefix}_${name}`) node = n.initializer;
    n.forEachChild(visit);
  });
  if (node === undefined) throw new Error(`no ${prefix}_${name} in the case file`);
  const at = ts.isPropertyAccessExpression(node) ? node.name : node;
  let symbol = checker.getSymbolAtLocation(at) as ts.Symbol;
  if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const tags = symbol
    .getJsDocTags(checker)
    .map((tag) => [tag.name, ts.displayPartsToString(tag.text)] as const);
  const signature = checker.getSignaturesOfType(
    checker.getTypeOfSymbolAtLocation(symbol, at),
    ts.SignatureKind.Call,
  )[0];
  // As a hover prints it: a rest parameter of a labelled tuple shows as its labels.
  const text = signature === undefined ? '' : checker.signatureToString(signature);
  const params = [...text.slice(1, text.lastIndexOf(')')).matchAll(/(?:^|, )(\w+)\??:/g)].map((m) => m[1]);
  return { doc: ts.displayPartsToString(symbol.getDocumentationComment(checker)), tags, params };
}

describe('editors show each operation as it is documented', () => {
  it('compiles the case file', () => {
    expect(ts.getPreEmitDiagnostics(program, source).map((d) => d.messageText)).toEqual([]);
  });

  it.each(NAMES)(
    '%s: the standalone function has its doc, @example, @deprecated and parameter names',
    (name) => {
      const { doc, tags, params } = hover('standalone', name);
      const { args, replacement } = OPERATIONS[name];
      expect(doc.length).toBeGreaterThan(40);
      expect(tags.find(([tag]) => tag === 'example')?.[1]).toContain(`${name}(createCore()`);
      const deprecated = tags.find(([tag]) => tag === 'deprecated');
      if (replacement === undefined) expect(deprecated).toBeUndefined();
      else expect(deprecated?.[1].replace(/\s+/g, ' ')).toContain(replacement);
      expect(params).toEqual(['core', ...args]);
    },
  );

  it.each(NAMES)('%s: the client method has its doc, @deprecated and parameter names', (name) => {
    const { doc, tags, params } = hover('method', name);
    const { args, replacement } = OPERATIONS[name];
    expect(doc.length).toBeGreaterThan(40);
    const deprecated = tags.find(([tag]) => tag === 'deprecated');
    if (replacement === undefined) expect(deprecated).toBeUndefined();
    else expect(deprecated?.[1].replace(/\s+/g, ' ')).toContain(replacement);
    expect(params).toEqual(args);
  });
});
