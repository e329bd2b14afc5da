import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const packageDir = new URL('..', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
};

type Target = string | null | { [condition: string]: Target };

/** Node's conditional-exports walk (PACKAGE_TARGET_RESOLVE): first matching key in object order wins. */
function resolveExport(subpath: string, conditions: readonly string[]): string | null {
  const walk = (target: Target): string | null | undefined => {
    if (target === null || typeof target === 'string') return target;
    for (const [key, value] of Object.entries(target)) {
      if (key !== 'default' && !conditions.includes(key)) continue;
      const resolved = walk(value);
      if (resolved !== undefined) return resolved;
    }
    return undefined;
  };
  return walk(manifest.exports[subpath] as Target) ?? null;
}

const environments = {
  'Node ESM': ['node', 'import'],
  'Node CJS': ['node', 'require'],
  'browser bundler ESM': ['browser', 'import', 'module'],
  'browser bundler CJS': ['browser', 'require'],
} as const;

describe('package exports', () => {
  it.each([
    ['.', 'Node ESM', './dist/index.js'],
    ['.', 'browser bundler ESM', './dist/index.js'],
    ['.', 'Node CJS', './dist/index.cjs'],
    ['./node', 'Node ESM', './dist/node.js'],
    ['./node', 'Node CJS', './dist/node.cjs'],
    ['./node', 'browser bundler ESM', null],
    ['./node', 'browser bundler CJS', null],
    ['./server', 'Node ESM', './dist/server.js'],
    ['./server', 'browser bundler ESM', null],
    ['./browser', 'browser bundler ESM', './dist/browser.js'],
    ['./browser', 'browser bundler CJS', './dist/browser.cjs'],
    ['./browser', 'Node ESM', null],
    ['./browser', 'Node CJS', null],
  ] as const)('%s under %s → %s', (subpath, environment, expected) => {
    expect(resolveExport(subpath, environments[environment])).toBe(expected);
  });

  it('puts types first in every condition block', () => {
    const check = (target: unknown) => {
      if (target === null || typeof target !== 'object') return;
      const keys = Object.keys(target);
      if (keys.includes('types')) expect(keys[0]).toBe('types');
      for (const value of Object.values(target)) check(value);
    };
    check(manifest.exports);
  });

  // Node itself, not only the walk above: an environment it refuses must fail with ERR_PACKAGE_PATH_NOT_EXPORTED.
  it.each([
    ['./node', [], 'dist/node.js'],
    ['./server', [], 'dist/server.js'],
    ['./browser', [], 'ERR_PACKAGE_PATH_NOT_EXPORTED'],
    ['./node', ['--conditions=browser'], 'ERR_PACKAGE_PATH_NOT_EXPORTED'],
    ['./server', ['--conditions=browser'], 'ERR_PACKAGE_PATH_NOT_EXPORTED'],
  ])('Node resolves @blockindex/mock/%s with %j to %s', (subpath, flags, expected) => {
    const specifier = `@blockindex/mock/${subpath.slice(2)}`;
    const script = `try { console.log(import.meta.resolve(${JSON.stringify(specifier)})) } catch (e) { console.log(e.code) }`;
    const result = spawnSync(process.execPath, [...flags, '--input-type=module', '-e', script], {
      cwd: packageDir,
      encoding: 'utf8',
    });
    expect(result.stdout.trim().endsWith(expected)).toBe(true);
  });
});

/** Every module `entry` reaches through relative imports, with the bare specifiers each one imports. */
function importGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const visit = (file: string) => {
    if (graph.has(file)) return;
    const source = readFileSync(file, 'utf8');
    const specifiers = [...source.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'/gm)].map(
      (m) => m[1] ?? '',
    );
    const bare: string[] = [];
    graph.set(file, bare);
    for (const specifier of specifiers) {
      if (!specifier.startsWith('.')) {
        bare.push(specifier);
        continue;
      }
      const base = resolve(dirname(file), specifier);
      const candidates = [`${base}.ts`, join(base, 'index.ts'), `${base}.d.ts`];
      const found = candidates.find((candidate) => {
        try {
          readFileSync(candidate);
          return true;
        } catch {
          return false;
        }
      });
      if (!found) throw new Error(`cannot resolve ${specifier} from ${file}`);
      visit(found);
    }
  };
  visit(join(packageDir, entry));
  return graph;
}

describe('environment-neutral entries', () => {
  it.each(['src/index.ts', 'src/browser.ts'])('%s never reaches node:* or msw/node', (entry) => {
    const offenders = [...importGraph(entry)].flatMap(([file, bare]) =>
      bare.filter((s) => s.startsWith('node:') || s === 'msw/node').map((s) => `${file}: ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('src/node.ts and src/server.ts do reach node-only modules (the check above can fail)', () => {
    const bare = (entry: string) => [...importGraph(entry).values()].flat();
    expect(bare('src/node.ts')).toContain('msw/node');
    expect(bare('src/server.ts')).toContain('node:http');
  });
});
