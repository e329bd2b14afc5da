/**
 * What limits a comparison that misses a target: causes found by profiling the client and the mock under the
 * benchmark's own load (`node --cpu-prof`), with the file, function and change that would move the number. The
 * runner appends these to a comparison's notes only when one of its targets is missed, so a met target never
 * carries a stale excuse. No measured numbers here: they belong to the tables.
 */
export const WHAT_LIMITS: Readonly<Record<string, readonly string[]>> = {
  'client-overhead': [
    'Over loopback a call is mostly the mock server’s own time, and on a shared 2-core machine one variant’s samples spread wider than the gap between variants (see min–max). The in-memory rows separate the two: the notes above give the client’s own CPU per call as a share of a loopback call; where that share is above 5 %, the target is missed on the client’s account, not on noise.',
    'What remains after the profiling pass (packages/client: single pages without the pager, at most one AbortController per call, no spreads on the hot path): the default per-attempt timeout (timeoutMs 30 s) needs an abort signal on every request, and undici’s Request links a follower signal to it (createAbortSignal / addAbortListener in the profile); with `timeoutMs: 0` that cost goes. The rest is openapi-fetch’s coreFetch (a Request per call, header merge, path serializer, text + JSON.parse), which the vendor client pays too: the vendor row alone sits near the 1.05 limit, so the target cannot hold reliably on top of openapi-fetch with an abortable default timeout.',
  ],
  iteration: [
    'Not the client’s scheduler: packages/client/src/internal/exact-pager.ts keeps `concurrency` requests in flight once the first page gives the total. The limit is the mock server’s CPU per page: the latency is simulated with a timer and overlaps across concurrent requests, but building and serializing each page of 50 full transactions runs on the server’s single thread, so with 4 requests in flight each round trip grows by the CPU time of the other three. Sequential pages pay that CPU once per page and overlap nothing, so every millisecond of server CPU per page lowers the speed-up. The first page must also be read alone (the iterator learns the total from it), which the ideal row ignores. The fix is the mock’s per-request cost (see mock-throughput).',
  ],
  'mock-throughput': [
    'The standalone server (packages/mock/src/hosts/node/server.ts) routes the seven operations through a table compiled once from the spec (src/engine/router.ts), remembers prepared request targets and caches 200 answers per world version (src/engine/response-cache.ts; bumped by every mutation), so a repeated GET costs about what the bare server’s does; scenarios, rate-limit headers, Warning and 304 still apply per request. A miss here is the machine: both servers and autocannon share 2 cores, and under load from other processes the Prism ratio falls first.',
    'The seven-operation mix repeats the same URLs, so after the first round it measures answers from the cache. The uncached mix (every request different) measures building answers from the world: serializing pages of full transactions (cached per transaction in src/world) and validating input with the validators Ajv compiled at build time (src/engine/validation.ts) on each new URL.',
    'Prism answers with the spec’s single examples, several times smaller than our full pages (bytesPerResponse), so the ratio to Prism compares unequal work.',
  ],
  'bundle-size': [
    'The core no longer carries what an app does not call: the one-call app ships no pager, iteration, pacer, batching or class, and no openapi-fetch (a purpose-built GET client replaced it). What remains in every app is the transport and its promises: retries with Retry-After, per-attempt timeout and deadline with shared abort signals (internal/transport.ts, retry.ts, internal/signals.ts), redirects followed by hand so credentials stay at their origin (internal/redirects.ts), the body bound (internal/body-limit.ts), redaction of credentials from every error (internal/redact.ts), the error classes with their bounded log summaries (errors.ts, internal/summary.ts) and the checks of every option, header and argument (internal/option-checks.ts, header-checks.ts, base-urls.ts, path-serializer.ts, param-checks.ts), by the per-module breakdown above.',
    'What would reach the targets: a leaner transport (one abort controller and timer per call, fewer wrappers), error messages and option checks built from shorter shared text, and the error summaries for logs moved out of the classes; each is a change to code other work is hardening now, so it is left for after it lands.',
  ],
  'deep-pages': [
    'A depth-proportional cost would come from a scan in packages/mock/src/world/queries.ts (listAddressTransactions / listTransactionsWithTransfers read the per-principal arrays from the end by index); different pages hold different transactions, so a modest gap can be content (a smart_contract deploy carries its source code) rather than depth.',
  ],
};
