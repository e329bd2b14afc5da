import { deref, escapePointerSegment, isObject, type JsonObject } from './document.js';

/** One example found in the document, with the schema it must satisfy. */
export interface ExampleCase {
  /** JSON pointer of the example value. */
  pointer: string;
  /** The schema of the parameter, header or media type holding the example. */
  schema: unknown;
  value: unknown;
}

/**
 * Every example of the document: `example` or `examples[*].value` of each parameter, header and media type
 * object, wherever it sits (operations or components). Schemas and example values are not descended into.
 */
export function collectExamples(document: JsonObject): ExampleCase[] {
  const cases: ExampleCase[] = [];
  const visit = (node: unknown, pointer: string): void => {
    if (Array.isArray(node)) {
      node.forEach((child, index) => {
        visit(child, `${pointer}/${index}`);
      });
      return;
    }
    if (!isObject(node)) return;
    if ('schema' in node) {
      if ('example' in node)
        cases.push({ pointer: `${pointer}/example`, schema: node.schema, value: node.example });
      if (isObject(node.examples)) {
        for (const [name, example] of Object.entries(node.examples)) {
          const resolved = deref(document, example);
          if (isObject(resolved) && 'value' in resolved) {
            cases.push({
              pointer: `${pointer}/examples/${escapePointerSegment(name)}/value`,
              schema: node.schema,
              value: resolved.value,
            });
          }
        }
      }
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'schema' || key === 'example' || key === 'examples') continue;
      visit(child, `${pointer}/${escapePointerSegment(key)}`);
    }
  };
  visit(document, '#');
  return cases;
}
