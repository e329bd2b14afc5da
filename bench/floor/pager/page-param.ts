// Page params: where a page starts, as plain JSON that survives a process boundary, checked when it comes back.
import type { KindState, Pos } from './kinds.js';

/** Where a page starts: after `mark`, with the kind's state at that point (total, anchor). */
export interface PageParam {
  mark: Pos;
  state: KindState;
}

/** A param from JSON, checked: a wrong field is a `TypeError` naming it. */
export function checkParam(param: PageParam): PageParam {
  const { mark, state } = param ?? {};
  for (const [name, value, type] of [
    ['mark.id', mark?.id, 'string'],
    ['mark.key', mark?.key, 'string'],
    ['mark.cursor', mark?.cursor, 'string'],
    ['mark.older', mark?.older, 'number'],
    ['state.total', state?.total, 'number'],
  ] as const) {
    if (typeof value !== type) throw new TypeError(`pageParam.${name} must be a ${type}`);
  }
  return param;
}
