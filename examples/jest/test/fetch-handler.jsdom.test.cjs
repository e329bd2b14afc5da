// Jest in CommonJS (plain `jest`), jsdom environment through jest-fixed-jsdom (which keeps Node's fetch, Request,
// Response and streams): the mock's fetch handler as the client's `fetch`, and the answer rendered into the DOM.

const { createClient } = require('@blockindex/client');
const { createFetchHandler } = require('@blockindex/mock');
const { describe, expect, it } = require('@jest/globals');

const handler = createFetchHandler({ seed: 1 });
const { burnBlockHeight } = handler.world.fixtures;

describe('the client against the fetch handler (CommonJS, jsdom environment)', () => {
  it('renders the block the mock serves', async () => {
    const block = await createClient({ fetch: handler }).getBlockByBurnBlockHeight(burnBlockHeight);
    const paragraph = document.createElement('p');
    paragraph.textContent = `Block ${block.height}, anchored at burn height ${block.burn_block_height}`;
    document.body.append(paragraph);

    expect(document.body.textContent).toContain(`anchored at burn height ${burnBlockHeight}`);
  });
});
