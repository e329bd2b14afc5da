import { jsonResponse } from '../internal/json-response';
import {
  MAX_REPLACEMENT_BLOCKS,
  MineLimitError,
  ReorgDepthError,
  type ReorgOptions,
  type World,
} from '../world';
import type { BodyOf, BodyShape } from './control-body';

/** Most requests a scheduled re-org may wait for (as many as failures may be queued). */
const MAX_AFTER_REQUESTS = 1_000_000;
/** Deeper than any world allows: the world says how deep it can go now. */
const MAX_DEPTH = 1_000_000;

/** The body of `POST /__mock/reorg`, read by `readControlBody`. */
export const REORG_BODY = {
  depth: { type: 'integer', min: 1, max: MAX_DEPTH, required: true },
  replaceWith: { type: 'integer', min: 0, max: MAX_REPLACEMENT_BLOCKS },
} as const satisfies BodyShape;

/** The `reorg` field of `POST /__mock/scenario`: `reorgAfter(afterRequests, { depth, replaceWith? })`. */
export const REORG_SCENARIO = {
  type: 'object',
  fields: {
    afterRequests: { type: 'integer', min: 0, max: MAX_AFTER_REQUESTS, required: true },
    ...REORG_BODY,
  },
} as const satisfies BodyShape[string];

function conflict(message: string, extra: Record<string, unknown>): Response {
  return jsonResponse({ statusCode: 409, error: 'Conflict', message, ...extra }, 409);
}

/**
 * `POST /__mock/reorg` with a parsed JSON body `{ depth, replaceWith? }`: re-orgs the world and answers
 * `{ tip, orphanedBlocks, orphanedTransactions }`; 400 for a bad field, 409 when the world cannot re-org that
 * deep or mine that many replacement blocks now (nothing changed then).
 */
export function reorgRoute(body: BodyOf<typeof REORG_BODY>, world: World): Response {
  const { depth = 1, replaceWith } = body;
  const options: ReorgOptions = replaceWith === undefined ? { depth } : { depth, replaceWith };
  try {
    return jsonResponse(world.reorg(options), 200);
  } catch (error) {
    if (error instanceof ReorgDepthError) {
      return conflict(`re-org refused: ${error.message}`, { maxDepth: error.maxDepth });
    }
    if (error instanceof MineLimitError) {
      const message =
        `re-org refused: its replacement blocks would pass the mining limit (${error.limit} transactions, ` +
        `${error.mined} mined); nothing changed. Ask for fewer replacement blocks, or POST /__mock/reset`;
      return conflict(message, { limit: error.limit, mined: error.mined });
    }
    throw error;
  }
}
