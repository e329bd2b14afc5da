import { ApiPromise, type WithResponse } from '../api-promise.js';
import type { RequestOptions } from '../options.js';
import { type CoreState, stateOf } from './core-state.js';
import { type AttemptInit, type RawResult, send } from './transport.js';

/** openapi-fetch's GET for a path chosen at run time (its per-path types cannot follow one). */
export type AnyGet<T> = (path: string, init: unknown) => Promise<RawResult<T>>;

/**
 * Runs `start` with the core's state, turning anything it throws (a bad core, a bad argument) into a rejection, so
 * every error of a call reaches the caller the same way and nothing is sent.
 */
export function deferred<T>(core: unknown, start: (state: CoreState) => Promise<T>): Promise<T> {
  try {
    return start(stateOf(core));
  } catch (error) {
    return Promise.reject(error);
  }
}

/** One GET of a single resource (a JSON object), through the core's transport. */
export function getResource<T>(
  core: unknown,
  operation: string,
  path: string,
  pathParams: () => Record<string, unknown>,
  options: RequestOptions | undefined,
  ordinals?: boolean,
  replacement?: string,
): ApiPromise<T> {
  return new ApiPromise<T>(
    deferred<WithResponse<T>>(core, (state) => {
      const params = { path: pathParams() };
      const baseUrl = ordinals ? state.ordinalsBaseUrl : state.baseUrl;
      const attempt = (init: AttemptInit) => (state.api.GET as AnyGet<T>)(path, { params, baseUrl, ...init });
      return send(state.config, attempt, options, {
        operation,
        method: 'GET',
        path,
        replacement,
        shape: objectShapeProblem,
      });
    }),
  );
}

/** The shape check of single-resource calls: their bodies are JSON objects. */
function objectShapeProblem(data: unknown): string | undefined {
  return typeof data === 'object' && data !== null && !Array.isArray(data)
    ? undefined
    : 'expected a JSON object';
}
