import { useQuery } from '@tanstack/react-query';
import { describeError } from './errors.js';
import { useQueries } from './queries-context.js';

/** Deployment status of a few contracts: found, pending in the mempool, or not found. */
export function ContractStatus({ contractIds }: { contractIds: string[] }) {
  const statuses = useQuery(useQueries().getSmartContractsStatus(contractIds));
  return (
    <section id="contracts" className="card">
      <h2>Contract status</h2>
      {statuses.isPending && <p className="muted">Loading…</p>}
      {statuses.isError && <p className="error">{describeError(statuses.error, 'No such contracts.')}</p>}
      {statuses.data && (
        <table>
          <tbody>
            {contractIds.map((id) => {
              const status = statuses.data[id];
              const state = !status?.found
                ? 'not found'
                : status.result.status === 'pending'
                  ? 'pending'
                  : 'found';
              return (
                <tr key={id}>
                  <td>
                    <code title={id}>{id.split('.')[1] ?? id}</code>
                  </td>
                  <td className="state">{state}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
