// msw 2 and msw 3 (one file each), installed by the app next to our packed packages: handlers mixed with the app's own,
// the client's calls answered, `close()`, one msw in the tree, and a consumer that type-checks under both.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { denoRunFlags } from '../../../scripts/runtimes.mjs';
import { consumer, versions } from './consumer';
import { allRight } from './expected';
import { repoRoot } from './paths';
import { lastJsonLine, run } from './run';

// A consumer's own code: our handlers and its own in one server, overrides with `use`, our node helper.
const consumerSource = `
import { createWorld } from '@blockindex/mock';
import { createHandlers } from '@blockindex/mock/msw';
import { setupMockServer } from '@blockindex/mock/node';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

const own = http.get('https://app.test/own', () => HttpResponse.json({ own: true }));
const server = setupServer(...createHandlers({ world: createWorld({ seed: 1 }) }), own);
server.use(own);
server.listen();
server.close();
const mock = setupMockServer({ seed: 1 });
mock.server.use(own);
mock.listen();
mock.close();
`;

// Two consumer setups: a bundler-style ESM app with the DOM lib, and a CommonJS Node app without it.
const tsconfigs = {
  'ESM, moduleResolution Bundler, DOM lib': {
    file: 'consumer.ts',
    compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', lib: ['ES2022', 'DOM'] },
  },
  'CommonJS, module nodenext, no DOM lib': {
    file: 'consumer.cts',
    compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', lib: ['ES2022'] },
  },
};

/** How each runtime of the matrix runs a fixture script. */
function runFixture(runtime: string, script: string, cwd: string) {
  const bin = inject('runtimeBins')[runtime] as string;
  if (runtime === 'bun') {
    return run(bin, [script], {
      cwd,
      env: { DO_NOT_TRACK: '1', BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0' },
      timeout: 120_000,
    });
  }
  if (runtime === 'deno') {
    return run(bin, [...denoRunFlags, '--allow-net=127.0.0.1', script], {
      cwd,
      env: { DENO_NO_UPDATE_CHECK: '1', DENO_DIR: `${inject('scratch')}/deno-dir` },
      timeout: 120_000,
    });
  }
  return run(bin, [script], { cwd, timeout: 120_000 });
}

/**
 * The msw cell: `msw` installed by the app, journeys on `runtimes`, two type-checked consumer setups, and
 * setupMockServer on `intercepts` (every operation answered, no request reaching the network) and `refuses`
 * (listen() throws MswUnsupportedError before any request leaves).
 */
export function mswCell(
  msw: string,
  runtimes: string[],
  setupMockServerOn: { intercepts: string[]; refuses: string[] },
) {
  describe(`msw ${msw}`, () => {
    const project = () => consumer(`msw-${msw}`, { msw, '@types/node': versions.typesNode });

    it('is the only msw in the tree: ours is the one the app installed', () => {
      const dir = project();
      const nested = ['@blockindex/mock', '@blockindex/client'].filter((pkg) =>
        existsSync(join(dir, 'node_modules', pkg, 'node_modules', 'msw')),
      );
      expect(nested).toEqual([]);
    });

    it.each(runtimes)('serves the seven operations and closes on %s', (runtime) => {
      const node = inject('runtimeBins')[runtime] as string;
      const result = run(node, ['msw-journey.mjs'], { cwd: project(), timeout: 120_000 });

      expect(result.status, result.report).toBe(0);
      expect(lastJsonLine(result), result.report).toEqual({ ...allRight, own: true, closed: true });
    });

    it.each(setupMockServerOn.intercepts)('setupMockServer intercepts every request on %s', (runtime) => {
      const result = runFixture(runtime, 'msw-interception.mjs', project());

      expect(result.status, result.report).toBe(0);
      expect(lastJsonLine(result), result.report).toEqual({ intercepted: allRight, leaked: 0 });
    });

    it.each(setupMockServerOn.refuses)(
      'setupMockServer refuses to listen on %s, naming the cause and the fixes, before any request leaves',
      (runtime) => {
        const result = runFixture(runtime, 'msw-interception.mjs', project());

        expect(result.status, result.report).toBe(0);
        expect(lastJsonLine(result), result.report).toEqual({
          refused: 'MswUnsupportedError',
          message: expect.stringMatching(
            /msw 3 intercepts nothing under[\s\S]*msw@2[\s\S]*createFetchHandler/,
          ),
          leaked: 0,
        });
      },
    );

    it.each(Object.entries(tsconfigs))(
      'type-checks a consumer mixing our handlers with its own (%s)',
      (_, setup) => {
        const dir = project();
        const name = `tsconfig.${setup.file}.json`;
        writeFileSync(join(dir, setup.file), consumerSource);
        writeFileSync(
          join(dir, name),
          JSON.stringify({
            compilerOptions: {
              ...setup.compilerOptions,
              target: 'ES2022',
              strict: true,
              noEmit: true,
              // As almost every app sets it: msw's own declarations need the DOM lib whoever imports them.
              skipLibCheck: true,
              types: ['node'],
            },
            files: [setup.file],
          }),
        );
        const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
        const result = run(process.execPath, [tsc, '-p', name], { cwd: dir, timeout: 180_000 });

        expect(result.status, result.report).toBe(0);
      },
    );
  });
}
