import { DEPRECATED_OPERATIONS } from '@blockindex/spec/constants';
import type { operations } from '@blockindex/spec/types';

/** One of the ten operationIds. */
export type OperationId = keyof operations;

/** Each operation's path, split into segments; `{name}` is a path parameter. */
export const ROUTES: Readonly<Record<OperationId, readonly string[]>> = {
  getBrc20Token: ['ordinals', 'v1', 'brc-20', 'tokens', '{ticker}'],
  getSmartContractsStatus: ['extended', 'v2', 'smart-contracts', 'status'],
  getAddressTransactionEvents: [
    'extended',
    'v2',
    'addresses',
    '{address}',
    'transactions',
    '{tx_id}',
    'events',
  ],
  getAccountTransactionsWithTransfers: [
    'extended',
    'v1',
    'address',
    '{principal}',
    'transactions_with_transfers',
  ],
  getAddressTransactions: ['extended', 'v2', 'addresses', '{address}', 'transactions'],
  getBlockByBurnBlockHeight: ['extended', 'v1', 'block', 'by_burn_block_height', '{burn_block_height}'],
  getBlockByBurnBlockHash: ['extended', 'v1', 'block', 'by_burn_block_hash', '{burn_block_hash}'],
  getPrincipalTransactions: ['extended', 'v3', 'principals', '{principal}', 'transactions'],
  getPrincipalTransactionBalanceChanges: [
    'extended',
    'v3',
    'principals',
    '{principal}',
    'transactions',
    '{tx_id}',
    'balance-changes',
  ],
  getBlocksByBurnBlock: ['extended', 'v2', 'burn-blocks', '{height_or_hash}', 'blocks'],
};

/** Each operation's query parameters, as the spec declares them. */
export const QUERY_PARAMETERS: Readonly<Record<OperationId, readonly string[]>> = {
  getBrc20Token: [],
  getSmartContractsStatus: ['contract_id'],
  getAddressTransactionEvents: ['limit', 'offset'],
  getAccountTransactionsWithTransfers: ['limit', 'offset', 'height', 'unanchored', 'until_block'],
  getAddressTransactions: ['limit', 'offset', 'cursor', 'exclude_function_args'],
  getBlockByBurnBlockHeight: [],
  getBlockByBurnBlockHash: [],
  getPrincipalTransactions: ['limit', 'cursor'],
  getPrincipalTransactionBalanceChanges: ['limit', 'cursor'],
  getBlocksByBurnBlock: ['limit', 'offset'],
};

export const OPERATION_IDS = Object.keys(ROUTES) as OperationId[];

/** The operations the spec marks deprecated (all five, from its constants): every answer of theirs carries `Warning`. */
export const DEPRECATED: ReadonlySet<OperationId> = new Set(
  Object.keys(DEPRECATED_OPERATIONS) as OperationId[],
);

/** The non-API routes of the standalone server that a GET may reach. */
const CONTROL_ROUTES = /^\/(|health\/?|__mock\/(fixtures|scenario)\/?)$/;

/** Where the server routes a request: an operation with its raw (still encoded) path segments. */
export type Route =
  | { kind: 'operation'; operationId: OperationId; pathname: string; segments: Record<string, string> }
  | { kind: 'control'; pathname: string }
  | { kind: 'none'; pathname: string }
  | { kind: 'bad-url' };

const matchers = OPERATION_IDS.map((operationId) => {
  const names: string[] = [];
  const source = ROUTES[operationId]
    .map((segment) => {
      if (!segment.startsWith('{')) return segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
      names.push(segment.slice(1, -1));
      return '([^/]+)';
    })
    .join('/');
  // Like the mock's router (msw): case-insensitive, an optional trailing slash.
  return { operationId, names, pattern: new RegExp(`^/${source}/?$`, 'i') };
});

/**
 * Routes a raw request path the way the standalone server does: the URL is parsed against the base URL
 * (which resolves `.` and `..` segments and encodes what must be), then matched against the seven paths.
 */
export function routeOf(path: string): Route {
  let pathname: string;
  try {
    pathname = new URL(`https://api.hiro.so${path}`).pathname;
    decodeURIComponent(pathname);
  } catch {
    return { kind: 'bad-url' };
  }
  if (CONTROL_ROUTES.test(pathname)) return { kind: 'control', pathname };
  for (const { operationId, names, pattern } of matchers) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    const segments: Record<string, string> = {};
    names.forEach((name, index) => {
      segments[name] = match[index + 1] ?? '';
    });
    return { kind: 'operation', operationId, pathname, segments };
  }
  return { kind: 'none', pathname };
}
