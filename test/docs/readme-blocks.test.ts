// Every ```ts block of every README compiles as a module of its own; `run` blocks run against the embedded mock
// and `test` blocks run as the vitest tests they are. The markers are described in CONTRIBUTING.md.
// Needs `pnpm build` first: blocks import the packages' built `dist/` (the root test script builds).
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBlockWorkspace, writeBlocks } from './block-workspace';
import { extractBlocks, findReadmes, readFences } from './markdown-blocks';
import { findSampleIds } from './sample-ids';
import { typecheckBlocks } from './typecheck-blocks';

const root = new URL('../..', import.meta.url).pathname;
const readmes = findReadmes(root);
const blocks = readmes.flatMap((readme) => extractBlocks(root, readme));
const workspace = createBlockWorkspace(root);
const files = writeBlocks(
  workspace,
  blocks.filter((block) => block.mode !== 'nocheck'),
);
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

// The mock `run` blocks talk to (seed 1, answering the client's default base URL and `BASE_URLS.mock`), and a
// fresh world of the same seed to look the documented identifiers up in.
const HARNESS = `
import { BASE_URLS } from '@blockindex/client';
import { createWorld } from '@blockindex/mock';
import { createHandlers, setupMockServer } from '@blockindex/mock/node';

export const mock = setupMockServer({ seed: 1 });
export function serveMockBaseUrl() {
  mock.use(...createHandlers({ world: mock.world, baseUrl: BASE_URLS.mock, scenarios: mock.scenarios }));
}
export const world = createWorld({ seed: 1 });
`;
interface Harness {
  mock: { listen(options: { onUnhandledRequest: 'error' }): void; reset(): void; close(): void };
  serveMockBaseUrl(): void;
  world: {
    listAddressTransactions(address: string, page: { limit: number; offset: number }): { total?: number };
    getSmartContractStatus(contractId: string): { found: boolean };
    hasTransaction(txId: string): boolean;
    getBlockByHash(hash: string): unknown;
    getBlockByBurnBlockHash(hash: string): unknown;
    getBlockByBurnBlockHeight(height: number): unknown;
  };
}
const harnessPath = join(workspace, 'harness.ts');
writeFileSync(harnessPath, HARNESS);
let harness: Harness;
beforeAll(async () => {
  harness = await import(pathToFileURL(harnessPath).href);
});

/** Whether the seed-1 world has this identifier: an address with transactions, a known contract, a hash... */
function inWorld(kind: string, value: string): boolean {
  const { world } = harness;
  if (kind === 'burn-block-height') return world.getBlockByBurnBlockHeight(Number(value)) !== undefined;
  if (kind === 'hash')
    return (
      world.hasTransaction(value) ||
      world.getBlockByHash(value) !== undefined ||
      world.getBlockByBurnBlockHash(value) !== undefined
    );
  const [address = ''] = value.split('.');
  if (value.includes('.') && world.getSmartContractStatus(value).found) return true;
  return (world.listAddressTransactions(address, { limit: 1, offset: 0 }).total ?? 0) > 0;
}
const where = (block: { readme: string; line: number }) => `${block.readme}:${block.line - 1}`;

describe('README code blocks', () => {
  it('finds the READMEs of the repository and their TypeScript blocks', () => {
    expect(readmes).toEqual(
      expect.arrayContaining(['README.md', 'packages/client/README.md', 'spec/README.md']),
    );
    expect(blocks.length).toBeGreaterThan(10);
  });

  it('type-checks every block as a strict ES module against the built packages', () => {
    const problems = typecheckBlocks(root, files);
    if (problems.length > 0)
      expect.fail(`${problems.length} type errors in README blocks:\n${problems.join('\n')}`);
  });

  it('uses chain identifiers of the seeded mock world, or says they are mainnet values', () => {
    const ids = findSampleIds(readmes.flatMap((readme) => readFences(root, readme)));
    const missing = ids.filter(({ kind, value }) => !inWorld(kind, value));
    const report = missing.map(({ where, kind, value }) => `${where}: ${kind} ${value}`);
    if (missing.length > 0)
      expect.fail(
        `not in the seed-1 world (\`world.fixtures\`, \`GET /__mock/fixtures\`); use one that is, or say "mainnet" ` +
          `or "unknown" on its line:\n${report.join('\n')}`,
      );
    expect(ids.length).toBeGreaterThan(0);
  });

  describe.runIf(files.some((file) => file.block.mode === 'run'))(
    'runs the `run` blocks against the mock',
    () => {
      beforeAll(() => {
        harness.mock.listen({ onUnhandledRequest: 'error' });
        harness.serveMockBaseUrl();
      });
      afterEach(() => {
        harness.mock.reset();
        harness.serveMockBaseUrl();
        vi.restoreAllMocks();
      });
      afterAll(() => harness.mock.close());

      for (const { block, path } of files.filter((file) => file.block.mode === 'run')) {
        it(where(block), async () => {
          // What a block prints is for the reader of the README, not for the test log.
          vi.spyOn(console, 'log').mockImplementation(() => {});
          await import(pathToFileURL(path).href); // a block passes when it runs to its end without throwing
        });
      }
    },
  );

  // A `test` block registers its own hooks and tests, in a suite of its own.
  for (const { block, path } of files.filter((file) => file.block.mode === 'test')) {
    describe(where(block), async () => {
      await import(pathToFileURL(path).href);
    });
  }
});
