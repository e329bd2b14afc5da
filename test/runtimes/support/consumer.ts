// Throwaway projects that install the packed tarballs with npm, as a user would, plus a chosen msw and tools.
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { fixturesDir } from './paths';
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

/**
 * Returns the folder of a consumer project with our tarballs and `extra` dependencies installed, and every
 * fixture file copied in. Installed once per matrix run and name; registry access goes through npm only.
 */
export function consumer(name: string, extra: Record<string, string>, npmArgs: string[] = []): string {
  const dir = join(inject('scratch'), name);
  if (existsSync(join(dir, '.installed'))) return dir;
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
  const install = run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', ...npmArgs],
    {
      cwd: dir,
      timeout: 600_000,
    },
  );
  if (install.status !== 0) throw new Error(`npm install failed\n${install.report}`);
  cpSync(fixturesDir, dir, { recursive: true });
  writeFileSync(join(dir, '.installed'), '');
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
