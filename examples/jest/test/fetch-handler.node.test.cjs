// Jest in CommonJS (plain `jest`), `node` environment. msw cannot be required here (it loads ESM-only packages),
// so `@blockindex/mock/node` refuses to load and says why; the mock's fetch handler, passed to the client as its
// `fetch`, needs no msw and no interception.

const { createClient, NotFoundError } = require('@blockindex/client');
const { createFetchHandler } = require('@blockindex/mock');
const { describe, expect, it } = require('@jest/globals');

const handler = createFetchHandler({ seed: 1 });
const client = createClient({ fetch: handler });
const { burnBlockHeight } = handler.world.fixtures;

describe('the client against the fetch handler (CommonJS, node environment)', () => {
  it('reads the block the mock serves', async () => {
    await expect(client.getBlockByBurnBlockHeight(burnBlockHeight)).resolves.toMatchObject({
      burn_block_height: burnBlockHeight,
    });
  });

  it('rejects with the typed error when no block is anchored at the height', async () => {
    await expect(client.getBlockByBurnBlockHeight(999_999_999)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('explains why @blockindex/mock/node cannot load in CommonJS Jest, and what works', () => {
    expect(() => require('@blockindex/mock/node')).toThrow(
      /require\("msw[^"]*"\) failed in this CommonJS loader[\s\S]*createFetchHandler/,
    );
  });
});
