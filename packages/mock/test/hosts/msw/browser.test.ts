import type { RequestHandler } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// msw/browser refuses Node (its `exports` say `node: null`), so the worker is replaced by a recorder here;
// the real Service Worker runs in the browser example's tests.
const calls = vi.hoisted(() => ({
  setup: [] as RequestHandler[][],
  start: [] as unknown[],
  reset: [] as RequestHandler[][],
}));
vi.mock('msw/browser', () => ({
  setupWorker: (...handlers: RequestHandler[]) => {
    calls.setup.push(handlers);
    return {
      start: async (options: unknown) => {
        calls.start.push(options);
        return undefined;
      },
      stop: () => {},
      resetHandlers: (...next: RequestHandler[]) => {
        calls.reset.push(next);
      },
      use: () => {},
    };
  },
}));

const { setupMockWorker } = await import('../../../src/browser');

describe('setupMockWorker', () => {
  beforeEach(() => {
    calls.setup.length = 0;
    calls.start.length = 0;
    calls.reset.length = 0;
  });

  it('registers the handler over the seeded world', () => {
    const mock = setupMockWorker({ seed: 2 });
    expect(calls.setup[0]).toHaveLength(1);
    expect(mock.world.seed).toBe(2);
  });

  it('lets unhandled requests (page assets) through unless told otherwise', async () => {
    const mock = setupMockWorker({ seed: 2 });
    await mock.start();
    await mock.start({ onUnhandledRequest: 'warn', quiet: true });
    expect(calls.start).toEqual([
      { onUnhandledRequest: 'bypass' },
      { onUnhandledRequest: 'warn', quiet: true },
    ]);
  });

  it('reset() swaps in handlers over a fresh world', () => {
    const mock = setupMockWorker({ seed: 2 });
    const before = mock.world;
    before.mineBlock();
    mock.reset();
    expect(mock.world).not.toBe(before);
    expect(mock.world.tip.height).toBe(before.tip.height - 1);
    expect(calls.reset[0]).toHaveLength(1);
  });
});
