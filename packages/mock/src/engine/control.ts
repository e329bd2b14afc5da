import { jsonResponse } from '../internal/json-response';
import { isWellFormedPrincipal } from '../internal/principal';
import { MineLimitError, type World } from '../world';
import { type BodyOf, type BodyShape, badControlRequest, readControlBody } from './control-body';
import { REORG_BODY, REORG_SCENARIO, reorgRoute } from './control-reorg';
import { CONTROL_JSON_REQUIREMENT } from './request-guard';
import { createScenarios, type Scenarios } from './scenarios/scenarios';
import { readSunset } from './scenarios/sunset-setting';

/** What the control routes act on; owned by the standalone server. */
export interface ControlTarget {
  readonly world: World;
  readonly scenarios: Scenarios;
  /** Back to the world the server started with (its seed, size and bounds) and the startup scenarios. */
  reset(): void;
}

/** Upper bound of `POST /__mock/mine`, so one request cannot stall the server for long. */
const MAX_MINED_BLOCKS = 1000;
/** Longest principal: a 41-character address, `.`, and a 128-character contract name. */
const MAX_PRINCIPAL_LENGTH = 170;

const MINE_BODY = {
  blocks: { type: 'integer', min: 1, max: MAX_MINED_BLOCKS },
  address: {
    type: 'string',
    maxLength: MAX_PRINCIPAL_LENGTH,
    check: { test: isWellFormedPrincipal, expected: 'a Stacks address or contract id with a valid checksum' },
  },
} as const satisfies BodyShape;

const SCENARIO_BODY = {
  latencyMs: { type: 'integer', min: 0, max: 60_000 },
  networkErrorNext: { type: 'integer', min: 0, max: 1_000_000 },
  failNext: {
    type: 'object',
    fields: {
      count: { type: 'integer', min: 0, max: 1_000_000, required: true },
      status: { type: 'integer', min: 400, max: 599, required: true },
      retryAfterSeconds: { type: 'integer', min: 0, max: 86_400 },
    },
  },
  rateLimit: {
    type: 'object',
    nullable: true,
    fields: {
      perMinute: { type: 'integer', min: 1, max: 1_000_000_000 },
      perMinuteWithKey: { type: 'integer', min: 1, max: 1_000_000_000 },
    },
  },
  // The grammar of `--sunset` too: "all", deprecated operations (a list, or comma-separated), null for none.
  sunset: { type: 'custom', check: (value) => sunsetProblem(readSunset(value, 'body/sunset')) },
  reorg: REORG_SCENARIO,
  clear: { type: 'boolean' },
} as const satisfies BodyShape;

/** The routes `GET /` lists: method and path, what to send, what it does. */
const CONTROL_ROUTES = [
  ['GET /health', '', '{"status":"ok"}'],
  ['GET /__mock/fixtures', '', "the world's sample identifiers"],
  ['GET /__mock/scenario', '', 'the current scenario state'],
  [
    'POST /__mock/reset',
    '{} or nothing',
    'back to the world the server started with (its seed, size and bounds) and the startup scenarios',
  ],
  ['POST /__mock/mine', '{"blocks"?: 1-1000, "address"?: "SP…"}', 'mines blocks; answers { blocks, tip }'],
  [
    'POST /__mock/reorg',
    '{"depth": n, "replaceWith"?: m}',
    'orphans the newest blocks; answers { tip, orphanedBlocks, orphanedTransactions }',
  ],
  [
    'POST /__mock/scenario',
    '{"latencyMs"?, "failNext"?: {"count","status","retryAfterSeconds"?}, "networkErrorNext"?, ' +
      '"rateLimit"?: {"perMinute"?,"perMinuteWithKey"?} | null, "sunset"?: "all" | [operationId…] | null, ' +
      '"reorg"?: {"afterRequests","depth","replaceWith"?}, "clear"?: true}',
    'configures scenarios; answers the new state',
  ],
] as const;

/**
 * Answers `GET /`, `GET /health` and the `/__mock/*` routes; undefined for every other path, which the API
 * handlers then get.
 */
export function handleControl(
  method: string,
  pathname: string,
  body: Uint8Array,
  target: ControlTarget,
): Response | undefined {
  const route = `${method} ${pathname.replace(/\/+$/, '') || '/'}`;
  switch (route) {
    case 'GET /':
      return jsonResponse(index(target.world), 200);
    case 'GET /health':
    case 'HEAD /health':
      return jsonResponse({ status: 'ok' }, 200);
    case 'GET /__mock/fixtures':
      return jsonResponse(target.world.fixtures, 200);
    case 'GET /__mock/scenario':
      return jsonResponse(target.scenarios.state, 200);
    case 'POST /__mock/reset': {
      const checked = readControlBody(body, {});
      if (checked instanceof Response) return checked;
      target.reset();
      return jsonResponse({ seed: target.world.seed, tip: target.world.tip }, 200);
    }
    case 'POST /__mock/mine':
      return mine(body, target.world);
    case 'POST /__mock/reorg': {
      const fields = readControlBody(body, REORG_BODY);
      return fields instanceof Response ? fields : reorgRoute(fields, target.world);
    }
    case 'POST /__mock/scenario':
      return scenario(body, target.scenarios);
    default:
      return undefined;
  }
}

