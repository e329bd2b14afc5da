// Finds the READMEs of the repository and the TypeScript code blocks in them, with the markers of each block.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What a fence's info string may say after `ts` / `typescript`. The rules are in CONTRIBUTING.md. */
type BlockMode = 'check' | 'run' | 'test' | 'nocheck';

/** One ```ts block of a README. */
export interface CodeBlock {
  /** The README, relative to the repository root (`packages/client/README.md`). */
  readonly readme: string;
  /** 1-based line, in the README, of the block's first line of code. */
  readonly line: number;
  readonly mode: BlockMode;
  /** `file=<name>`: the block is written as this file, so other blocks of the README can import it. */
  readonly fileName: string | undefined;
  /** Why a `nocheck` block cannot compile (required with `nocheck`). */
  readonly reason: string | undefined;
  readonly code: string;
}

/** Directories never searched: dependencies, build output, VCS data. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', 'coverage', 'public', 'test-results']);
const TS_LANGS = new Set(['ts', 'typescript']);
const FENCE = /^(\s*)(`{3,}|~{3,})\s*(.*)$/;

/** Every `README.md` under `root`, sorted, outside dependency and build folders. */
export function findReadmes(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) walk(join(dir, entry.name));
      } else if (entry.name === 'README.md') {
        found.push(relative(root, join(dir, entry.name)));
      }
    }
  };
  walk(root);
  return found.sort();
}

/** One fenced code block of any language. */
export interface Fence {
  readonly readme: string;
  /** The text after the opening fence (`ts run`, `sh`, ...). */
  readonly info: string;
  /** 1-based line, in the README, of the block's first line of code. */
  readonly line: number;
  readonly lines: readonly string[];
}

/** Every fenced code block of one README, in order; an unclosed fence throws with the README's line. */
export function readFences(root: string, readme: string): Fence[] {
  const fences: Fence[] = [];
  let open: { fence: string; indent: number; info: string; line: number; lines: string[] } | undefined;
  readFileSync(join(root, readme), 'utf8')
    .split('\n')
    .forEach((text, index) => {
      const match = FENCE.exec(text);
      if (!open) {
        if (!match) return;
        const [, indent = '', fence = '', info = ''] = match;
        if (fence.startsWith('`') && info.includes('`')) return; // inline code, not a fence
        open = { fence, indent: indent.length, info: info.trim(), line: index + 2, lines: [] };
        return;
      }
      // A closing fence: the same character, at least as long, nothing after it.
      const [, , fence = '', info = ''] = match ?? [];
      if (match && fence[0] === open.fence[0] && fence.length >= open.fence.length && !info) {
        fences.push({ readme, info: open.info, line: open.line, lines: open.lines });
        open = undefined;
        return;
      }
      open.lines.push(text.slice(Math.min(open.indent, text.length - text.trimStart().length)));
    });
  if (open) throw new Error(`${readme}:${open.line - 1}: code fence never closed`);
  return fences;
}

/** The ```ts / ```typescript blocks of one README; a malformed marker throws with the README's line. */
export function extractBlocks(root: string, readme: string): CodeBlock[] {
  return readFences(root, readme).flatMap((fence) => {
    const block = toBlock(readme, fence.info, fence.line, fence.lines.join('\n'));
    return block ? [block] : [];
  });
}

function toBlock(readme: string, info: string, line: number, code: string): CodeBlock | undefined {
  const [lang = '', ...words] = info.split(/\s+/);
  if (!TS_LANGS.has(lang.toLowerCase())) return undefined;
  const where = `${readme}:${line - 1}`;
  let mode: BlockMode = 'check';
  let fileName: string | undefined;
  let reason: string | undefined;
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i] ?? '';
    if (word === 'run' || word === 'test') {
      if (mode !== 'check') throw new Error(`${where}: one of run, test, nocheck per block (\`${info}\`)`);
      mode = word;
    } else if (word === 'nocheck' || word === 'nocheck:') {
      if (mode !== 'check') throw new Error(`${where}: one of run, test, nocheck per block (\`${info}\`)`);
      mode = 'nocheck';
      reason = words.slice(i + 1).join(' ');
      if (!reason) throw new Error(`${where}: \`nocheck\` needs a reason after it (\`ts nocheck: why\`)`);
      break;
    } else if (word.startsWith('file=')) {
      fileName = word.slice('file='.length);
      if (!/^[\w-]+(\/[\w-]+)*\.ts$/.test(fileName))
        throw new Error(`${where}: \`file=\` takes a relative .ts path without dots (\`${word}\`)`);
    } else {
      throw new Error(
        `${where}: unknown marker \`${word}\` (known: run, test, nocheck: <reason>, file=<name>.ts)`,
      );
    }
  }
  return { readme, line, mode, fileName, reason, code };
}
