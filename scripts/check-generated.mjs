#!/usr/bin/env node
// Fails when a committed generated file no longer matches what `pnpm generate` would write from the spec.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const packages = JSON.parse(
  execFileSync('pnpm', ['-r', 'ls', '--depth', '-1', '--json'], { cwd: root, encoding: 'utf8' }),
);
const scratch = mkdtempSync(join(tmpdir(), 'blockindex-generated-'));
const stale = [];

for (const { path } of packages) {
  if (path === root.replace(/\/$/, '')) continue; // the root's `generate` only fans out to the packages
  const { scripts = {} } = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8'));
  // Only the openapi-typescript form `openapi-typescript <spec> -o <out>` is understood; anything else is an error.
  if (!scripts.generate) continue;
  const match = /^openapi-typescript (\S+) -o (\S+)$/.exec(scripts.generate);
  if (!match)
    throw new Error(`${relative(root, path)}: cannot read its generate script: ${scripts.generate}`);
  const [, input, output] = match;
  const fresh = join(scratch, `${relative(root, path).replaceAll('/', '_')}.d.ts`);
  execFileSync('pnpm', ['exec', 'openapi-typescript', input, '-o', fresh], { cwd: path, stdio: 'ignore' });
  const committed = join(path, output);
  let current = '';
  try {
    current = readFileSync(committed, 'utf8');
  } catch {}
  if (current !== readFileSync(fresh, 'utf8')) stale.push(relative(root, committed));
}
rmSync(scratch, { recursive: true, force: true });

if (stale.length > 0) {
  console.error(`Stale generated files (the spec changed since they were written):\n  ${stale.join('\n  ')}`);
  console.error('Run `pnpm generate` and commit the result.');
  process.exit(1);
}
console.log('Generated files match spec/openapi.yaml.');
