import type { components } from '@blockindex/spec/types';
import { RawJson } from '../../internal/raw-json';
import { fnv1a64 } from '../../world/hash';
import { json } from '../answer';
import { defineOperation } from '../context';
import { cacheHeaders } from '../headers';

type SmartContractStatus = components['schemas']['SmartContractStatus'];
type SmartContractsStatusResponse = components['schemas']['SmartContractsStatusResponse'];

/**
 * The status map keyed by contract id, one entry per distinct id, in the real service's order: confirmed
 * deploys sorted by id, then pending ones, then unknown ones (both in request order). Keys come from user
 * input, so the map has no prototype: `__proto__` or `constructor` are plain keys, never inherited members.
 */
export function buildStatusMap(
  contractIds: readonly string[],
  lookup: (contractId: string) => SmartContractStatus,
): SmartContractsStatusResponse {
  const confirmed: [string, SmartContractStatus][] = [];
  const pending: [string, SmartContractStatus][] = [];
  const unknown: [string, SmartContractStatus][] = [];
  const seen = new Set<string>();
  for (const id of contractIds) {
    if (seen.has(id)) continue;
    seen.add(id);
    const status = lookup(id);
    const group = !status.found ? unknown : status.result.status === 'pending' ? pending : confirmed;
    group.push([id, status]);
  }
  confirmed.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const map: SmartContractsStatusResponse = Object.create(null);
  for (const [id, status] of [...confirmed, ...pending, ...unknown]) {
    Object.defineProperty(map, id, { value: status, enumerable: true, writable: true, configurable: true });
  }
  return map;
}

/** `GET /extended/v2/smart-contracts/status`. */
export const getSmartContractsStatus = defineOperation('getSmartContractsStatus', (context, input) => {
  const ids = ([] as string[]).concat(input.query.contract_id);
  const body = buildStatusMap(ids, (id) => context.world.getSmartContractStatus(id));
  // Upstream's ETag here is the chain tip, but a contract added to the mempool (`world.addContract` with
  // `pending`) changes the answer without moving the tip: a digest of the answer changes exactly when it does.
  const text = JSON.stringify(body);
  return json('getSmartContractsStatus', 200, new RawJson<typeof body>(text), cacheHeaders(fnv1a64(text)));
});
