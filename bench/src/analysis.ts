/**
 * What limits a comparison that misses a target: causes found by profiling the client and the mock under the
 * benchmark's own load (`node --cpu-prof`), with the file, function and change that would move the number. The
 * runner appends these to a comparison's notes only when one of its targets is missed, so a met target never
 * carries a stale excuse. No measured numbers here: they belong to the tables.
 */
export const WHAT_LIMITS: Readonly<Record<string, readonly string[]>> = {
  'client-overhead': [
    'Over loopback each call is dominated by the mock server’s own time, so the ratio moves within the run-to-run noise of a shared 2-core machine; the in-memory rows show the client’s real cost.',
    'Profile of our client against the in-memory fetch: most of the time is openapi-fetch’s coreFetch (building a Request, merging headers, serializing the path, response.json()), which raw fetch does not pay; then packages/client/src/internal/signals.ts createAttemptSignal, which makes a new AbortController per attempt and hands its signal to openapi-fetch, so undici’s Request constructor builds a second, follower AbortSignal (createAbortSignal / makeTransferable / addAbortListener in the profile). To cut it: pass no signal when nothing can abort the call (no caller signal and timeoutMs 0 / Infinity), and reuse one controller across the attempts of a call.',
  ],
  'mock-throughput': [
    'Profile of packages/mock/src/server.ts under autocannon: the server is CPU-bound, and the largest share is msw’s per-request pipeline that handle() enters through getResponse(handlers(), request): for every request and every handler, RequestHandler.run → HttpHandler.parse → matchRequestUrl recompiles the route pattern with path-to-regexp (pathToRegexp / tokensToRegexp / escapeString), and getAllRequestCookies parses cookies through tough-cookie; then the Request / Response objects themselves (new Request in handle(), HttpResponse.json, response.arrayBuffer in sendResponse).',
    'Second: building each answer from the world records on every request (packages/mock/src/world: toTransaction, isoTime, structuredCopy, listTransactionsWithTransfers), for pages of 20 full transactions.',
    'What would reach the targets: in server.ts, route the seven GET operations with a table compiled once (method + path pattern → the handler’s resolver) and answer node:http directly, keeping msw getResponse only for setupServer / setupWorker hosts; and memoize serialized 200 bodies per (normalized URL, world tip index_block_hash) — the world is deterministic and only changes on mineBlock / addContract / reset — so repeated GETs cost a Map lookup, as the bare server does. The bare row is the ceiling for that approach.',
    'Prism answers with the spec’s small single examples, not full pages, so against Prism we do several times more work per request; the ratio to Prism understates the per-byte gap.',
  ],
  'bundle-size': [
    'openapi-fetch alone (the transport our client wraps) is more than half of the budget before any of our code (its row above), and our own modules add more than openapi-fetch does: by esbuild’s metafile of the client source the largest are packages/client/src/internal/exact-pager.ts (the pager and prefetch engine), client.ts (seven methods, batching), internal/transport.ts, errors.ts (ten error classes with message builders) and pagination.ts.',
    'What would reach the target: replace openapi-fetch with a purpose-built GET transport (seven fixed paths: path templating and query serialization are a few lines; the middleware `use` option is the only feature that needs openapi-fetch), and shrink the pager (one code path for offset pages, prefetch as a window over it). Removing openapi-fetch alone does not suffice unless our own code also shrinks.',
  ],
  iteration: [
    'An offset iterator must read the first page before it knows the total, so the first round trip is never overlapped; the ideal row ignores that. If prefetch falls short, check packages/client/src/internal/exact-pager.ts: pages beyond the first must be requested as soon as the total is known, keeping `concurrency` requests in flight, not in waves that wait for the slowest page.',
  ],
  'deep-pages': [
    'A ratio near 1 means list cost does not grow with depth; a miss here with a depth-proportional cost would come from a scan in packages/mock/src/world/queries.ts (the per-principal arrays are meant to be read from the end by index). Different pages hold different transactions, so a modest gap can be content (a smart_contract deploy carries its source code) rather than depth.',
  ],
};
