// Jest, jsdom environment (through jest-fixed-jsdom, which keeps Node's fetch, Request, Response and streams
// that plain jsdom hides): the same mock, and the answer rendered into the DOM.

import { createClient } from '@blockindex/client';
import { setupMockServer } from '@blockindex/mock/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { blockLabel } from '../src/block-label.js';

const mock = setupMockServer({ seed: 1 });
const { burnBlockHeight } = mock.world.fixtures;

beforeAll(() => mock.listen({ onUnhandledRequest: 'error' }));
afterEach(() => mock.reset());
afterAll(() => mock.close());

describe('blockLabel (jsdom environment)', () => {
  it('runs in a DOM', () => {
    expect(typeof window).toBe('object');
    expect(document.createElement('p').tagName).toBe('P');
  });

  it('renders the block the mock serves', async () => {
    const paragraph = document.createElement('p');
    document.body.append(paragraph);

    paragraph.textContent = await blockLabel(createClient(), burnBlockHeight);

    expect(document.body.textContent).toContain(`anchored at burn height ${burnBlockHeight}`);
  });
});
