// Packs every published package, installs the tarballs into throwaway ESM and CJS projects and imports every
// entry point from there, as a user of the npm packages would. Needs `pnpm build` first (the root test script runs it).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const published = {
  '@blockindex/spec': 'spec',
  '@blockindex/client': 'packages/client',
  '@blockindex/mock': 'packages/mock',
  '@blockindex/query': 'packages/query',
};
const scratch = mkdtempSync(join(tmpdir(), 'blockindex-packaging-'));
const tarballs: Record<string, string> = {};

const installed = new Map<string, string>();

function project(kind: 'module' | 'commonjs'): string {
  const cached = installed.get(kind);
  if (cached) return cached;
  const dir = join(scratch, kind);
  mkdirSync(dir);
  const deps = Object.fromEntries(Object.entries(tarballs).map(([name, file]) => [name, `file:${file}`]));
  // The mock depends on @blockindex/spec by version; point it at the local tarball, never at the registry.
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: `consumer-${kind}`,
      private: true,
      type: kind,
      // msw is the mock's optional peer dependency: a user of `./node` installs it.
      dependencies: { ...deps, msw: '2.15.0' },
      overrides: deps,
    }),
  );
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
    cwd: dir,
    stdio: 'pipe',
  });
  installed.set(kind, dir);
  return dir;
}

function node(cwd: string, file: string, source: string, args: string[] = []) {
  writeFileSync(join(cwd, file), source);
  const result = spawnSync(process.execPath, [...args, file], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr };
}

// The same journey in both module systems: every entry point loads, and the client talks to the mock.
const journey = (load: (specifier: string) => string) => `
  const { openapi, operationIds } = ${load('@blockindex/spec')};
  const { createClient, NotFoundError } = ${load('@blockindex/client')};
  const { createWorld, createFetchHandler } = ${load('@blockindex/mock')};
  const { createHandlers } = ${load('@blockindex/mock/msw')};
  const { setupMockServer } = ${load('@blockindex/mock/node')};
  const { startMockServer } = ${load('@blockindex/mock/server')};
  const mock = setupMockServer({ seed: 7 });
  mock.listen();
  const client = createClient();
  const { fixtures } = mock.world;
  const block = await client.getBlockByBurnBlockHeight(fixtures.burnBlockHeight);
  let notFound = false;
  try { await client.getBrc20Token('zzzz'); } catch (error) { notFound = error instanceof NotFoundError; }
  mock.close();
  const server = await startMockServer({ port: 0, seed: 7 });
  const health = await fetch(server.url + '/health').then((r) => r.status);
  await server.close();
  const fetchHandler = createFetchHandler({ seed: 7, basePath: '/api' });
  const fetched = await fetchHandler(new Request('http://any.test/api/extended/v1/block/by_burn_block_height/' + fixtures.burnBlockHeight));
  console.log(JSON.stringify({
    fetchHandler: fetched.status,
    openapi: openapi.openapi,
    operations: operationIds.length,
    handlers: createHandlers({ world: createWorld({ seed: 1 }) }).length,
    burnHeight: block.burn_block_height === fixtures.burnBlockHeight,
    notFound,
    health,
  }));
`;
const expected = {
  fetchHandler: 200,
  openapi: '3.1.0',
  operations: 10, // the seven and their three successors
  handlers: 1,
  burnHeight: true,
  notFound: true,
  health: 200,
};

beforeAll(() => {
  const packDir = join(scratch, 'tarballs');
  mkdirSync(packDir);
  for (const [name, dir] of Object.entries(published)) {
    const before = new Set(readdirSync(packDir));
    execFileSync('pnpm', ['pack', '--pack-destination', packDir], { cwd: join(root, dir), stdio: 'pipe' });
    const file = readdirSync(packDir).find((f) => !before.has(f));
    if (!file) throw new Error(`pnpm pack wrote no tarball for ${name}`);
    tarballs[name] = join(packDir, file);
  }
});

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('published packages', () => {
  it('ship the MIT LICENSE their manifests name, identical to the repository one', () => {
    const license = readFileSync(join(root, 'LICENSE'), 'utf8');
    expect(license).toMatch(/^MIT License\n/);
    for (const [name, file] of Object.entries(tarballs)) {
      const shipped = execFileSync('tar', ['-xzOf', file, 'package/LICENSE'], { encoding: 'utf8' });
      expect(shipped, name).toBe(license);
    }
  });

  it('work from an ESM project, every entry point', () => {
    const dir = project('module');
    const run = node(
      dir,
      'main.mjs',
      journey((s) => `await import('${s}')`),
    );
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual(expected);
  });

  it('work from a CommonJS project, every entry point', () => {
    const dir = project('commonjs');
    const run = node(dir, 'main.cjs', `(async () => {${journey((s) => `require('${s}')`)}})();`);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual(expected);
  });

  it('refuse the wrong environment: ./browser in Node, ./node and ./server under the browser condition', () => {
    const dir = project('module');
    const browserInNode = node(dir, 'browser.mjs', `await import('@blockindex/mock/browser');`);
    expect(browserInNode.status).not.toBe(0);
    expect(browserInNode.stderr).toContain('ERR_PACKAGE_PATH_NOT_EXPORTED');
    for (const entry of ['node', 'server']) {
      const nodeInBrowser = node(dir, `${entry}.mjs`, `await import('@blockindex/mock/${entry}');`, [
        '--conditions=browser',
      ]);
      expect(nodeInBrowser.status).not.toBe(0);
      expect(nodeInBrowser.stderr).toContain('ERR_PACKAGE_PATH_NOT_EXPORTED');
    }
  });
});
