import { PAGE_SIZE } from '@blockindex/spec/constants';
import { json } from '../answer';
import { defineOperation, type HandlerContext } from '../context';
import { notFound, validationError } from '../errors';
import { cacheHeaders, NO_STORE } from '../headers';

/** Lower-case with `0x`: how the world stores ids (the real service fails without the prefix). */
function normalizeHex(value: string): string {
  const lower = value.toLowerCase();
  return lower.startsWith('0x') ? lower : `0x${lower}`;
}

const tipEtag = (context: HandlerContext) => cacheHeaders(context.world.tip.index_block_hash);

/** `GET /extended/v3/principals/{principal}/transactions`: the successor of the two address lists. */
export const getPrincipalTransactions = defineOperation('getPrincipalTransactions', (context, input) => {
  const { world } = context;
  const { principal } = input.path;
  const limit = input.query.limit ?? PAGE_SIZE.default;
  const { cursor } = input.query;
  const page = world.listPrincipalTransactions(
    principal,
    cursor === undefined ? { limit } : { limit, cursor },
  );
  if ('error' in page) return json('getPrincipalTransactions', 400, validationError(page.error), NO_STORE);
  return json(
    'getPrincipalTransactions',
    200,
    { total: page.total, limit, cursor: page.cursor, results: page.results },
    cacheHeaders(world.principalEtag(principal)),
  );
});

/** `GET /extended/v3/principals/{principal}/transactions/{tx_id}/balance-changes`: the events list's successor. */
export const getPrincipalTransactionBalanceChanges = defineOperation(
  'getPrincipalTransactionBalanceChanges',
  (context, input) => {
    const { world } = context;
    const txId = normalizeHex(input.path.tx_id);
    const limit = input.query.limit ?? PAGE_SIZE.default;
    const { cursor } = input.query;
    const page = world.listPrincipalTransactionBalanceChanges(
      input.path.principal,
      txId,
      cursor === undefined ? { limit } : { limit, cursor },
    );
    return json(
      'getPrincipalTransactionBalanceChanges',
      200,
      { total: page.total, limit, cursor: page.cursor, results: page.results },
      cacheHeaders(world.transactionEtag(txId)),
    );
  },
);

/**
 * `GET /extended/v2/burn-blocks/{height_or_hash}/blocks`: the successor of the two burn-block lookups. Ajv stops at
 * the first `anyOf` branch that matches, as upstream's does, so a hash JavaScript could read as a number (`0x…`, or
 * 64 decimal digits) stays the string the hash branch matched.
 */
export const getBlocksByBurnBlock = defineOperation('getBlocksByBurnBlock', (context, input) => {
  const raw = input.path.height_or_hash;
  const ref =
    raw === 'latest'
      ? { latest: true as const }
      : typeof raw === 'number'
        ? { height: raw }
        : { hash: normalizeHex(raw) };
  const limit = input.query.limit ?? PAGE_SIZE.default;
  const offset = input.query.offset ?? 0;
  const page = context.world.listBlocksByBurnBlock(ref, { limit, offset });
  if (page === undefined) {
    return json('getBlocksByBurnBlock', 404, notFound('Burn block not found'), NO_STORE);
  }
  return json(
    'getBlocksByBurnBlock',
    200,
    { limit, offset, total: page.total, results: page.results },
    tipEtag(context),
  );
});