/** What `GET /` answers: a short map of the server for someone who opens it in a browser. */
function index(world: World) {
  return {
    name: '@blockindex/mock',
    description: 'Reference mock of the Blockchain Index Read API, from a seeded deterministic chain',
    seed: world.seed,
    tip: { height: world.tip.height, burn_block_height: world.tip.burn_block_height },
    controlRoutes: CONTROL_ROUTES.map(([route, body, effect]) => ({
      route,
      ...(body === '' ? {} : { body }),
      effect,
    })),
    controlBodies: CONTROL_JSON_REQUIREMENT,
    operations: [
      'GET /ordinals/v1/brc-20/tokens/{ticker}',
      'GET /extended/v2/smart-contracts/status?contract_id=…',
      'GET /extended/v2/addresses/{address}/transactions/{tx_id}/events',
      'GET /extended/v1/address/{principal}/transactions_with_transfers',
      'GET /extended/v2/addresses/{address}/transactions',
      'GET /extended/v1/block/by_burn_block_height/{burn_block_height}',
      'GET /extended/v1/block/by_burn_block_hash/{burn_block_hash}',
    ],
    fixtures: world.fixtures,
  };
}

function mine(raw: Uint8Array, world: World): Response {
  const body = readControlBody(raw, MINE_BODY);
  if (body instanceof Response) return body;
  const { address } = body;
  const blocks = body.blocks ?? 1;
  const mined = [];
  for (let index = 0; index < blocks; index += 1) {
    try {
      mined.push(world.mineBlock(address === undefined ? {} : { address }));
    } catch (error) {
      if (!(error instanceof MineLimitError)) throw error;
      // The blocks mined before the bound stay; the answer says how many, the bound, and how to raise it.
      const message =
        `mining limit reached: this mock mines at most ${error.limit} transactions (${error.mined} mined, ` +
        `${mined.length} of the ${blocks} blocks asked for were mined). Restart it with ` +
        '--max-mined-transactions <n> (startMockServer/createWorld option maxMinedTransactions), ' +
        'or POST /__mock/reset to start over from the world the server started with';
      return jsonResponse(
        { statusCode: 409, error: 'Conflict', message, limit: error.limit, mined: error.mined },
        409,
      );
    }
  }
  return jsonResponse({ blocks: mined, tip: world.tip }, 200);
}

function scenario(raw: Uint8Array, scenarios: Scenarios): Response {
  const body = readControlBody(raw, SCENARIO_BODY);
  if (body instanceof Response) return body;
  // Rehearse on a scratch instance first, so a field the setters refuse (a queue past its bound) leaves the
  // live scenarios untouched.
  for (const target of [createScenarios(), scenarios]) {
    try {
      applyScenario(target, body);
    } catch (error) {
      // The scenario setters check their own arguments (RangeError) and say what was wrong.
      return badControlRequest(error instanceof Error ? error.message : String(error));
    }
  }
  return jsonResponse(scenarios.state, 200);
}

function sunsetProblem(setting: ReturnType<typeof readSunset>): string | undefined {
  return setting !== null && typeof setting === 'object' && 'message' in setting
    ? setting.message
    : undefined;
}

function applyScenario(scenarios: Scenarios, body: BodyOf<typeof SCENARIO_BODY>): void {
  const { latencyMs, networkErrorNext, failNext, rateLimit, sunset, reorg } = body;
  if (body.clear === true) scenarios.clear();
  if (latencyMs !== undefined) scenarios.latency(latencyMs);
  if (networkErrorNext !== undefined) scenarios.networkErrorNext(networkErrorNext);
  if (failNext !== undefined) {
    const { count = 0, status = 503, retryAfterSeconds } = failNext;
    scenarios.failNext(count, {
      status,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    });
  }
  if (rateLimit !== undefined) scenarios.rateLimit(rateLimit);
  if (sunset !== undefined) {
    const setting = readSunset(sunset, 'body/sunset');
    // Checked with the body already: a problem cannot reach here.
    if (setting === null || Array.isArray(setting) || setting === 'all') scenarios.sunset(setting);
  }
  if (reorg !== undefined) {
    const { afterRequests = 0, depth = 1, replaceWith } = reorg;
    scenarios.reorgAfter(afterRequests, replaceWith === undefined ? { depth } : { depth, replaceWith });
  }
}
