// Development only: main.tsx imports this module behind `import.meta.env.MODE === 'development'`, so production builds drop it
// together with the mock, msw and the world generator.
import { type MockWorkerApi, setupMockWorker } from '@blockindex/mock/browser';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useQueries } from '../queries-context.js';
import type { Settings } from '../settings.js';

/** Starts the mock API in a service worker, before the first request. */
export async function startMock(): Promise<MockWorkerApi> {
  const mock = setupMockWorker();
  // The worker must control the page before the first API call, or that call goes to the real network.
  await mock.start({
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    quiet: true,
  });
  return mock;
}

/** The mock world's sample identifiers, as the app's defaults. */
export function mockDefaults(mock: MockWorkerApi): Settings {
  const { address, ticker, contractIds } = mock.world.fixtures;
  return { address, ticker, contractIds: [...contractIds] };
}

/** A toolbar that mines a block touching the address, then refetches everything about it. */
export function DevTools({ mock, address }: { mock: MockWorkerApi; address: string }) {
  const queries = useQueries();
  const queryClient = useQueryClient();
  const [tip, setTip] = useState(mock.world.tip.height);
  const [mining, setMining] = useState(false);

  async function mine(): Promise<void> {
    setMining(true);
    try {
      setTip(mock.world.mineBlock({ address }).height);
      // One prefix reaches the infinite list (all its pages refetch, exactly) and any other query of the address.
      await queryClient.invalidateQueries({ queryKey: queries.keys.address(address) });
    } finally {
      setMining(false);
    }
  }

  return (
    <p id="dev-tools" className="muted">
      Mock API (seed {mock.world.seed}), tip at block <span className="tip">{tip}</span>.{' '}
      <button type="button" disabled={mining} onClick={() => void mine()}>
        Mine a block
      </button>
    </p>
  );
}
