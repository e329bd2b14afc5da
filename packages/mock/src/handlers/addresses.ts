import type { HttpHandler } from 'msw';
import type { components } from '../generated/schema';
import { jsonResponse } from '../internal/json-response';
import { isValidPrincipal } from '../internal/principal';
import type { World } from '../world';
import { type HandlerContext, type QueryOf, serve, validateInput } from './context';
import { badRequest, notFound } from './errors';
import { cacheHeaders, NO_STORE } from './headers';
import type { Http } from './http';

/** `limit=0` means "the default" on the two offset-paged v1/v2 event and transfer lists (notes §2.6). */
const DEFAULT_LIMIT = 20;

/** Lower-case with `0x`: how the world stores ids (the real service answers 500 without the prefix). */
export function normalizeTxId(txId: string): string {
  const lower = txId.toLowerCase();
  return lower.startsWith('0x') ? lower : `0x${lower}`;
}

/** The three address operations: events of one transaction, transactions with transfers, transactions. */
export function addressesHandlers(http: Http, context: HandlerContext): HttpHandler[] {
  const { world } = context;
  return [
    http.get(
      '/extended/v2/addresses/{address}/transactions/{tx_id}/events',
      async ({ request, params, response }) =>
        response.untyped(
          await serve(context, 'getAddressTransactionEvents', request, () => {
            const input = validateInput('getAddressTransactionEvents', request, params);
            if (input instanceof Response) return input;
            const txId = normalizeTxId(input.path.tx_id);
            if (!world.hasTransaction(txId)) {
              return response(404).json(notFound('Transaction not found'), { headers: NO_STORE });
            }
            const limit = input.query.limit || DEFAULT_LIMIT;
            const offset = input.query.offset ?? 0;
            const page = world.listAddressTransactionEvents(input.path.address, txId, { limit, offset });
            return response(200).json(
              { limit, offset, total: page.total, results: page.results },
              { headers: cacheHeaders(world.transactionEtag(txId)) },
            );
          }),
        ),
    ),
    http.get(
      '/extended/v1/address/{principal}/transactions_with_transfers',
      async ({ request, params, response }) =>
        response.untyped(
          await serve(context, 'getAccountTransactionsWithTransfers', request, () => {
            const input = validateInput('getAccountTransactionsWithTransfers', request, params);
            if (input instanceof Response) return input;
            const { principal } = input.path;
            if (!isValidPrincipal(principal))
              return handlerError(badRequest(`invalid STX address "${principal}"`));
            const range = blockRange(input.query, world);
            if (range instanceof Response) return range;
            const limit = input.query.limit || DEFAULT_LIMIT;
            const offset = input.query.offset ?? 0;
            const page = world.listTransactionsWithTransfers(principal, { limit, offset, ...range });
            return response(200).json(
              { limit, offset, total: page.total, results: page.results },
              { headers: cacheHeaders(world.principalEtag(principal)) },
            );
          }),
        ),
    ),
    http.get('/extended/v2/addresses/{address}/transactions', async ({ request, params, response }) =>
      response.untyped(
        await serve(context, 'getAddressTransactions', request, () => {
          const input = validateInput('getAddressTransactions', request, params);
          if (input instanceof Response) return input;
          const { address } = input.path;
          // Here `limit=0` is taken literally: an empty page.
          const limit = input.query.limit ?? DEFAULT_LIMIT;
          const offset = input.query.offset ?? 0;
          const cursor = input.query.cursor;
          const page = world.listAddressTransactions(address, {
            limit,
            offset,
            excludeFunctionArgs: input.query.exclude_function_args ?? false,
            ...(cursor === undefined ? {} : { cursor }),
          });
          if ('error' in page) return response(404).json(notFound(page.error), { headers: NO_STORE });
          return response(200).json(
            {
              limit,
              offset,
              total: page.total,
              cursor: page.cursor,
              next_cursor: page.next_cursor,
              prev_cursor: page.prev_cursor,
              results: page.results,
            },
            { headers: cacheHeaders(world.principalEtag(address)) },
          );
        }),
      ),
    ),
  ];
}

type TransfersQuery = QueryOf<'getAccountTransactionsWithTransfers'>;
type BlockRange = { unanchored: boolean; height?: number; untilBlockHeight?: number };

/**
 * `height`, `unanchored` and `until_block` of transactions_with_transfers, checked in the real order
 * (`parseUntilBlockQuery`, then `getBlockParams`): each rule answers its real 400 or 404.
 */
function blockRange(query: TransfersQuery, world: World): BlockRange | Response {
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
  if (untilHeight !== undefined && (Number.isNaN(untilHeight) || untilHeight < 1)) {
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

function handlerError(body: components['schemas']['ErrorResponse'], status = 400): Response {
  return jsonResponse(body, status, NO_STORE);
}
