// Projects that install the packed tarballs with npm, as a user would, plus a chosen msw and tools. Installs are
// kept in the consumers cache between runs and redone only when their package.json or a tarball changed.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { consumersCache, consumersDir, fixturesDir } from './paths';
import { run } from './run';

/** Exact versions the matrix installs next to our packages. */
export const versions = {
  msw2: '2.15.0',
  msw3: '3.0.5',
  hono: '4.13.19',
  esbuild: '0.28.2',
  next: '16.4.6',
  react: '19.3.1',
  typesNode: '20.19.43',
} as const;

const npmFlags = ['--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', '--prefer-offline'];

const fileHash = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Installs `dir`'s package.json with npm unless the same manifest and tarballs were installed there before. */
function install(dir: string, npmArgs: string[]): void {
  const manifest = readFileSync(join(dir, 'package.json'), 'utf8');
  const tarballs = Object.values(inject('tarballs')).map(fileHash);
  const stamp = createHash('sha256')
    .update([manifest, ...tarballs, ...npmArgs].join('\n'))
    .digest('hex');
  const stampFile = join(dir, '.installed');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
  // A changed tarball keeps its file: URL, so npm's lock would pin the old integrity: forget ours, keep the rest.
  rmSync(join(dir, 'package-lock.json'), { force: true });
  rmSync(join(dir, 'node_modules', '@blockindex'), { recursive: true, force: true });
  const started = Date.now();
  const deps = JSON.parse(manifest) as Record<string, Record<string, string> | undefined>;
  const names = Object.keys({ ...deps.dependencies, ...deps.devDependencies }).join(', ');
  console.log(`consumer ${dir}: npm install ${names} (from npm's cache, or the registry the first time)`);
  const result = run('npm', ['install', ...npmFlags, '--cache', join(consumersCache, 'npm'), ...npmArgs], {
    cwd: dir,
    timeout: 600_000,
  });
  if (result.status !== 0) throw new Error(`npm install failed\n${result.report}`);
  writeFileSync(stampFile, stamp);
  console.log(`consumer ${dir}: npm install ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Returns the folder of a generated consumer project with our tarballs and `extra` dependencies installed, and
 * every fixture file copied in.
 */
export function consumer(name: string, extra: Record<string, string>, npmArgs: string[] = []): string {
  const dir = join(consumersCache, name);
  mkdirSync(dir, { recursive: true });
  const tarballs = Object.fromEntries(
    Object.entries(inject('tarballs')).map(([pkg, file]) => [pkg, `file:${file}`]),
  );
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: `consumer-${name}`,
      private: true,
      type: 'module',
      dependencies: { ...tarballs, ...extra },
      // The mock depends on @blockindex/spec by version: the local tarball, never the registry.
      overrides: tarballs,
    }),
  );
  install(dir, npmArgs);
  cpSync(fixturesDir, dir, { recursive: true });
  return dir;
}

/**
 * Returns the installed copy of a committed consumer project, `test/consumers/<name>/`: its package.json (our
 * packages as `file:../tarballs/*.tgz`, everything else at an exact version) and its sources, as a user has them.
 */
export function committedConsumer(name: string): string {
  const dir = join(consumersCache, name);
  mkdirSync(dir, { recursive: true });
  cpSync(join(consumersDir, name), dir, {
    recursive: true,
    filter: (source) => !/[\\/](node_modules|package-lock\.json)$/.test(source),
  });
  install(dir, []);
  return dir;
}

/** The hosts' project: our packages, Hono, esbuild and Node's types; no msw (an optional peer of the mock). */
export const hostsProject = () =>
  consumer('hosts', { hono: versions.hono, esbuild: versions.esbuild, '@types/node': versions.typesNode });

/** Next.js without its optional native compiler and image packages: the route module needs neither. */
export const nextProject = () =>
  consumer('next', { next: versions.next, react: versions.react, 'react-dom': versions.react }, [
    '--omit=optional',
  ]);
