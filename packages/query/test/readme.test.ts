// Every ts/tsx block of the README is a complete program a user may paste: each one must type-check as it is.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const README = readFileSync(join(PACKAGE, 'README.md'), 'utf8');
const blocks = [...README.matchAll(/```(tsx?)\n([\s\S]*?)```/g)].map((match) => ({
  ext: match[1] as string,
  code: match[2] as string,
}));

describe('README', () => {
  it('has code blocks to check', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(4);
  });

  it('type-checks every ts and tsx block', { timeout: 60_000 }, () => {
    // Inside the package, so the snippets resolve @blockindex/* and @tanstack/* as an installed app would; under
    // test-results/, which git and the linter ignore.
    mkdirSync(join(PACKAGE, 'test-results'), { recursive: true });
    const dir = mkdtempSync(join(PACKAGE, 'test-results', 'readme-'));
    try {
      const files = blocks.map(({ ext, code }, index) => {
        const file = join(dir, `block-${index + 1}.${ext}`);
        writeFileSync(file, code);
        return file;
      });
      const program = ts.createProgram(files, {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        jsx: ts.JsxEmit.ReactJSX,
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
        types: ['node'],
        strict: true,
        noUncheckedIndexedAccess: true,
        exactOptionalPropertyTypes: true,
        skipLibCheck: true,
        noEmit: true,
      });
      const problems = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
        const where = diagnostic.file ? `${diagnostic.file.fileName.slice(dir.length + 1)}: ` : '';
        return where + ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      });
      expect(problems).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
