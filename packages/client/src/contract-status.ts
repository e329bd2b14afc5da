import type { SmartContractsStatusResponse } from '@blockindex/spec/types';
import { ApiPromise, type WithResponse } from './api-promise.js';
import type { BlockindexCore } from './core.js';
import {
  DEFAULT_STATUS_CONCURRENCY,
  mapWithConcurrency,
  mergeStatusMaps,
  planStatusBatches,
  statusShapeProblem,
} from './internal/contract-status-batch.js';
import { checkCallOptions, checkConcurrency } from './internal/option-checks.js';
import { REQUEST_KEYS } from './internal/option-keys.js';
import { checkIds } from './internal/param-checks.js';
import { callOf, request } from './internal/request.js';
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
