// Entry point: in development start the mock API first, then render the app over one client and one QueryClient.
import { type ApiWarning, createClient } from '@blockindex/client';
import { createQueryOptions } from '@blockindex/query';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import { QueriesProvider } from './queries-context.js';
import { PRODUCTION_DEFAULTS, readSettings } from './settings.js';
import './style.css';

async function main(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // The client calls https://api.hiro.so; in development the mock's service worker answers instead.
  const client = createClient({ onWarning: warnOncePerBrowser });
  const queries = createQueryOptions(client);
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });

  let defaults = PRODUCTION_DEFAULTS;
  let devTools: React.ReactNode;
  // The mode is a constant at build time: a production build removes this branch and the mock with it.
  if (import.meta.env.MODE === 'development') {
    const { DevTools, mockDefaults, startMock } = await import('./dev/mock.js');
    const mock = await startMock();
    defaults = mockDefaults(mock);
    devTools = <DevTools mock={mock} address={readSettings(location.search, defaults).address} />;
  }
  const settings = readSettings(location.search, defaults);

  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <QueriesProvider value={queries}>
          <App settings={settings} devTools={devTools} />
        </QueriesProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  document.body.dataset.ready = 'true'; // the browser test waits for this
}

/**
 * The API deprecates the address lists and says so on every response: tell the developer once per browser, not
 * on every page load (the client's default is once per process, and each load is a new one).
 */
function warnOncePerBrowser({ operation, warning, replacement }: ApiWarning): void {
  const key = `blockindex-warned:${operation}`;
  try {
    if (localStorage.getItem(key) !== null) return;
    localStorage.setItem(key, '1');
  } catch {
    // Storage refused (private mode): warn on this load, as the client would.
  }
  console.warn(`${operation}: ${warning}${replacement ? ` (use ${replacement} instead)` : ''}`);
}

main().catch((error: unknown) => {
  document.body.textContent = `Could not start: ${error instanceof Error ? error.message : String(error)}`;
  console.error(error);
});
