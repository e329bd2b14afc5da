import type { SmartContractsStatusResponse } from '@blockindex/spec/types';
import { ApiPromise, type WithResponse } from './api-promise.js';
import type { BlockindexCore } from './core.js';
import { AbortError } from './errors.js';
import { checkCallOptions, checkConcurrency, REQUEST_KEYS } from './internal/option-checks.js';
import { checkIds } from './internal/param-checks.js';
import { callOf, linkedController, request } from './internal/request.js';
import type { ContractStatusOptions } from './options.js';

const PATH = '/extended/v2/smart-contracts/status';

/**
 * Gets the deployment status of several smart contracts. Any number of ids: duplicates are dropped, the rest split
 * into requests with URLs of safe length, run `concurrency` at a time (default 4) and merged into one map with
 * exactly one entry per distinct id (a prototype-less object, so any id is a safe key). The batching ships only
 * with this function.
 * @example
 * import { createCore, getSmartContractsStatus } from '@blockindex/client';
 * const statuses = await getSmartContractsStatus(createCore(), ['SP000000000000000000002Q6VF78.pox-4']);
 */
export function getSmartContractsStatus(
  core: BlockindexCore,
  contractIds: readonly string[],
  options?: ContractStatusOptions,
): ApiPromise<SmartContractsStatusResponse> {
  type Result = WithResponse<SmartContractsStatusResponse>;
  return new ApiPromise(
    (async (): Promise<Result> => {
      callOf(core); // a value that is not a core is refused before anything else is looked at
      checkCallOptions(options, [...REQUEST_KEYS, 'concurrency']);
      const batches = planStatusBatches(
        checkIds('contractIds', contractIds),
        `${core.baseUrl}${PATH}`.length,
      );
      const { concurrency = DEFAULT_STATUS_CONCURRENCY, ...requestOptions } = options ?? {};
      checkConcurrency(concurrency);
      if (batches.length === 0) {
        return { data: mergeStatusMaps<never>([], []), response: Response.json({}, { status: 200 }) };
      }
      const results = await mapWithConcurrency(
        batches,
        concurrency,
        (batch, signal) =>
          request(
            core,
            { id: 'getSmartContractsStatus', path: PATH, shape: (data) => statusShapeProblem(batch, data) },
            () => ({}),
            { contract_id: batch },
            { ...requestOptions, signal },
          ),
        requestOptions.signal,
      );
      const data = mergeStatusMaps(
        batches,
        results.map((r) => r.data as Record<string, never>),
      );
      return { data, response: (results[0] as WithResponse<unknown>).response };
    })(),
  );
}

/**
 * Longest URL (base URL, path and query) a batch may produce. Servers and edges commonly stop at 8 KiB of
 * request line and headers (the real API answers 431 past 16 KiB); 7,000 leaves room for the headers.
 */
export const MAX_STATUS_URL_LENGTH = 7000;

/** Default number of batch requests in flight at once. */
const DEFAULT_STATUS_CONCURRENCY = 4;

/**
 * Splits contract ids into batches whose `?contract_id=…&contract_id=…` URL stays within `maxUrlLength`,
 * after removing duplicates (first occurrence order kept). An id too long to share a URL gets its own batch.
 */
export function planStatusBatches(
  contractIds: readonly string[],
  urlPrefixLength: number,
  maxUrlLength: number = MAX_STATUS_URL_LENGTH,
): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let length = urlPrefixLength;
  for (const id of new Set(contractIds)) {
    // `?` or `&`, then the pair exactly as openapi-fetch serializes it.
    const added = 1 + 'contract_id='.length + encodeURIComponent(id).length;
    if (current.length > 0 && length + added > maxUrlLength) {
      batches.push(current);
      current = [];
      length = urlPrefixLength;
    }
    current.push(id);
    length += added;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** Ids of a batch that its response does not answer (an own key is required, so `__proto__` is safe). */
export function missingStatusIds(batch: readonly string[], body: unknown): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [...batch];
  return batch.filter((id) => !Object.hasOwn(body, id));
}

/** Why a batch's 2xx body is not a status map answering every id of the batch, or `undefined` when it is. */
function statusShapeProblem(batch: readonly string[], body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'expected a JSON object';
  const missing = missingStatusIds(batch, body);
  if (missing.length === 0) return undefined;
  const shown = missing.slice(0, 3).join(', ');
  return `the status map has no entry for ${missing.length} requested id(s): ${shown}${missing.length > 3 ? ', …' : ''}`;
}

/**
 * Merges batch responses into one map with exactly one entry per requested id. The map has no prototype, so ids
 * such as `__proto__` or `constructor` are ordinary keys (no setter runs on one), and only a body's own entries count.
 */
export function mergeStatusMaps<V>(
  batches: readonly (readonly string[])[],
  bodies: readonly Readonly<Record<string, V>>[],
): Record<string, V> {
  const merged = Object.create(null) as Record<string, V>;
  batches.forEach((batch, i) => {
    const body = bodies[i] as Readonly<Record<string, V>>;
    for (const id of batch) if (Object.hasOwn(body, id)) merged[id] = body[id] as V;
  });
  return merged;
}

/**
 * Runs `task` over `items` with at most `concurrency` in flight, results in input order. The first failure
 * aborts the tasks still running (through the signal each receives) and rejects with that failure.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, signal: AbortSignal) => Promise<R>,
  signal?: AbortSignal,
): Promise<R[]> {
  // Aborted on the first failure, and whenever the caller's signal aborts.
  const { controller, dispose } = linkedController([signal]);
  const results = new Array<R>(items.length);
  let nextIndex = 0;
  const worker = async (): Promise<void> => {
    while (nextIndex < items.length) {
      if (controller.signal.aborted)
        throw new AbortError('The request was aborted', { cause: controller.signal.reason });
      const index = nextIndex++;
      results[index] = await task(items[index] as T, controller.signal);
    }
  };
  const width = Math.max(1, Math.min(Math.floor(concurrency) || 1, items.length));
  try {
    await Promise.all(
      Array.from({ length: width }, () =>
        worker().catch((error: unknown) => {
          controller.abort();
          throw error;
        }),
      ),
    );
    return results;
  } finally {
    dispose();
  }
}
