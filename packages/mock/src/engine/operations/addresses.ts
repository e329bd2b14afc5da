import { PAGE_SIZE } from '@blockindex/spec/constants';
import type { components } from '@blockindex/spec/types';
import { isValidPrincipal } from '../../internal/principal';
import { listingsOf, type World } from '../../world';
import { type Answer, json, plainJson } from '../answer';
import { defineOperation, isAnswer, type QueryOf } from '../context';
import { badRequest, notFound } from '../errors';
import { cacheHeaders, NO_STORE } from '../headers';

/** `limit=0` means "the default" on the two offset-paged v1/v2 event and transfer lists (notes §2.6). */
const DEFAULT_LIMIT = PAGE_SIZE.default;

/** Lower-case with `0x`: how the world stores ids (the real service answers 500 without the prefix). */
function normalizeTxId(txId: string): string {
  const lower = txId.toLowerCase();
  return lower.startsWith('0x') ? lower : `0x${lower}`;
}

/** `GET /extended/v2/addresses/{address}/transactions/{tx_id}/events`. */
export const getAddressTransactionEvents = defineOperation(
  'getAddressTransactionEvents',
  (context, input) => {
    const { world } = context;
    const txId = normalizeTxId(input.path.tx_id);
    if (!world.hasTransaction(txId)) {
      return json('getAddressTransactionEvents', 404, notFound('Transaction not found'), NO_STORE);
    }
    const limit = input.query.limit || DEFAULT_LIMIT;
    const offset = input.query.offset ?? 0;
    const page = world.listAddressTransactionEvents(input.path.address, txId, { limit, offset });
    return json(
      'getAddressTransactionEvents',
      200,
      { limit, offset, total: page.total, results: page.results },
      cacheHeaders(world.transactionEtag(txId)),
    );
  },
);

/** `GET /extended/v1/address/{principal}/transactions_with_transfers`. */
export const getAccountTransactionsWithTransfers = defineOperation(
  'getAccountTransactionsWithTransfers',
  (context, input) => {
    const { world } = context;
    const { principal } = input.path;
    if (!isValidPrincipal(principal)) return handlerError(badRequest(`invalid STX address "${principal}"`));
    const range = blockRange(input.query, world);
    if (isAnswer(range)) return range;
    const limit = input.query.limit || DEFAULT_LIMIT;
    const offset = input.query.offset ?? 0;
    const page = listingsOf(world).listTransactionsWithTransfers(principal, { limit, offset, ...range });
    return json(
      'getAccountTransactionsWithTransfers',
      200,
      { limit, offset, total: page.total, results: page.results },
      cacheHeaders(world.principalEtag(principal)),
    );
  },
);

/** `GET /extended/v2/addresses/{address}/transactions`. */
export const getAddressTransactions = defineOperation('getAddressTransactions', (context, input) => {
  const { world } = context;
  const { address } = input.path;
  // Here `limit=0` is taken literally: an empty page.
  const limit = input.query.limit ?? DEFAULT_LIMIT;
  const offset = input.query.offset ?? 0;
  const cursor = input.query.cursor;
  const page = listingsOf(world).listAddressTransactions(address, {
    limit,
    offset,
    excludeFunctionArgs: input.query.exclude_function_args ?? false,
    ...(cursor === undefined ? {} : { cursor }),
  });
  if ('error' in page) return json('getAddressTransactions', 404, notFound(page.error), NO_STORE);
  return json(
    'getAddressTransactions',
    200,
    {
      limit,
      offset,
      total: page.total,
      cursor: page.cursor,
      next_cursor: page.next_cursor,
      prev_cursor: page.prev_cursor,
      results: page.results,
    },
    cacheHeaders(world.principalEtag(address)),
  );
});

/** The largest block height upstream's Postgres `integer` columns hold. */
const MAX_HEIGHT = 2_147_483_647;

type TransfersQuery = QueryOf<'getAccountTransactionsWithTransfers'>;
type BlockRange = { unanchored: boolean; height?: number; untilBlockHeight?: number };

/**
 * `height`, `unanchored` and `until_block` of transactions_with_transfers, checked in the real order
 * (`parseUntilBlockQuery`, then `getBlockParams`): each rule answers its real 400 or 404.
 */
function blockRange(query: TransfersQuery, world: World): BlockRange | Answer {
  const unanchored = query.unanchored ?? false;
  // `height=0` counts as "not given" on the real service.
  const height = query.height ? query.height : undefined;
  const untilBlock = query.until_block;
  if (untilBlock === undefined || untilBlock === '') {
    return height === undefined ? { unanchored } : { unanchored, height };
  }
  if (unanchored) {
    return handlerError(
      badRequest(`can't handle both 'unanchored=true' and 'until_block' in the same request`),
    );
  }
  const isHash = untilBlock.startsWith('0x');
  const untilHeight = isHash ? undefined : Number.parseInt(untilBlock, 10);
  // Heights are 32-bit upstream: past 2147483647 Postgres fails with a 500, answered here with the 400.
  if (
    untilHeight !== undefined &&
    (Number.isNaN(untilHeight) || untilHeight < 1 || untilHeight > MAX_HEIGHT)
  ) {
    return handlerError(badRequest('Unexpected integer value for block height path parameter'));
  }
  if (height !== undefined) {
    return handlerError(badRequest(`can't handle until_block and block_height in the same request`));
  }
  if (untilHeight !== undefined) return { unanchored, untilBlockHeight: untilHeight };
  const block = world.getBlockByHash(untilBlock.toLowerCase());
  if (!block) return handlerError(notFound('block not found with hash'), 404);
  return { unanchored, untilBlockHeight: block.height };
}

function handlerError(body: components['schemas']['ErrorResponse'], status = 400): Answer {
  return plainJson(body, status, NO_STORE);
}
