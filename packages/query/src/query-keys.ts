import type { BlockindexCore } from '@blockindex/client';

/** First element of every key this package makes, so one prefix reaches all of them. */
export const QUERY_KEY_ROOT = 'blockindex';

/** `['blockindex', baseUrl]`: the prefix shared by every key of one client's base URL. */
export type BaseQueryKey = readonly [typeof QUERY_KEY_ROOT, string];

/** `['blockindex', baseUrl, 'address', principal]`: the prefix of everything about one address or contract. */
export type AddressQueryKey = readonly [typeof QUERY_KEY_ROOT, string, 'address', string];

/**
 * Key prefixes for `invalidateQueries`, `removeQueries`, `cancelQueries` and friends. Keys go from general to
 * specific: `['blockindex', baseUrl, <entity or operation>, ...identifiers, 'page' | 'infinite', query]`.
 */
export interface QueryKeys {
  /** Everything of this client's base URL. */
  all(): BaseQueryKey;
  /** Everything about one address or contract principal: its transactions (pages and infinite lists), transfers and events. */
  address(principal: string): AddressQueryKey;
  /**
   * Every BRC-20 token; with a ticker, that token only (tickers are matched case-insensitively, like the API does).
   * A token's own key ends with the `ordinalsBaseUrl` when it is not the `baseUrl`, so clients reading different
   * indexers never share an entry.
   */
  brc20Tokens(ticker?: string): readonly unknown[];
  /** Every smart-contract status lookup. */
  smartContractsStatus(): readonly unknown[];
  /** Every block looked up by burn-chain height or hash. */
  blocks(): readonly unknown[];
}

/** Builds the key prefixes of one client or core (its normalized `baseUrl` goes into every key). */
export function createQueryKeys(client: Pick<BlockindexCore, 'baseUrl'>): QueryKeys {
  const base: BaseQueryKey = [QUERY_KEY_ROOT, client.baseUrl];
  return {
    all: () => base,
    address: (principal) => [...base, 'address', principal],
    brc20Tokens: (ticker) =>
      ticker === undefined ? [...base, 'brc20-token'] : [...base, 'brc20-token', ticker.toLowerCase()],
    smartContractsStatus: () => [...base, 'smart-contracts-status'],
    blocks: () => [...base, 'block'],
  };
}
