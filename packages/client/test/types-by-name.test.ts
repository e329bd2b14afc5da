// Types read by name: a type error or an editor's hover over a call's result names the spec's schema (`Block`), not
// a literal of its thirty fields, and every schema of the spec is exported under its own name.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const INDEX = join(PACKAGE, 'src', 'index.ts');
const SPEC = JSON.parse(
  readFileSync(fileURLToPath(import.meta.resolve('@blockindex/spec/openapi.json')), 'utf8'),
) as { components: { schemas: Record<string, unknown> } };

mkdirSync(join(PACKAGE, 'test-results'), { recursive: true });
const dir = mkdtempSync(join(PACKAGE, 'test-results', 'types-by-name-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Type-checks `code` (which may import from `client`) as the package's tsconfig would; returns its diagnostics. */
function check(code: string): { messages: string[]; program: ts.Program } {
  const file = join(dir, `case-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(file, code.replaceAll("'client'", JSON.stringify(INDEX.replace(/\.ts$/, '.js'))));
  const program = ts.createProgram([file], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: ['node'],
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    skipLibCheck: true,
    noEmit: true,
  });
  const source = program.getSourceFile(file);
  const messages = ts
    .getPreEmitDiagnostics(program, source)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  return { messages, program };
}

const prelude = `import { createClient, createCore, getBrc20Token } from 'client';
const client = createClient();
export {};
`;

describe('types read by name', () => {
  it.each([
    ['await client.getBlockByBurnBlockHeight(1)', 'Block'],
    ["await client.getBlockByBurnBlockHash('0x01')", 'Block'],
    ["await client.getBrc20Token('ordi')", 'Brc20TokenDetails'],
    ["await getBrc20Token(createCore(), 'ordi')", 'Brc20TokenDetails'],
    ["await client.getSmartContractsStatus(['a.b'])", 'SmartContractsStatusResponse'],
    ["(await client.getAddressTransactions('SP1')).results[0]!", 'AddressTransaction'],
    ["(await client.getAddressTransactions('SP1')).results[0]!.tx", 'Transaction'],
    ["(await client.getAddressTransactionEvents('SP1', '0x01')).results[0]!", 'AddressTransactionEvent'],
    [
      "(await client.getAccountTransactionsWithTransfers('SP1')).results[0]!",
      'AddressTransactionWithTransfers',
    ],
    ['createClient()', 'BlockindexClient'],
  ])('a type error about %s names %s', { timeout: 60_000 }, (expression, name) => {
    const { messages } = check(`${prelude}const n: number = ${expression};\n`);
    // A union's message goes on with its first member; the first line is the one an editor shows.
    expect(messages.map((m) => m.split('\n')[0])).toEqual([
      `Type '${name}' is not assignable to type 'number'.`,
    ]);
  });

  it('exports every schema of the spec under its own name', { timeout: 60_000 }, () => {
    const { program, messages } = check(`${prelude}`);
    expect(messages).toEqual([]);
    const checker = program.getTypeChecker();
    const index = program.getSourceFile(INDEX);
    if (index === undefined) throw new Error('src/index.ts is not part of the program');
    const symbol = checker.getSymbolAtLocation(index);
    if (symbol === undefined) throw new Error('src/index.ts has no module symbol');
    const exported = new Set(checker.getExportsOfModule(symbol).map((s) => s.name));
    const missing = Object.keys(SPEC.components.schemas).filter((name) => !exported.has(name));
    expect(missing).toEqual([]);
  });
});
