// A server-side consumer of the fetch handler and the client, in a project without msw and without the DOM lib
// (Node's own types only), type-checks with skipLibCheck off: our declarations pull in neither.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostsProject } from './support/consumer';
import { repoRoot } from './support/paths';
import { run } from './support/run';

const source = `
import { createClient, NotFoundError } from '@blockindex/client';
import { createFetchHandler, type FetchHandler } from '@blockindex/mock';

const handler: FetchHandler = createFetchHandler({ seed: 1, basePath: '/api' });
const response: Promise<Response> = handler(new Request('http://any.origin/api/extended/v1/block/by_burn_block_height/1'));
const client = createClient({ baseUrl: 'http://any.origin/api', fetch: (request) => handler(request) });
export async function height(): Promise<number | undefined> {
  await response;
  try {
    return (await client.getBlockByBurnBlockHeight(handler.world.fixtures.burnBlockHeight)).height;
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}
`;

const setups = {
  'ESM, module nodenext': { file: 'handler-consumer.mts' },
  'CommonJS, module nodenext': { file: 'handler-consumer.cts' },
};

describe('fetch handler consumer types (no msw, no DOM lib, skipLibCheck off)', () => {
  it('has no msw installed', () => {
    expect(existsSync(join(hostsProject(), 'node_modules/msw'))).toBe(false);
  });

  it.each(Object.entries(setups))('type-checks (%s)', (_, { file }) => {
    const dir = hostsProject();
    writeFileSync(join(dir, file), source);
    const compilerOptions = {
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'ES2022',
      lib: ['ES2022'],
      types: ['node'],
      strict: true,
      noEmit: true,
      skipLibCheck: false,
    };
    writeFileSync(join(dir, `tsconfig.${file}.json`), JSON.stringify({ compilerOptions, files: [file] }));
    const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
    const result = run(process.execPath, [tsc, '-p', `tsconfig.${file}.json`], {
      cwd: dir,
      timeout: 180_000,
    });

    expect(result.status, result.report).toBe(0);
  });
});
