// biome-ignore-all lint: measurement code, not product code.
// The literal text of a floor's source, as spans the price scripts empty to measure what messages cost.
// The workspace root's TypeScript (a dev dependency there), only to parse the floors.
import ts from 'typescript';

/** Where a piece of literal text lies in a source, with the text and its line. */
export interface Span {
  start: number;
  end: number;
  text: string;
  line: number;
}

/**
 * The literal text under `roots` (every node of `source` when absent): plain strings and the text pieces of
 * templates, without their quotes, backticks and `${`.
 */
export function literalSpans(source: string, roots?: (file: ts.SourceFile) => ts.Node[]): Span[] {
  const file = ts.createSourceFile('floor.ts', source, ts.ScriptTarget.Latest, true);
  const out: Span[] = [];
  const visit = (node: ts.Node): void => {
    const k = node.kind;
    const close =
      k === ts.SyntaxKind.TemplateHead || k === ts.SyntaxKind.TemplateMiddle
        ? 2 // before the ${
        : k === ts.SyntaxKind.StringLiteral ||
            k === ts.SyntaxKind.NoSubstitutionTemplateLiteral ||
            k === ts.SyntaxKind.TemplateTail
          ? 1
          : -1;
    if (close > 0) {
      const start = node.getStart(file) + 1; // past the quote, backtick or }
      const end = node.getEnd() - close;
      if (end > start)
        out.push({
          start,
          end,
          text: source.slice(start, end),
          line: file.getLineAndCharacterOfPosition(start).line + 1,
        });
    }
    ts.forEachChild(node, visit);
  };
  for (const root of roots ? roots(file) : [file]) visit(root);
  return out;
}

/** `source` with the text of each span removed (the spans must not overlap). */
export function emptied(source: string, spans: { start: number; end: number }[]): string {
  let out = source;
  for (const s of [...spans].sort((a, b) => b.start - a.start))
    out = out.slice(0, s.start) + out.slice(s.end);
  return out;
}
