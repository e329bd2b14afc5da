import { useQuery } from '@tanstack/react-query';
import { describeError } from './errors.js';
import { percent } from './format.js';
import { useQueries } from './queries-context.js';

/** A BRC-20 token: supply minted so far and holders. */
export function TokenCard({ ticker }: { ticker: string }) {
  const token = useQuery(useQueries().getBrc20Token(ticker));
  return (
    <section id="token" className="card">
      <h2>BRC-20 token</h2>
      {token.isPending && <p className="muted">Loading…</p>}
      {token.isError && <p className="error">{describeError(token.error, `No BRC-20 token "${ticker}".`)}</p>}
      {token.data && (
        <dl className="token">
          <dt>Ticker</dt>
          <dd className="ticker">{token.data.token.ticker.toUpperCase()}</dd>
          <dt>Minted</dt>
          <dd className="minted">{percent(token.data.supply.minted_supply, token.data.supply.max_supply)}</dd>
          <dt>Holders</dt>
          <dd className="holders">{token.data.supply.holders.toLocaleString('en-US')}</dd>
        </dl>
      )}
    </section>
  );
}
