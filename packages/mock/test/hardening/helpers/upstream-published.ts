import type { OperationId } from './routes';

/**
 * The parameters of the seven operations as upstream publishes them (the OpenAPI documents generated from the
 * route schemas of hirosystems/stacks-blockchain-api v9.0.2-15 and of the Ordinals API in
 * hirosystems/bitcoin-indexer), reduced to what decides whether a request passes upstream's validation. Kept apart
 * from the mock's own schemas on purpose: the fuzzer generates from these, the mock validates with its own.
 */
export type UpstreamParameter =
  | { readonly type: 'string'; readonly pattern?: string; readonly anyOf?: readonly string[] }
  | { readonly type: 'integer'; readonly minimum?: number; readonly maximum?: number }
  | { readonly type: 'boolean' }
  | { readonly type: 'string-list'; readonly pattern: string };

export interface UpstreamRoute {
  readonly path: Readonly<Record<string, UpstreamParameter>>;
  readonly query: Readonly<Record<string, UpstreamParameter>>;
  /** Query keys the published document does not declare but the route reads (Fastify keeps extra keys). */
  readonly undeclared?: readonly string[];
}

const C32 = '[0123456789ABCDEFGHJKMNPQRSTVWXYZ]';
const STX_ADDRESS = `^${C32}{28,41}`; // no `$` upstream
const CONTRACT_ID = `^${C32}{28,41}.[a-zA-Z]([a-zA-Z0-9]|[-_]){0,39}$`; // its `.` unescaped upstream
const PRINCIPAL: UpstreamParameter = { type: 'string', anyOf: [STX_ADDRESS, CONTRACT_ID] };
const LIMIT: UpstreamParameter = { type: 'integer', minimum: 0, maximum: 50 };
const OFFSET: UpstreamParameter = { type: 'integer', minimum: 0 };

/** The seven operations upstream's published documents describe (the mock may serve more). */
export type PublishedOperationId = Extract<
  OperationId,
  | 'getBrc20Token'
  | 'getSmartContractsStatus'
  | 'getAddressTransactionEvents'
  | 'getAccountTransactionsWithTransfers'
  | 'getAddressTransactions'
  | 'getBlockByBurnBlockHeight'
  | 'getBlockByBurnBlockHash'
>;

export const UPSTREAM_ROUTES: Readonly<Record<PublishedOperationId, UpstreamRoute>> = {
  getBrc20Token: { path: { ticker: { type: 'string' } }, query: {} },
  getSmartContractsStatus: {
    path: {},
    query: { contract_id: { type: 'string-list', pattern: CONTRACT_ID } },
  },
  getAddressTransactionEvents: {
    path: { address: PRINCIPAL, tx_id: { type: 'string', pattern: '^(0x)?[a-fA-F0-9]{64}$' } },
    query: { limit: LIMIT, offset: OFFSET },
  },
  getAccountTransactionsWithTransfers: {
    path: { principal: PRINCIPAL },
    query: {
      limit: LIMIT,
      offset: OFFSET,
      height: { type: 'integer' },
      unanchored: { type: 'boolean' },
      until_block: { type: 'string' },
    },
  },
  getAddressTransactions: {
    path: { address: PRINCIPAL },
    query: { limit: LIMIT, offset: OFFSET, exclude_function_args: { type: 'boolean' } },
    undeclared: ['cursor'],
  },
  getBlockByBurnBlockHeight: { path: { burn_block_height: { type: 'integer', minimum: 0 } }, query: {} },
  getBlockByBurnBlockHash: { path: { burn_block_hash: { type: 'string' } }, query: {} },
};

/** Upstream's router (find-my-way's default `maxParamLength`) answers its route `404` past this many characters. */
export const UPSTREAM_MAX_PARAM_LENGTH = 100;
