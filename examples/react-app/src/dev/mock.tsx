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

/** How deep the "Re-org" button re-orgs, and how many blocks replace the orphaned ones (as Nakamoto does). */
const REORG = { depth: 2, replaceWith: 1 } as const;

/**
 * A toolbar that mines a block touching the address, or re-orgs the chain (the tip moves back, as on Stacks API
 * 9.x), then refetches everything about the address.
 */
export function DevTools({ mock, address }: { mock: MockWorkerApi; address: string }) {
  const queries = useQueries();
  const queryClient = useQueryClient();
  const [tip, setTip] = useState(mock.world.tip.height);
  const [busy, setBusy] = useState(false);
  const [orphaned, setOrphaned] = useState<number | undefined>();

  async function change(update: () => void): Promise<void> {
    setBusy(true);
    try {
      update();
      setTip(mock.world.tip.height);
      // One prefix reaches the infinite list (all its pages refetch, exactly) and any other query of the address.
      await queryClient.invalidateQueries({ queryKey: queries.keys.address(address) });
    } finally {
      setBusy(false);
    }
  }

  const mine = () => change(() => mock.world.mineBlock({ address }));
  const reorg = () =>
    change(() => {
      // The world refuses a re-org deeper than the blocks above its fixtures; the button is off then.
      setOrphaned(mock.world.reorg(REORG).orphanedTransactions.length);
    });

  return (
    <p id="dev-tools" className="muted">
      Mock API (seed {mock.world.seed}), tip at block <span className="tip">{tip}</span>.{' '}
      <button type="button" disabled={busy} onClick={() => void mine()}>
        Mine a block
      </button>{' '}
      <button
        type="button"
        disabled={busy || mock.world.maxReorgDepth < REORG.depth}
        title={`Orphan the newest ${REORG.depth} blocks and mine ${REORG.replaceWith} in their place`}
        onClick={() => void reorg()}
      >
        Re-org
      </button>
      {orphaned === undefined ? null : (
        <span className="reorged">
          {' '}
          Last re-org orphaned {orphaned} transaction{orphaned === 1 ? '' : 's'}.
        </span>
      )}
    </p>
  );
}
