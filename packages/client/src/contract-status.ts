import type { SmartContractsStatusResponse as Statuses } from '@blockindex/spec/types';
import { ApiPromise } from './api-promise.js';
import type { BlockindexCore } from './core.js';
import { callOf, request } from './core.js';
import { AbortError } from './errors.js';
import { serializeQuery } from './internal/http.js';
import { checkIds, checkOptions, REQUEST_KEYS } from './internal/option-checks.js';
import type { ContractStatusOptions } from './options.js';
import { linkedController } from './retry.js';

const PATH = '/extended/v2/smart-contracts/status';

/**
 * Gets the deployment status of any number of smart contracts: duplicates dropped, the rest split into requests of
 * safe URL length, `concurrency` at a time (default 4), merged into one prototype-less map with one entry per id.
 * @example
 * const statuses = await getSmartContractsStatus(createCore(), ['SP000000000000000000002Q6VF78.pox-4']);
 */
export function getSmartContractsStatus(
  core: BlockindexCore,
  contractIds: readonly string[],
  options?: ContractStatusOptions,
): ApiPromise<Statuses> {
  return new ApiPromise(
    (async () => {
      callOf(core); // a value that is not a core is refused before anything else is looked at
      checkOptions(options, `${REQUEST_KEYS} concurrency:n:1:1:64`);
      const batches = planStatusBatches(checkIds('contractIds', contractIds), (core.baseUrl + PATH).length);
      const { concurrency = 4, ...rest } = options ?? {};
      const get = (batch: string[], signal: AbortSignal) => {
        const op = {
          id: 'getSmartContractsStatus',
          path: PATH,
          shape: statusShape(batch),
          search: serializeQuery,
        };
        return request<Statuses>(core, op, () => ({}), { contract_id: batch }, { ...rest, signal });
      };
      const results = await mapWithConcurrency(batches, concurrency, get, rest.signal);
      const bodies = results.map((r) => r.data);
      return { data: mergeStatusMaps(batches, bodies), response: results[0]?.response ?? Response.json({}) };
    })(),
  );
}

/** Longest URL a batch may make: edges commonly stop at 8 KiB of request line and headers (the API answers 431). */
export const MAX_STATUS_URL_LENGTH = 7000;

/** Splits ids, duplicates dropped (first seen kept), into batches whose URL stays within `max` characters. */
export function planStatusBatches(
  ids: readonly string[],
  prefix: number,
  max = MAX_STATUS_URL_LENGTH,
): string[][] {
  const batches: string[][] = [];
  let length = max;
  for (const id of new Set(ids)) {
    // `?` or `&`, `contract_id=` and the id; one too long to share a URL gets a batch of its own.
    const added = 13 + encodeURIComponent(id).length;
    if (length + added > max || !batches[0]) {
      batches.push([]);
      length = prefix;
    }
    batches.at(-1)?.push(id);
    length += added;
  }
  return batches;
}

/** The shape check of a batch's 2xx body: a JSON object with an own key (`__proto__` is safe) per id of the batch. */
export const statusShape = (batch: readonly string[]) => (body: unknown) => {
  if (typeof body !== 'object' || !body || Array.isArray(body)) return 'expected a JSON object';
  const missing = batch.filter((id) => !Object.hasOwn(body, id));
  const shown = missing.slice(0, 3).join(', ') + (missing.length > 3 ? ', …' : '');
  return missing.length
    ? `the status map has no entry for ${missing.length} requested id(s): ${shown}`
    : undefined;
};

/** One entry per requested id, from each body's own entries, on a map without a prototype (any id is a safe key). */
export function mergeStatusMaps<V>(batches: readonly string[][], bodies: Readonly<Record<string, V>>[]) {
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
  try {
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(Math.floor(concurrency) || 1, items.length)) }, worker),
    );
    return results;
  } finally {
    dispose();
  }
}
