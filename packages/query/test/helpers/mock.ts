// One mock server per test file (msw's Node interceptor, seeded world) and a client whose requests are counted.
import { createClient } from '@blockindex/client';
import { setupMockServer } from '@blockindex/mock/node';
import { QueryClient } from '@tanstack/query-core';
import { afterAll, afterEach, beforeAll } from 'vitest';

export const mock = setupMockServer({ seed: 1 });

beforeAll(() => mock.listen());
afterEach(() => mock.reset());
afterAll(() => mock.close());

/** A client of the mock that records every request it sends, and can run a hook after each response. */
export function countingClient(options: { afterResponse?: (request: Request) => void } = {}) {
  const requests: Request[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    requests.push(request);
    const response = await globalThis.fetch(request);
    options.afterResponse?.(request);
    return response;
  };
  return { client: createClient({ fetch }), requests };
}

/** A QueryClient as an app would make one; TanStack's own default of 3 retries is kept on purpose. */
export function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: 3 } } });
}
