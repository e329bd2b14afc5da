import type { SmartContractsStatusResponse } from '@blockindex/spec/types';
import { ApiPromise, type WithResponse } from './api-promise.js';
import type { BlockindexCore } from './core.js';
import { callOf, request } from './core.js';
import { AbortError } from './errors.js';
import { checkCallOptions, checkConcurrency, REQUEST_KEYS } from './internal/option-checks.js';
import { checkIds } from './internal/param-checks.js';
import type { ContractStatusOptions } from './options.js';
import { linkedController } from './retry.js';

const PATH = '/extended/v2/smart-contracts/status';

/**
 * Gets the deployment status of any number of smart contracts: duplicates dropped, the rest split into requests of
 * safe URL length, `concurrency` at a time (default 4), merged into one prototype-less map with one entry per id.
 * @example
 * import { createCore, getSmartContractsStatus } from '@blockindex/client';
 * const statuses = await getSmartContractsStatus(createCore(), ['SP000000000000000000002Q6VF78.pox-4']);
 */
export function getSmartContractsStatus(
  core: BlockindexCore,
  contractIds: readonly string[],
  options?: ContractStatusOptions,
): ApiPromise<SmartContractsStatusResponse> {
  return new ApiPromise(statuses(core, contractIds, options));
}

async function statuses(
  core: BlockindexCore,
  ids: readonly string[],
  options?: ContractStatusOptions,
): Promise<WithResponse<SmartContractsStatusResponse>> {
  callOf(core); // a value that is not a core is refused before anything else is looked at
  checkCallOptions(options, [...REQUEST_KEYS, 'concurrency']);
  const batches = planStatusBatches(checkIds('contractIds', ids), (core.baseUrl + PATH).length);
  const { concurrency = 4, ...rest } = options ?? {};
  checkConcurrency(concurrency);
  const get = (batch: string[], signal: AbortSignal) => {
    const op = {
      id: 'getSmartContractsStatus',
      path: PATH,
      shape: (body: unknown) => shapeProblem(batch, body),
    };
    return request<Record<string, never>>(core, op, () => ({}), { contract_id: batch }, { ...rest, signal });
  };
  const results = await mapWithConcurrency(batches, concurrency, get, rest.signal);
  const bodies = results.map((r) => r.data);
  return { data: mergeStatusMaps(batches, bodies), response: results[0]?.response ?? Response.json({}) };
}

/** Longest URL a batch may make: edges commonly stop at 8 KiB of request line and headers (the API answers 431). */
export const MAX_STATUS_URL_LENGTH = 7000;

/** Splits ids, duplicates dropped (first seen kept), into batches whose URL stays within `maxUrlLength`. */
export function planStatusBatches(
  contractIds: readonly string[],
  urlPrefixLength: number,
  maxUrlLength = MAX_STATUS_URL_LENGTH,
): string[][] {
  const batches: string[][] = [];
  let current: string[] | undefined;
  let length = 0;
  for (const id of new Set(contractIds)) {
    // `?` or `&`, `contract_id=` and the encoded id; an id too long to share a URL gets a batch of its own.
    const added = 13 + encodeURIComponent(id).length;
    if (!current || length + added > maxUrlLength) {
      current = [];
      batches.push(current);
      length = urlPrefixLength;
    }
    current.push(id);
    length += added;
  }
  return batches;
}

/** Ids of a batch its response does not answer (an own key is required, so `__proto__` is safe). */
export function missingStatusIds(batch: readonly string[], body: unknown): string[] {
  return typeof body !== 'object' || !body || Array.isArray(body)
    ? [...batch]
    : batch.filter((id) => !Object.hasOwn(body, id));
}

function shapeProblem(batch: readonly string[], body: unknown): string | undefined {
  if (typeof body !== 'object' || !body || Array.isArray(body)) return 'expected a JSON object';
  const missing = missingStatusIds(batch, body);
  return missing[0] === undefined
    ? undefined
    : `the status map has no entry for ${missing.length} requested id(s): ${missing.slice(0, 3).join(', ')}${missing[3] === undefined ? '' : ', …'}`;
}

/** One entry per requested id, from each body's own entries, on a map without a prototype (any id is a safe key). */
export function mergeStatusMaps<V>(
  batches: readonly (readonly string[])[],
  bodies: readonly Readonly<Record<string, V>>[],
): Record<string, V> {
  const merged: Record<string, V> = Object.create(null);
  batches.forEach((batch, i) => {
    for (const id of batch) if (Object.hasOwn(bodies[i] ?? {}, id)) merged[id] = bodies[i]?.[id] as V;
  });
  return merged;
}

/**
 * Runs `task` over `items`, at most `concurrency` at once, results in input order. The first failure aborts the
 * tasks still running (through their signal) and rejects with that failure.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, signal: AbortSignal) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  const { controller, dispose } = linkedController([signal]);
  const results: R[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    try {
      for (let index = next++; index < items.length; index = next++) {
        if (controller.signal.aborted)
          throw new AbortError('The request was aborted', { cause: controller.signal.reason });
        results[index] = await task(items[index] as T, controller.signal);
      }
    } catch (error) {
      controller.abort();
      throw error;
    }
  };
  const width = Math.max(1, Math.min(Math.floor(concurrency) || 1, items.length));
  try {
    await Promise.all(Array.from({ length: width }, worker));
    return results;
  } finally {
    dispose();
  }
}
