import { AddressTransactions } from './address-transactions.js';
import { ContractStatus } from './contract-status.js';
import type { Settings } from './settings.js';
import { TokenCard } from './token-card.js';

/** The whole page. `devTools` is rendered only in development builds (it drives the in-browser mock). */
export function App({ settings, devTools }: { settings: Settings; devTools?: React.ReactNode }) {
  return (
    <>
      <header>
        <h1>
          blockindex <small>React + TanStack Query example</small>
        </h1>
        {devTools}
      </header>
      <main>
        <TokenCard ticker={settings.ticker} />
        <ContractStatus contractIds={settings.contractIds} />
        <AddressTransactions address={settings.address} />
      </main>
    </>
  );
}
