import {
  getBlockByBurnBlockHashReplacement,
  getBlockByBurnBlockHeightReplacement,
} from '@blockindex/spec/constants';
import type { Block, Brc20TokenDetails, operations } from '@blockindex/spec/types';
import type { ApiPromise } from './api-promise.js';
import type { BlockindexCore } from './core.js';
import { checkCallOptions, REQUEST_KEYS } from './internal/option-checks.js';
import { checkHex, checkId } from './internal/param-checks.js';
import { getResource } from './internal/request.js';
import type { RequestOptions } from './options.js';

type PathParams<Op extends keyof operations> = operations[Op]['parameters']['path'];

/**
 * Gets BRC-20 token details: the deploy record and supply of one token, ticker matched case-insensitively. Sent to
 * the core's `ordinalsBaseUrl`.
 * @throws {NotFoundError} when no token has this ticker.
 * @example
 * import { createCore, getBrc20Token } from '@blockindex/client';
 * const { token, supply } = await getBrc20Token(createCore(), 'ordi');
 */
export function getBrc20Token(
  core: BlockindexCore,
  ticker: PathParams<'getBrc20Token'>['ticker'],
  options?: RequestOptions,
): ApiPromise<Brc20TokenDetails> {
  return getResource(
    core,
    'getBrc20Token',
    '/ordinals/v1/brc-20/tokens/{ticker}',
    () => {
      checkCallOptions(options, REQUEST_KEYS);
      return { ticker: checkId('ticker', ticker) };
    },
    options,
    true,
  );
}

/**
 * Gets a block by burn-chain block height: the latest Stacks block anchored to that Bitcoin block.
 * @deprecated The API deprecates this operation; use `GET /extended/v2/burn-blocks/{height_or_hash}/blocks`.
 * @throws {NotFoundError} when no block is anchored at this height.
 * @example
 * import { createCore, getBlockByBurnBlockHeight } from '@blockindex/client';
 * const block = await getBlockByBurnBlockHeight(createCore(), 744603);
 */
export function getBlockByBurnBlockHeight(
  core: BlockindexCore,
  height: PathParams<'getBlockByBurnBlockHeight'>['burn_block_height'],
  options?: RequestOptions,
): ApiPromise<Block> {
  return getResource(
    core,
    'getBlockByBurnBlockHeight',
    '/extended/v1/block/by_burn_block_height/{burn_block_height}',
    () => {
      checkCallOptions(options, REQUEST_KEYS);
      return { burn_block_height: height };
    },
    options,
    false,
    getBlockByBurnBlockHeightReplacement,
  );
}

/**
 * Gets a block by burn-chain block hash: the latest Stacks block anchored to that Bitcoin block. The hash is sent as
 * `normalizeHex` spells it (`0x`, lower case), which saves the server's redirect.
 * @deprecated The API deprecates this operation; use `GET /extended/v2/burn-blocks/{height_or_hash}/blocks`.
 * @throws {NotFoundError} when no block is anchored to this hash.
 * @example
 * import { createCore, getBlockByBurnBlockHash } from '@blockindex/client';
 * const block = await getBlockByBurnBlockHash(createCore(), '0x0000000000000000000079…');
 */
export function getBlockByBurnBlockHash(
  core: BlockindexCore,
  hash: PathParams<'getBlockByBurnBlockHash'>['burn_block_hash'],
  options?: RequestOptions,
): ApiPromise<Block> {
  return getResource(
    core,
    'getBlockByBurnBlockHash',
    '/extended/v1/block/by_burn_block_hash/{burn_block_hash}',
    () => {
      checkCallOptions(options, REQUEST_KEYS);
      return { burn_block_hash: checkHex('hash', hash) };
    },
    options,
    false,
    getBlockByBurnBlockHashReplacement,
  );
}
