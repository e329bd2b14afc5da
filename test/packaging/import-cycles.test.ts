import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Layers only look down: no module of a package may reach itself again through its relative imports, type-only
// imports and re-exports included (madge `--circular` finds the same; this runs in milliseconds and needs
// nothing installed).
const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Every relative specifier a module's statements name: `import … from`, `export … from` (a statement starts a
 * line, so an import quoted inside a string is not one), `import '…'` and `import('…')`.
 */
const SPECIFIERS =
  /^(?:import|export)\b[^;]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|^import\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/gm;

const specifiersOf = (text: string): string[] =>
  [...text.matchAll(SPECIFIERS)].map((match) => (match[1] ?? match[2] ?? match[3]) as string);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(src: string, from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, base.replace(/\.js$/, '.ts'), join(base, 'index.ts')];
  const found = candidates.find((path) => /\.(ts|js)$/.test(path) && existsSync(path));
  if (found === undefined)
    throw new Error(`${relative(src, from)} imports ${specifier}, which is not a file`);
  return found;
}

function importGraph(src: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8');
    const targets = specifiersOf(text).map((specifier) => resolveImport(src, file, specifier));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every cycle reachable in `graph`, each as the list of modules on it (depth-first, white/grey/black). */
function findCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (state.get(next) === undefined) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (state.get(node) === undefined) visit(node);
  return cycles;
}

describe('import cycles', () => {
  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });

  it('reads type-only imports and re-exports as edges', () => {
    const text = [
      "import type { A } from './a';",
      'export { B } from "../b";',
      "export type {\n  C,\n} from './c.js';",
      "import './e';",
      "await import('./d');",
      `const quoted = "import type { F } from './f';";`,
    ].join('\n');
    expect(specifiersOf(text)).toEqual(['./a', '../b', './c.js', './e', './d']);
  });

  // A package's modules at least (so that a wrong folder cannot pass with an empty graph).
  it.each([
    ['client', 20],
    ['mock', 50],
    ['query', 8],
  ])('has none in the sources of %s', (name, atLeast) => {
    const src = resolve(ROOT, `packages/${name}/src`);
    const graph = importGraph(src);
    expect(graph.size).toBeGreaterThanOrEqual(atLeast);
    const cycles = findCycles(graph).map((cycle) => cycle.map((file) => relative(src, file)).join(' -> '));
    expect(cycles).toEqual([]);
  });
});
