import { jsonResponse } from '../internal/json-response';
import { type ReorgOptions, worldVersion } from '../world';
import type { Answer, OperationId } from './answer';
import {
  type HandlerContext,
  isAnswer,
  isDeprecated,
  type Operation,
  type OperationInput,
  type Prepared,
  pathTemplate,
  withDeprecation,
} from './context';
import { DEPRECATION_WARNING, ifNoneMatchMatches } from './headers';
import {
  getAccountTransactionsWithTransfers,
  getAddressTransactionEvents,
  getAddressTransactions,
} from './operations/addresses';
import { getBlockByBurnBlockHash, getBlockByBurnBlockHeight } from './operations/blocks';
import { getBrc20Token } from './operations/brc20';
import { getSmartContractsStatus } from './operations/smart-contracts';
import {
  getBlocksByBurnBlock,
  getPrincipalTransactionBalanceChanges,
  getPrincipalTransactions,
} from './operations/successors';
import { createRouter, type Router } from './router';
import { goneResponse, isIdle, isSunset, type Scenarios } from './scenarios/scenarios';

/** The ten operations: the seven in the order msw has always tried their routes, then their successors. */
export const OPERATIONS: Readonly<Record<OperationId, Operation>> = {
  getBrc20Token,
  getSmartContractsStatus,
  getAddressTransactionEvents,
  getAccountTransactionsWithTransfers,
  getAddressTransactions,
  getBlockByBurnBlockHeight,
  getBlockByBurnBlockHash,
  getPrincipalTransactions,
  getPrincipalTransactionBalanceChanges,
  getBlocksByBurnBlock,
};

let router: Router | undefined;

/** The router over the spec's seven paths, compiled on first use. */
export function operationRouter(): Router {
  router ??= createRouter(
    (Object.keys(OPERATIONS) as OperationId[]).map((operationId) => [operationId, pathTemplate(operationId)]),
  );
  return router;
}

/**
 * A request routed to an operation and prepared by it (see `Operation.prepare`). A refusal is already final
 * (`Warning` included), so hosts may remember a prepared request for its target and reuse it.
 */
export interface RoutedRequest {
  readonly operationId: OperationId;
  readonly input: OperationInput;
  readonly prepared: Prepared | Answer;
}

/** Prepares `input` for `operationId`: the request's validated input, or its final refusal. */
export function prepareRequest(operationId: OperationId, input: Pick<OperationInput, 'url' | 'params'>) {
  const prepared = OPERATIONS[operationId].prepare(input);
  return isAnswer(prepared) ? withDeprecation(operationId, prepared) : prepared;
}

/** What running an operation gives: its answer, or a scenario's own `Response` (`Response.error()` included). */
export type Outcome = Answer | Response;

/**
 * Runs one operation: scenarios first (they stand for the edge in front of the service), then the operation,
 * then what the real service adds to every answer (`Warning`, 304 on a matching ETag). A scenario's own failure
 * comes back as the `Response` it made (`Response.error()` for a network error). Synchronous unless scenarios
 * are configured, so the standalone server answers without a detour through the microtask queue.
 */
export function serveOperation(context: HandlerContext, request: RoutedRequest): Outcome | Promise<Outcome> {
  const { scenarios } = context;
  // Scenarios with nothing configured let every request through untouched: no need to build a Request.
  if (scenarios === undefined || isIdle(scenarios)) return answer(context, request, undefined);
  return throughScenarios(context, scenarios, request);
}

async function throughScenarios(
  context: HandlerContext,
  scenarios: Scenarios,
  request: RoutedRequest,
): Promise<Outcome> {
  const decision = await scenarios.intercept(request.input.request());
  const refused = decision.reorgs ? reorgWorld(context, decision.reorgs) : undefined;
  if (refused) return refused;
  // Upstream's sunset answers before its route runs (an `onRequest` hook): whatever the parameters.
  const response =
    decision.response ??
    (isSunset(scenarios, request.operationId) ? goneResponse(decision.headers) : undefined);
  if (!response) return answer(context, request, decision.headers);
  // A network error has no headers to add; a simulated failure still carries the deprecation notice,
  // which the spec promises on every response of a deprecated operation.
  if (response.type === 'error' || !isDeprecated(request.operationId)) return response;
  const headers = new Headers(response.headers);
  headers.set('Warning', DEPRECATION_WARNING);
  const { body, status, statusText } = response;
  return new Response(body, { status, statusText, headers });
}

/** Applies the re-orgs a scenario scheduled; a 500 saying why when the world refuses one (too deep by now). */
function reorgWorld(context: HandlerContext, reorgs: readonly ReorgOptions[]): Response | undefined {
  for (const options of reorgs) {
    try {
      context.world.reorg(options);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      const message = `the scheduled re-org (reorgAfter) failed: ${error.message}`;
      return jsonResponse({ statusCode: 500, error: 'Internal Server Error', message }, 500);
    }
  }
  return undefined;
}

function answer(
  context: HandlerContext,
  request: RoutedRequest,
  scenarioHeaders: Readonly<Record<string, string>> | undefined,
): Answer {
  let result = isAnswer(request.prepared) ? request.prepared : fromWorld(context, request.prepared);
  if (scenarioHeaders !== undefined && Object.keys(scenarioHeaders).length > 0) {
    const headers: Record<string, string> = { ...result.headers };
    for (const name in scenarioHeaders) headers[name.toLowerCase()] = scenarioHeaders[name] as string;
    result = { ...result, headers };
  }
  const etag = result.headers.etag;
  if (result.status === 200 && etag && ifNoneMatchMatches(request.input.header('if-none-match'), etag)) {
    const { 'content-type': _type, 'content-length': _length, ...headers } = result.headers;
    return { status: 304, headers, body: null, sized: false };
  }
  return result;
}

/**
 * The operation's answer from the world, through the context's cache: 200 answers are kept per operation
 * and validated input for as long as the world does not change (every world mutation moves its version,
 * which empties the cache). Kept answers already carry `Warning`: a hit copies nothing.
 */
function fromWorld(context: HandlerContext, prepared: Prepared): Answer {
  const { operationId } = prepared;
  const compute = () => withDeprecation(operationId, OPERATIONS[operationId].answer(context, prepared));
  const version = worldVersion(context.world);
  // A world not made by createWorld has no version to tell when it changes: never cache its answers.
  return version === undefined ? compute() : context.cache.answer(version, prepared.key, compute);
}
