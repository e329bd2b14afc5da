/** The options a client and a core share, in the order suggestions are weighed. */
const SHARED_KEYS = [
  'baseUrl',
  'ordinalsBaseUrl',
  'apiKey',
  'apiKeyHeader',
  'headers',
  'credentialHeaders',
  'fetch',
  'timeoutMs',
  'deadlineMs',
  'maxResponseBytes',
  'signal',
  'retry',
  'rateLimit',
  'onWarning',
] as const;

/** The options of `createClient` (a core's, with `use` where a core has `guards`). */
export const CLIENT_KEYS = [...SHARED_KEYS, 'use'] as const;

/** The options of `createCore`. */
export const CORE_KEYS = [...SHARED_KEYS, 'guards'] as const;

/** The options of one call. */
export const REQUEST_KEYS = [
  'signal',
  'timeoutMs',
  'deadlineMs',
  'maxResponseBytes',
  'retry',
  'headers',
] as const;

/** The options of a list call: one call's, and how to iterate (written out: a spread would ship with every app). */
export const LIST_KEYS = [
  'signal',
  'timeoutMs',
  'deadlineMs',
  'maxResponseBytes',
  'retry',
  'headers',
  'pageSize',
  'maxItems',
  'concurrency',
  'pageParam',
  'onReorg',
] as const;

/**
 * Refuses a key of `options` that is not in `known` (a typo such as `baseURL`, or an option of another library such
 * as `timeout`) with a `TypeError` naming it and the closest known one, rather than ignoring it silently. Only the
 * key is shown, never its value (it may be a credential).
 */
export function checkKeys(options: object, known: readonly string[], where: string, noun = 'option'): void {
  for (const key of Object.keys(options)) {
    if (known.includes(key)) continue;
    const near = closest(key, known);
    throw new TypeError(
      `${where} has no ${noun} ${JSON.stringify(key.slice(0, 40))}${near ? `; did you mean ${near}?` : ''}`,
    );
  }
}

/**
 * The known name most like `key`: the one sharing the longest start or end with it, case ignored (`baseURL` ->
 * `baseUrl`, `timeout` -> `timeoutMs`, `limt` -> `limit`, `retries` -> `maxRetries`), if it shares at least three
 * characters (or all of a shorter key).
 */
function closest(key: string, known: readonly string[]): string | undefined {
  const k = key.toLowerCase();
  let best: string | undefined;
  let most = Math.min(3, k.length) - 1;
  for (const name of known) {
    const n = name.toLowerCase();
    let start = 0;
    let end = 0;
    while (start < k.length && k[start] === n[start]) start++;
    while (end < k.length && k.at(-1 - end) === n.at(-1 - end)) end++;
    if (start > most || end > most) [best, most] = [name, Math.max(start, end)];
  }
  return best;
}
