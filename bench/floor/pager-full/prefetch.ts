// Prefetch for offset lists: while `total` holds still, the request after a window is the window's last row onward,
// so it can be sent before the answer that proves it. The rule still checks every answer against the row delivered
// last; a request that is not the one predicted drops the predictions.
import type { Get } from './pager.js';

/** A `get` that keeps `concurrency - 1` predicted window requests in flight ahead of the one asked. */
export function prefetching(get: Get, concurrency: number): Get {
  let ahead = new Map<string, ReturnType<Get>>();
  let total = Number.POSITIVE_INFINITY;
  const id = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query)}`;
  return (path, query, signal) => {
    const asked = ahead.get(id(path, query));
    if (asked === undefined) ahead = new Map();
    const answer = asked ?? get(path, query, signal);
    answer.then(({ data }) => (total = (data as { total: number }).total)).catch(() => {});
    // Only windows after the head are predictable: the next starts at this one's last row.
    if (query.offset !== undefined && query.offset !== '0' && query.limit !== undefined) {
      const step = Number(query.limit) - 1;
      for (let i = 1; i < concurrency; i++) {
        const next = { ...query, offset: String(Number(query.offset) + i * step) };
        if (Number(next.offset) >= total || ahead.has(id(path, next))) continue;
        const request = get(path, next, signal);
        request.catch(() => {}); // an unused prediction's failure is nobody's error
        ahead.set(id(path, next), request);
      }
    }
    ahead.delete(id(path, query));
    return answer;
  };
}
