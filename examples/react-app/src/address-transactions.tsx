import type { AddressTransaction } from '@blockindex/client';
import { useInfiniteQuery } from '@tanstack/react-query';
import { describeError } from './errors.js';
import { formatStx } from './format.js';
import { useQueries } from './queries-context.js';

/** Rows per "Load more". */
export const PAGE_SIZE = 10;

/** An address's transactions, newest first, ten more per click; exact while blocks are mined. */
export function AddressTransactions({ address }: { address: string }) {
  const list = useInfiniteQuery(
    useQueries().getAddressTransactionsInfinite(address, {}, { pageSize: PAGE_SIZE }),
  );
  const rows = list.data?.pages.flatMap((page) => page.results) ?? [];
  const total = list.data?.pages[0]?.total;
  return (
    <section id="transactions" className="card wide">
      <h2>
        Transactions of <code>{address}</code>
      </h2>
      {list.isPending && <p className="muted">Loading…</p>}
      {list.isError && (
        <p className="error">
          {describeError(list.error, `No transactions for ${address}.`)}{' '}
          <button type="button" className="retry" onClick={() => void list.refetch()}>
            Retry
          </button>
        </p>
      )}
      {total === 0 && <p className="empty muted">No transactions yet for this address.</p>}
      {total !== undefined && total > 0 && (
        <p className="summary">
          {rows.length} of {total} transactions
        </p>
      )}
      {rows.length > 0 && (
        <div className="columns muted" aria-hidden="true">
          <span>Type</span>
          <span>Transaction</span>
          <span>Block</span>
          <span className="amount">Sent</span>
          <span className="amount">Received</span>
        </div>
      )}
      <ol className="transactions">
        {rows.map((row) => (
          // tx_id is a stable key: the list never repeats a row, so React never sees a duplicate key.
          <TransactionRow key={row.tx.tx_id} row={row} />
        ))}
      </ol>
      {list.hasNextPage && (
        <button
          type="button"
          className="load-more"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}
    </section>
  );
}

function TransactionRow({ row }: { row: AddressTransaction }) {
  const { tx } = row;
  return (
    <li data-tx-id={tx.tx_id}>
      <span className={`badge ${tx.tx_type}`}>{tx.tx_type.replace('_', ' ')}</span>
      <code title={tx.tx_id}>{`${tx.tx_id.slice(0, 10)}…`}</code>
      <span className="muted">block {tx.block_height}</span>
      <span className="amount out">{row.stx_sent === '0' ? '' : `−${formatStx(row.stx_sent)}`}</span>
      <span className="amount in">{row.stx_received === '0' ? '' : `+${formatStx(row.stx_received)}`}</span>
    </li>
  );
}
