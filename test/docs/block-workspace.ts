// Writes README blocks as files in a scratch folder whose node_modules links every workspace package (by its
// name, so imports reach the built `dist/` types and code through each package's `exports`) and every
// dependency installed anywhere in the workspace. Both tsc and the test runner then resolve imports as a user's
// project would, with no path mapping to keep in step.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { CodeBlock } from './markdown-blocks';

/** A block written to disk. */
export interface BlockFile {
  readonly block: CodeBlock;
  readonly path: string;
}

/** The folders of the workspace packages, read from `pnpm-workspace.yaml` (`dir` and `dir/*` entries). */
function workspaceDirs(root: string): string[] {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const section = yaml.split(/^packages:\s*$/m)[1]?.split(/^\S/m)[0] ?? '';
  const dirs: string[] = [];
  for (const [, pattern = ''] of section.matchAll(/^\s+-\s+["']?([^"'\s#]+)/gm)) {
    if (pattern.endsWith('/*')) {
      const parent = join(root, pattern.slice(0, -2));
      for (const entry of readdirSync(parent, { withFileTypes: true }))
        if (entry.isDirectory() && existsSync(join(parent, entry.name, 'package.json')))
          dirs.push(join(parent, entry.name));
    } else if (existsSync(join(root, pattern, 'package.json'))) {
      dirs.push(join(root, pattern));
    }
  }
  return dirs;
}

/** Creates the scratch folder with its node_modules; the caller removes it. */
export function createBlockWorkspace(root: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'blockindex-docs-'));
  const modules = join(dir, 'node_modules');
  mkdirSync(modules);
  const link = (name: string, target: string): void => {
    const at = join(modules, name);
    if (existsSync(at)) return; // first one wins: the workspace packages, then the root's dependencies
    mkdirSync(dirname(at), { recursive: true });
    symlinkSync(target, at, 'dir');
  };
  const packages = workspaceDirs(root);
  for (const pkg of packages) link(JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).name, pkg);
  for (const from of [root, ...packages]) {
    const installed = join(from, 'node_modules');
    if (!existsSync(installed)) continue;
    for (const entry of readdirSync(installed)) {
      if (entry.startsWith('.')) continue;
      if (entry.startsWith('@')) {
        for (const scoped of readdirSync(join(installed, entry)))
          link(`${entry}/${scoped}`, join(installed, entry, scoped));
      } else {
        link(entry, join(installed, entry));
      }
    }
  }
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'readme-blocks', private: true, type: 'module' }),
  );
  return dir;
}

/** Writes each block into a folder per README, named after its line unless it says `file=`. */
export function writeBlocks(dir: string, blocks: readonly CodeBlock[]): BlockFile[] {
  return blocks.map((block) => {
    const folder = join(dir, 'readmes', block.readme.replace(/[/.]/g, '_'));
    const path = join(folder, block.fileName ?? `line-${block.line}.ts`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `${block.code}\n`);
    return { block, path };
  });
}
