import { createFetchHandler, type World } from '@blockindex/mock';
import { setupMockServer } from '@blockindex/mock/node';
import { type MockServer, startMockServer } from '@blockindex/mock/server';
import { afterAll, beforeAll } from 'vitest';
import { type BlockindexClient, createClient, type Middleware } from '../../src/index.js';

/** One host of the mock's seed-1 world, as a test reaches it: its world, its scenarios and a client pointed at it. */
export interface MockHost {
  world: World;
  scenarios: { reorgAfter(requests: number, options: { depth: number; replaceWith?: number }): unknown };
  /** A client of this host, with `use` as its middleware when given. */
  client: (use?: Middleware) => BlockindexClient;
}

/**
 * The three ways an app meets the mock (msw, the fetch handler, the standalone server), each a function that hands
 * out the host back at the seeded world. Registers the file's `beforeAll` / `afterAll` that start and stop msw and
 * the server (on 127.0.0.1, a free port), so call it once at a test file's top level.
 */
export function mockHosts(): [string, () => MockHost | Promise<MockHost>][] {
  const msw = setupMockServer({ seed: 1 });
  let server: MockServer;
  beforeAll(async () => {
    // The standalone server's loopback requests pass by msw: it answers only the hosted API's origin.
    msw.listen({ onUnhandledRequest: 'bypass', onUnhandledFrame: 'bypass' } as Parameters<
      typeof msw.listen
    >[0]);
    server = await startMockServer({ port: 0, host: '127.0.0.1', seed: 1 });
  });
  afterAll(async () => {
    msw.close();
    await server.close();
  });
  return [
    [
      'msw host',
      () => {
        msw.reset();
        return {
          world: msw.world,
          scenarios: msw.scenarios,
          client: (use) => createClient(use ? { use: [use] } : {}),
        };
      },
    ],
    [
      'fetch handler',
      () => {
        const handler = createFetchHandler({ seed: 1 });
        return {
          world: handler.world,
          scenarios: handler.scenarios,
          client: (use) => createClient({ fetch: handler, ...(use && { use: [use] }) }),
        };
      },
    ],
    [
      'standalone server',
      async () => {
        const reset = await fetch(`${server.url}/__mock/reset`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        if (!reset.ok) throw new Error(`reset answered ${reset.status}`);
        return {
          world: server.world,
          scenarios: server.scenarios,
          client: (use) => createClient({ baseUrl: server.url, ...(use && { use: [use] }) }),
        };
      },
    ],
  ];
}
