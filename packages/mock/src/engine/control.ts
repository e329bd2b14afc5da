import { jsonResponse } from '../internal/json-response';
import { isValidPrincipal } from '../internal/principal';
import { MineLimitError, type World } from '../world';
import { readReorgScenario, reorgRoute } from './control-reorg';
import { createScenarios, type Scenarios } from './scenarios/scenarios';

/** What the control routes act on; owned by the standalone server. */
export interface ControlTarget {
  readonly world: World;
  readonly scenarios: Scenarios;
  /** Back to the seeded world and the startup scenarios. */
  reset(): void;
}

/** Upper bound of `POST /__mock/mine`, so one request cannot stall the server for long. */
const MAX_MINED_BLOCKS = 1000;

type Json = Record<string, unknown>;

function badRequest(message: string): Response {
  return jsonResponse({ statusCode: 400, error: 'Bad Request', message }, 400);
}

function parseJsonObject(body: Uint8Array): Json | Response {
  const text = new TextDecoder().decode(body).trim();
  if (text === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value as Json;
  } catch {
    // answered below
  }
  return badRequest('body must be a JSON object');
}

function integerField(body: Json, name: string, min: number, max: number): number | undefined | Response {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    return badRequest(`body/${name} must be an integer from ${min} to ${max}`);
  }
  return value;
}

/**
 * Answers `GET /health` and the `/__mock/*` routes; undefined for every other path, which the API
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
    case 'GET /health':
    case 'HEAD /health':
      return jsonResponse({ status: 'ok' }, 200);
    case 'GET /__mock/fixtures':
      return jsonResponse(target.world.fixtures, 200);
    case 'GET /__mock/scenario':
      return jsonResponse(target.scenarios.state, 200);
    case 'POST /__mock/reset':
      target.reset();
      return jsonResponse({ seed: target.world.seed, tip: target.world.tip }, 200);
    case 'POST /__mock/mine':
      return mine(body, target.world);
    case 'POST /__mock/reorg': {
      const parsed = parseJsonObject(body);
      return parsed instanceof Response ? parsed : reorgRoute(parsed, target.world);
    }
    case 'POST /__mock/scenario':
      return scenario(body, target.scenarios);
    default:
      return undefined;
  }
}

function mine(raw: Uint8Array, world: World): Response {
  const body = parseJsonObject(raw);
  if (body instanceof Response) return body;
  const blocks = integerField(body, 'blocks', 1, MAX_MINED_BLOCKS);
  if (blocks instanceof Response) return blocks;
  const address = body.address;
  if (address !== undefined && (typeof address !== 'string' || !isValidPrincipal(address))) {
    return badRequest(`invalid STX address "${String(address)}"`);
  }
  const mined = [];
  for (let index = 0; index < (blocks ?? 1); index += 1) {
    try {
      mined.push(world.mineBlock(address === undefined ? {} : { address }));
    } catch (error) {
      if (!(error instanceof MineLimitError)) throw error;
      // The blocks mined before the bound stay; the answer says how many, the bound, and how to raise it.
      const message =
        `mining limit reached: this mock mines at most ${error.limit} transactions (${error.mined} mined, ` +
        `${mined.length} of the ${blocks ?? 1} blocks asked for were mined). Restart it with ` +
        '--max-mined-transactions <n> (startMockServer/createWorld option maxMinedTransactions), ' +
        'or POST /__mock/reset to start over from the seeded world';
      return jsonResponse(
        { statusCode: 409, error: 'Conflict', message, limit: error.limit, mined: error.mined },
        409,
      );
    }
  }
  return jsonResponse({ blocks: mined, tip: world.tip }, 200);
}

function scenario(raw: Uint8Array, scenarios: Scenarios): Response {
  const body = parseJsonObject(raw);
  if (body instanceof Response) return body;
  const latencyMs = integerField(body, 'latencyMs', 0, 60_000);
  if (latencyMs instanceof Response) return latencyMs;
  const networkErrorNext = integerField(body, 'networkErrorNext', 0, 1_000_000);
  if (networkErrorNext instanceof Response) return networkErrorNext;
  const failNext = body.failNext;
  if (failNext !== undefined && (failNext === null || typeof failNext !== 'object')) {
    return badRequest('body/failNext must be an object { count, status, retryAfterSeconds? }');
  }
  const rateLimit = body.rateLimit;
  if (rateLimit !== undefined && rateLimit !== null && typeof rateLimit !== 'object') {
    return badRequest('body/rateLimit must be an object { perMinute?, perMinuteWithKey? } or null');
  }
  const reorg = body.reorg === undefined ? undefined : readReorgScenario(body.reorg);
  if (reorg instanceof Response) return reorg;
  // Rehearse on a scratch instance first, so a bad field leaves the live scenarios untouched.
  for (const target of [createScenarios(), scenarios]) {
    try {
      applyScenario(target, body, { latencyMs, networkErrorNext, failNext, rateLimit });
      if (reorg) target.reorgAfter(reorg.afterRequests, reorg.options);
    } catch (error) {
      // The scenario setters check their own arguments (RangeError) and say what was wrong.
      return badRequest(error instanceof Error ? error.message : String(error));
    }
  }
  return jsonResponse(scenarios.state, 200);
}

interface ScenarioFields {
  latencyMs: number | undefined;
  networkErrorNext: number | undefined;
  failNext: unknown;
  rateLimit: unknown;
}

function applyScenario(scenarios: Scenarios, body: Json, fields: ScenarioFields): void {
  const { latencyMs, networkErrorNext, failNext, rateLimit } = fields;
  if (body.clear === true) scenarios.clear();
  if (latencyMs !== undefined) scenarios.latency(latencyMs);
  if (networkErrorNext !== undefined) scenarios.networkErrorNext(networkErrorNext);
  if (failNext !== undefined) {
    const { count, status, retryAfterSeconds } = failNext as Json;
    scenarios.failNext(count as number, {
      status: status as number,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds: retryAfterSeconds as number }),
    });
  }
  if (rateLimit !== undefined) {
    const limits = rateLimit as Json | null;
    scenarios.rateLimit(
      limits === null
        ? null
        : {
            ...(limits.perMinute === undefined ? {} : { perMinute: limits.perMinute as number }),
            ...(limits.perMinuteWithKey === undefined
              ? {}
              : { perMinuteWithKey: limits.perMinuteWithKey as number }),
          },
    );
  }
}
