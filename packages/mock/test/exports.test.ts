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
    ['./msw', 'Node ESM', './dist/msw.js'],
    ['./msw', 'browser bundler ESM', './dist/msw.js'],
    ['./msw', 'Node CJS', './dist/msw.cjs'],
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
    // Comments go first: a JSDoc `@example` may show an import of the package itself.
    const source = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
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
      const candidates = [`${base}.ts`, join(base, 'index.ts'), `${base}.d.ts`, base];
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

const isMsw = (specifier: string) => specifier === 'msw' || specifier.startsWith('msw/');

describe('environment-neutral entries', () => {
  it.each(['src/index.ts', 'src/browser.ts', 'src/msw.ts'])(
    '%s never reaches node:* or msw/node',
    (entry) => {
      const offenders = [...importGraph(entry)].flatMap(([file, bare]) =>
        bare.filter((s) => s.startsWith('node:') || s === 'msw/node').map((s) => `${file}: ${s}`),
      );
      expect(offenders).toEqual([]);
    },
  );

  // The fetch handler's entry runs where msw is not installed (an optional peer) and code generation is
  // forbidden (edge runtimes), and ships to browsers: it imports no package but the spec's small subpaths
  // (types and constants), never the OpenAPI document itself (`@blockindex/spec`), nor c32check.
  it('src/index.ts reaches no package but @blockindex/spec/types and /constants (no document, msw, ajv, node:*)', () => {
    const bare = [...importGraph('src/index.ts').values()].flat();
    expect([...new Set(bare)].sort()).toEqual(['@blockindex/spec/constants', '@blockindex/spec/types']);
  });

  it('src/server.ts and the CLI never load msw', () => {
    for (const entry of ['src/server.ts', 'src/hosts/node/cli.ts']) {
      expect([...importGraph(entry).values()].flat().filter(isMsw)).toEqual([]);
    }
  });

  it('src/node.ts and src/server.ts do reach node-only modules (the checks above can fail)', () => {
    const bare = (entry: string) => [...importGraph(entry).values()].flat();
    expect(bare('src/node.ts')).toContain('msw/node');
    expect(bare('src/server.ts')).toContain('node:http');
  });
});

describe('layers only look down', () => {
  const layerOf = (file: string) => /\/src\/(world|engine|hosts)\//.exec(file)?.[1];
  const rank = { world: 0, engine: 1, hosts: 2 } as const;
  it.each(['src/index.ts', 'src/node.ts', 'src/browser.ts', 'src/server.ts', 'src/hosts/node/cli.ts'])(
    'no module reached from %s imports a layer above its own',
    (entry) => {
      const graph = importGraph(entry);
      const upward: string[] = [];
      for (const file of graph.keys()) {
        const layer = layerOf(file);
        if (layer === undefined) continue;
        const source = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
        for (const match of source.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'(\.[^']+)'/gm)) {
          const target = layerOf(`${resolve(dirname(file), match[1] ?? '')}/`);
          if (target !== undefined && rank[target as keyof typeof rank] > rank[layer as keyof typeof rank]) {
            upward.push(`${file} → ${match[1]}`);
          }
        }
      }
      expect(upward).toEqual([]);
    },
  );

  it('the engine and the world import neither msw nor node:*', () => {
    const offenders = [...importGraph('src/node.ts'), ...importGraph('src/server.ts')]
      .filter(([file]) => layerOf(file) === 'engine' || layerOf(file) === 'world')
      .flatMap(([file, bare]) =>
        bare.filter((s) => isMsw(s) || s.startsWith('node:')).map((s) => `${file}: ${s}`),
      );
    expect(offenders).toEqual([]);
  });
});

describe('nothing runs at import', () => {
  // A Deno or Node script that imports the package must be able to exit: no timer, socket or handle may be
  // left behind by loading an entry. (`CloseReq` is the module loader closing the file it just read.)
  it.each(['index', 'server', 'msw'])('dist/%s.js leaves no active handle behind', (entry) => {
    const script = `await import(${JSON.stringify(join(packageDir, `dist/${entry}.js`))});
      console.log(JSON.stringify(process.getActiveResourcesInfo().filter((r) => !['TTYWrap', 'PipeWrap', 'CloseReq'].includes(r))));`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: packageDir,
      encoding: 'utf8',
    });
    // Node 26 warns when msw touches `localStorage` (no `--localstorage-file`): msw's own notice, not a handle.
    const mswNotice = /ExperimentalWarning: localStorage is not available|node --trace-warnings/;
    const stderr = result.stderr
      .split('\n')
      .filter((line) => line !== '' && !(entry === 'msw' && mswNotice.test(line)));
    expect(stderr).toEqual([]);
    expect(JSON.parse(result.stdout.trim())).toEqual([]);
  });

  it('the precompiled validators generate no code at run time', () => {
    const source = readFileSync(join(packageDir, 'src/engine/generated/validators.js'), 'utf8');
    expect(source).not.toMatch(/new Function|\beval\(|\brequire\(/);
  });
});
