// Type-checks every block in one TypeScript program, with the repository's strict options, and reports each
// problem at its line in the README.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { BlockFile } from './block-workspace';

/** Problems as `README.md:line:column: message`, one per line; empty when every block compiles. */
export function typecheckBlocks(root: string, files: readonly BlockFile[]): string[] {
  const base = ts.readConfigFile(join(root, 'tsconfig.base.json'), (path) => readFileSync(path, 'utf8'));
  if (base.error) throw new Error(ts.flattenDiagnosticMessageText(base.error.messageText, '\n'));
  const { options, errors } = ts.convertCompilerOptionsFromJson(base.config.compilerOptions, root);
  if (errors.length > 0) throw new Error(ts.flattenDiagnosticMessageText(errors[0]?.messageText, '\n'));
  const program = ts.createProgram(
    files.map((file) => file.path),
    {
      ...options,
      noEmit: true,
      // Every block is a module (top-level await works) even when it imports nothing.
      moduleDetection: ts.ModuleDetectionKind.Force,
      // Blocks are snippets: a value computed only to show it is fine.
      noUnusedLocals: false,
      noUnusedParameters: false,
      // The packages' types are checked by their own builds; here only the blocks.
      skipLibCheck: true,
    },
  );
  const byPath = new Map(files.map((file) => [file.path, file.block]));
  const problems: string[] = [];
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n  ');
    const block = diagnostic.file && byPath.get(diagnostic.file.fileName);
    if (!diagnostic.file || !block || diagnostic.start === undefined) {
      problems.push(`${diagnostic.file?.fileName ?? '(options)'}: TS${diagnostic.code} ${message}`);
      continue;
    }
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    problems.push(`${block.readme}:${block.line + line}:${character + 1}: TS${diagnostic.code} ${message}`);
  }
  return problems;
}
