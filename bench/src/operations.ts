import type { WorldFixtures } from '@blockindex/mock';

/** One of the API's seven GET operations, as a request path (with query) against a given world's fixtures. */
export interface OperationRequest {
  operationId: string;
  path: string;
}

/**
 * The seven operations of the API, addressed at entities that exist in the world the fixtures come from, so
 * every request is a 200 answered from real data (the list endpoints ask for a full page of 20).
 * @example
 * const paths = sevenOperations(world.fixtures).map((op) => op.path);
 */
export function sevenOperations(fixtures: WorldFixtures): OperationRequest[] {
  const { address, txId, burnBlockHeight, burnBlockHash, ticker, contractIds } = fixtures;
  const ids = contractIds.map((id) => `contract_id=${encodeURIComponent(id)}`).join('&');
  return [
    { operationId: 'getBrc20Token', path: `/ordinals/v1/brc-20/tokens/${encodeURIComponent(ticker)}` },
    { operationId: 'getSmartContractsStatus', path: `/extended/v2/smart-contracts/status?${ids}` },
    {
      operationId: 'getAddressTransactionEvents',
      path: `/extended/v2/addresses/${address}/transactions/${txId}/events?limit=20&offset=0`,
    },
    {
      operationId: 'getAccountTransactionsWithTransfers',
      path: `/extended/v1/address/${address}/transactions_with_transfers?limit=20&offset=0`,
    },
    {
      operationId: 'getAddressTransactions',
      path: `/extended/v2/addresses/${address}/transactions?limit=20&offset=0`,
    },
    {
      operationId: 'getBlockByBurnBlockHeight',
      path: `/extended/v1/block/by_burn_block_height/${burnBlockHeight}`,
    },
    {
      operationId: 'getBlockByBurnBlockHash',
      path: `/extended/v1/block/by_burn_block_hash/${burnBlockHash}`,
    },
  ];
}
