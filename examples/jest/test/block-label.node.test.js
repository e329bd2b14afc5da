// Jest, `node` environment: the mock answers the real client's fetch calls through msw's setupServer.

import { createClient, NotFoundError } from '@blockindex/client';
import { setupMockServer } from '@blockindex/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { blockLabel } from '../src/block-label.js';

const mock = setupMockServer({ seed: 1 });
const { burnBlockHeight } = mock.world.fixtures;

beforeAll(() => mock.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.reset());
afterAll(() => mock.close());

describe('blockLabel (node environment)', () => {
  it('describes the block the mock serves', async () => {
    const truth = mock.world.getBlockByBurnBlockHeight(burnBlockHeight);
    if (!truth) throw new Error('the fixture height has no block');

    await expect(blockLabel(createClient(), burnBlockHeight)).resolves.toBe(
      `Block ${truth.height} (${truth.txs.length} transactions), anchored at burn height ${burnBlockHeight}`,
    );
  });

  it('says so when no block is anchored at the height', async () => {
    await expect(blockLabel(createClient(), 999_999_999)).resolves.toBe('No block at burn height 999999999');
  });

  it('lets Jest await the client calls themselves', async () => {
    const client = createClient();

    await expect(client.getBlockByBurnBlockHeight(burnBlockHeight)).resolves.toMatchObject({
      burn_block_height: burnBlockHeight,
    });
    await expect(client.getBlockByBurnBlockHeight(999_999_999)).rejects.toBeInstanceOf(NotFoundError);
  });
});
