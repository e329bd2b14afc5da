import { jsonResponse } from '../internal/json-response';
import {
  MAX_REPLACEMENT_BLOCKS,
  MineLimitError,
  ReorgDepthError,
  type ReorgOptions,
  type World,
} from '../world';

type Json = Record<string, unknown>;

/** Most requests a scheduled re-org may wait for (as many as failures may be queued). */
const MAX_AFTER_REQUESTS = 1_000_000;
/** Deeper than any world allows: the world says how deep it can go now. */
const MAX_DEPTH = 1_000_000;

function badRequest(message: string): Response {
  return jsonResponse({ statusCode: 400, error: 'Bad Request', message }, 400);
}

function conflict(message: string, extra: Json): Response {
  return jsonResponse({ statusCode: 409, error: 'Conflict', message, ...extra }, 409);
}

/**
 * Reads `{ depth, replaceWith? }` (plus the names in `more`) out of `value`, found at `path` in the body:
 * every field checked for type and range, an unknown one named.
 */
function readReorgFields(value: unknown, path: string, more: readonly string[] = []): Json | Response {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return badRequest(`${path} must be a JSON object { depth, replaceWith? }`);
  }
  const known = ['depth', 'replaceWith', ...more];
  for (const key of Object.keys(value)) {
    if (!known.includes(key))
      return badRequest(`${path}/${key} is not a known field (expected ${known.join(', ')})`);
  }
  const fields = value as Json;
  const ranges: [string, number, number, boolean][] = [
    ['depth', 1, MAX_DEPTH, true],
    ['replaceWith', 0, MAX_REPLACEMENT_BLOCKS, false],
    ...more.map((name): [string, number, number, boolean] => [name, 0, MAX_AFTER_REQUESTS, true]),
  ];
  for (const [name, min, max, required] of ranges) {
    const field = fields[name];
    if (field === undefined && !required) continue;
    if (typeof field !== 'number' || !Number.isInteger(field) || field < min || field > max) {
      return badRequest(`${path}/${name} must be an integer from ${min} to ${max}`);
    }
  }
  return fields;
}

function reorgOptions(fields: Json): ReorgOptions {
  const { depth, replaceWith } = fields as { depth: number; replaceWith?: number };
  return replaceWith === undefined ? { depth } : { depth, replaceWith };
}

/**
 * `POST /__mock/reorg` with a parsed JSON body `{ depth, replaceWith? }`: re-orgs the world and answers
 * `{ tip, orphanedBlocks, orphanedTransactions }`; 400 for a bad field, 409 when the world cannot re-org that
 * deep or mine that many replacement blocks now (nothing changed then).
 */
export function reorgRoute(body: Json, world: World): Response {
  const fields = readReorgFields(body, 'body');
  if (fields instanceof Response) return fields;
  try {
    return jsonResponse(world.reorg(reorgOptions(fields)), 200);
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

/**
 * The `reorg` field of `POST /__mock/scenario`: `{ afterRequests, depth, replaceWith? }` read into
 * `reorgAfter` arguments, or the 400 naming what is wrong.
 */
export function readReorgScenario(
  value: unknown,
): { afterRequests: number; options: ReorgOptions } | Response {
  const fields = readReorgFields(value, 'body/reorg', ['afterRequests']);
  if (fields instanceof Response) return fields;
  return { afterRequests: fields.afterRequests as number, options: reorgOptions(fields) };
}
