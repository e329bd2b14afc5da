import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import type { Sample } from './vendor-samples';

/** A compiler diagnostic, traced back to the sample and the JSON field it is about. */
export interface SampleProblem {
  sample: Sample;
  /** The field's JSON path in the answer (`.results[3].transaction.fee_rate`); empty for the whole body. */
  field: string;
  message: string;
}

// Only the vendor's generated `paths`: its index would also load its socket and fetch clients' types.
const VENDOR_SCHEMA = join(
  dirname(fileURLToPath(import.meta.resolve('@stacks/blockchain-api-client/package.json'))),
  'lib/generated/schema',
);

/** What the compiler said about the samples. */
export interface VendorCheck {
  /** Every diagnostic, traced to its sample and field. */
  problems: SampleProblem[];
  /**
   * Where the vendor's types of the samples' paths accept anything (`any`, `unknown`) or any key (an index
   * signature, `[key]`), as `<template> <field path>`: the only places the check cannot catch an unknown field.
   */
  open: string[];
}

/**
 * Writes each sample as a constant typed with the vendor's 200 body of its path (`const s0: Body<'/extended/...'>
 * = {...}`), so the compiler checks every field's type and, since each is an object literal, rejects a field the
 * vendor type does not declare; type-checks them all in one strict program; and answers the diagnostics, each
 * traced to its sample and field, with the places where the vendor's types are open.
 */
export function checkAgainstVendorTypes(samples: readonly Sample[]): VendorCheck {
  const dir = mkdtempSync(join(tmpdir(), 'vendor-types-'));
  try {
    const file = join(dir, 'samples.ts');
    writeFileSync(file, sourceOf(samples));
    const program = ts.createProgram([file], {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts'],
      types: [],
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      // The vendor's .d.ts is theirs to check; our file (not a declaration file) is checked in full.
      skipLibCheck: true,
      noEmit: true,
    });
    const source = program.getSourceFile(file);
    if (!source) throw new Error('the samples file is not part of its program');
    const diagnostics = [...program.getOptionsDiagnostics(), ...ts.getPreEmitDiagnostics(program, source)];
    return {
      problems: diagnostics.map((diagnostic) => traced(diagnostic, source, samples)),
      open: openSpots(program.getTypeChecker(), source, samples),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function sourceOf(samples: readonly Sample[]): string {
  const lines = [
    `import type { paths } from ${JSON.stringify(VENDOR_SCHEMA)};`,
    "type Body<P extends keyof paths> = paths[P] extends { get: { responses: { 200: { content: { 'application/json': infer B } } } } } ? B : never;",
  ];
  samples.forEach((sample, i) => {
    lines.push(
      `export const s${i}: Body<${JSON.stringify(sample.template)}> = ${JSON.stringify(sample.body)};`,
    );
  });
  return `${lines.join('\n')}\n`;
}

/** The open places of each template's vendor type, read from the first sample's declared type. */
function openSpots(checker: ts.TypeChecker, source: ts.SourceFile, samples: readonly Sample[]): string[] {
  const open = new Set<string>();
  const walk = (type: ts.Type, path: string, template: string, outer: readonly ts.Type[]): void => {
    if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) open.add(`${template} ${path || '(body)'}`);
    if (outer.includes(type)) return;
    const within = [...outer, type];
    if (type.isUnion()) for (const member of type.types) walk(member, path, template, within);
    else if (checker.isArrayType(type)) {
      const [item] = checker.getTypeArguments(type as ts.TypeReference);
      if (item) walk(item, `${path}[]`, template, within);
    } else if (type.flags & ts.TypeFlags.Object) {
      for (const index of checker.getIndexInfosOfType(type)) {
        open.add(`${template} ${path}[key]`);
        walk(index.type, `${path}[key]`, template, within);
      }
      for (const property of checker.getPropertiesOfType(type)) {
        walk(checker.getTypeOfSymbol(property), `${path}.${property.name}`, template, within);
      }
    }
  };
  const done = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const declaration = statement.declarationList.declarations[0];
    const sample = declaration && samples[Number(declaration.name.getText(source).slice(1))];
    if (!declaration || !sample || done.has(sample.template)) continue;
    done.add(sample.template);
    walk(checker.getTypeAtLocation(declaration.name), '', sample.template, []);
  }
  return [...open].sort();
}

/** The sample a diagnostic sits in (by its constant `s<i>`) and the JSON path of the innermost node at it. */
function traced(diagnostic: ts.Diagnostic, source: ts.SourceFile, samples: readonly Sample[]): SampleProblem {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  const at = diagnostic.file === source ? diagnostic.start : undefined;
  const statement =
    at === undefined ? undefined : source.statements.find((s) => s.getStart(source) <= at && at < s.end);
  const declaration =
    statement && ts.isVariableStatement(statement) ? statement.declarationList.declarations[0] : undefined;
  const index =
    declaration && ts.isIdentifier(declaration.name) ? Number(declaration.name.text.slice(1)) : NaN;
  const sample = samples[index];
  if (!sample || !declaration?.initializer || at === undefined) {
    throw new Error(`a diagnostic outside the samples: ${message}`);
  }
  return { sample, field: pathAt(declaration.initializer, at, source), message };
}

function pathAt(node: ts.Expression, at: number, source: ts.SourceFile): string {
  if (ts.isObjectLiteralExpression(node)) {
    for (const property of node.properties) {
      if (!ts.isPropertyAssignment(property) || at < property.getStart(source) || at >= property.end)
        continue;
      const key = ts.isStringLiteral(property.name) ? property.name.text : property.name.getText(source);
      return `.${key}${pathAt(property.initializer, at, source)}`;
    }
  } else if (ts.isArrayLiteralExpression(node)) {
    for (const [i, element] of node.elements.entries()) {
      if (at >= element.getStart(source) && at < element.end) return `[${i}]${pathAt(element, at, source)}`;
    }
  }
  return '';
}

/** A problem as one line: operation, stage, request, field, then the compiler's message. */
export function describeProblem({ sample, field, message }: SampleProblem): string {
  return `${sample.operationId} (${sample.stage}) GET ${sample.url} at ${field || '(body)'}: ${message}`;
}
