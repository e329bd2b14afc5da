// Entry point: start the mock API in a service worker, then wire the three views to one client.
import { createClient } from '@blockindex/client';
import { DEFAULT_BASE_URL } from '@blockindex/mock';
import { setupMockWorker } from '@blockindex/mock/browser';
import { mountAddressView } from './address-view.js';
import { mountContractsView } from './contracts-view.js';
import { find } from './dom.js';
import { mountTokenView } from './token-view.js';
import './style.css';

async function main(): Promise<void> {
  const status = find(document, '#status');
  // The worker must control the page before the first API call, or that call goes to the real network.
  const mock = setupMockWorker();
  await mock.start({
    // Only API calls are mocked: the app's own scripts, styles and icons go to the server as usual.
    onUnhandledRequest: 'bypass',
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    quiet: true,
  });

  // The client calls the real API's URL; the worker answers from the mock's seeded world instead.
  const client = createClient({ baseUrl: DEFAULT_BASE_URL });
  const { fixtures } = mock.world;
  mountAddressView(find(document, '#address-view'), client, fixtures.address);
  mountContractsView(find(document, '#contracts-view'), client, fixtures.contractIds);
  mountTokenView(find(document, '#token-view'), client, fixtures.ticker);

  status.textContent = `Mock API on ${DEFAULT_BASE_URL}, answered by a service worker (seed ${mock.world.seed}).`;
  document.body.dataset.ready = 'true'; // the browser test waits for this
}

main().catch((error: unknown) => {
  find(document, '#status').textContent =
    `Could not start: ${error instanceof Error ? error.message : error}`;
  console.error(error);
});
