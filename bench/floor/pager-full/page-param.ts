// Page params: where a page starts, as plain JSON that survives a process boundary, checked when it comes back.
import type { KindState, Pos } from './kinds.js';

/** Where a page starts: after the row `last`, `limit` rows, with the list's total and anchor at that point. */
export interface PageParam {
  limit: number;
  total: number;
  last: Pos;
  anchor: { cursor: string; older: number } | null;
}

/** The param naming the page after `last`. */
export function paramAfter(last: Pos, limit: number, state: KindState): PageParam {
  return { limit, total: state.total, last: { ...last }, anchor: state.anchor ? { ...state.anchor } : null };
}

/** The kind's state a param carries. */
export function stateOf(param: PageParam): KindState {
  return { total: param.total, anchor: param.anchor ? { ...param.anchor } : undefined };
}

/** A param from JSON, checked: a field of the wrong type is a `TypeError`, out of bounds a `RangeError`, naming it. */
export function checkParam(param: PageParam, max: number): PageParam {
  const { last, anchor } = param ?? {};
  const fields: [string, unknown, 'string' | 'number', number?, number?][] = [
    ['limit', param?.limit, 'number', 0, max],
    ['total', param?.total, 'number', 0],
    ['last.id', last?.id, 'string'],
    ['last.key', last?.key, 'string'],
    ['last.cursor', last?.cursor, 'string'],
    // -1: a row of a cursor list, which counts no older rows.
    ['last.older', last?.older, 'number', -1],
  ];
  if (anchor !== null)
    fields.push(['anchor.cursor', anchor?.cursor, 'string'], ['anchor.older', anchor?.older, 'number', 0]);
  for (const [name, value, type, min, most = Number.MAX_SAFE_INTEGER] of fields) {
    if (typeof value !== type) throw new TypeError(`pageParam.${name} must be a ${type}`);
    if (min === undefined) continue;
    if (!Number.isInteger(value) || (value as number) < min || (value as number) > most) {
      throw new RangeError(`pageParam.${name} must be an integer from ${min} to ${most}: ${value}`);
    }
  }
  return param;
}
