import { STATUS_TEXT } from '@blockindex/spec/constants';
import { BlockindexError } from './errors.js';
import { MAX_COST_PER_BYTE, measureJson, parsedBytes } from './internal/json-cost.js';
import { clip, describeValue, escapeControl, readString, redactJson } from './internal/text.js';
import type { Guard, Middleware } from './options.js';
import { parseRetryAfterMs, setLongTimeout } from './retry.js';

// The opt-in guards of a core (README, "Guarantees: default and opt-in"), shipped only when imported; `createClient`
// uses them all. Each is an object of hooks that act only on the cores given it (request.ts merges them per core), but
// errorSummaries(), which sets `toJSON` and `util.inspect` on the error classes, for errors made anywhere.

/** What a body's text and parsed values may take together under {@link jsonStructureLimit}, × maxResponseBytes. */
export const PARSED_BUDGET_FACTOR = 1.5;

/**
 * Counts a body's structure before `JSON.parse`: one that would take more than 1.5 × `maxResponseBytes` parsed is a
 * `ResponseTooLargeError`. Without it, a body within `maxResponseBytes` can take 30 times its size (`[{},{},...]`).
 * @example
 * const core = createCore({ guards: [jsonStructureLimit()] });
 */
export function jsonStructureLimit(): Guard {
  return {
    body(bytes, maxBytes) {
      const budget = PARSED_BUDGET_FACTOR * maxBytes;
      // A short body cannot pass the budget, whatever it holds (its text takes at most two bytes per byte).
      if (bytes.length * (MAX_COST_PER_BYTE + 2) <= budget) return undefined;
      // Its text: a byte a character, a pair (U+0080 to U+00FF) one; two bytes a character if any other is above
      // U+007F (a wide string; invalid bytes become U+FFFD).
      let characters = bytes.length;
      let wide = false;
      for (let i = 0; i < bytes.length; i++)
        if ((bytes[i] as number) > 0x7f)
          if (((bytes[i] as number) & 0xfe) === 0xc2 && ((bytes[i + 1] as number) & 0xc0) === 0x80) {
            characters--;
            i++;
          } else wide = true;
      const needed = characters * (wide ? 2 : 1) + parsedBytes(measureJson(bytes), wide);
      return needed > budget
        ? `the ${bytes.length}-byte response body would take about ${needed} bytes once parsed, more than ` +
            `${PARSED_BUDGET_FACTOR} times maxResponseBytes (${maxBytes} bytes)`
        : undefined;
    },
  };
}

// What a header value may not hold: `fetch` refuses the first three, sends or trims the others (a credential's mistake).
const PROBLEMS: [RegExp, string][] = [
  [/[\r\n]/, 'a line break (CR or LF)'],
  [/\0/, 'a NUL character'],
  [/[^\0-\xff]/, 'a character above U+00FF (HTTP headers carry Latin-1 only)'],
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  [/[\0-\x1f\x7f]/, 'a control character'],
  [/^[ \t]|[ \t]$/, 'leading or trailing whitespace'],
];
const TOKEN = /^[!#$%&'*+.^_`|~\w-]+$/; // RFC 9110 `token`: a header name

/**
 * Checks a header before anything is sent (`what` = `'apiKey'`: the API key and its header, which must also be free of
 * control characters and outer whitespace), saying what is wrong without showing the value. The core passes the value
 * as a string, having checked an API key's type itself.
 */
export function checkHeader(name: string, value: unknown, what: string): void {
  const key = what === 'apiKey';
  if (!TOKEN.test(name))
    throw new TypeError(
      key
        ? `apiKeyHeader must be a header name (letters, digits and !#$%&'*+-.^_\`|~); got ${describeValue(name)}`
        : `${what}: ${describeValue(name)} is not a valid header name`,
    );
  const found = PROBLEMS.slice(0, key ? 5 : 3).find(([re]) => re.test(value as string))?.[1];
  if (found)
    throw new TypeError(`${what}: the value of ${describeValue(name)} contains ${found} (not shown)`);
}

/**
 * Says why a header or the API key is refused (`contains a line break`), and refuses a key with another control
 * character or outer whitespace. Without it a core refuses what `fetch` cannot send, naming the header, not the reason.
 * @example
 * const core = createCore({ apiKey, guards: [headerChecks()] });
 */
export const headerChecks = (): Guard => ({ header: checkHeader });

/**
 * Runs openapi-fetch middleware around every request (see {@link Middleware}); what a hook throws reaches the caller.
 * @example
 * const core = createCore({ guards: [middleware({ onRequest: ({ request }) => console.log(request.url) })] });
 */
export function middleware(...list: Middleware[]): Guard {
  return middlewareOf(list, 'middleware() arguments');
}

// openapi-fetch's words for a hook that returns what it cannot use.
const MUST = {
  onRequest: 'Request() or Response() when modifying the request',
  onResponse: 'Response() when modifying the response',
  onError: 'Response() or instance of Error',
};

/** {@link middleware} over `list`, checked (`where` names it); `skip` passes over falsy entries. */
export function middlewareOf(list: readonly unknown[], where: string, skip?: boolean): Guard {
  const hooks = list.filter((m, i) => {
    if (typeof m === 'object' && m && ('onRequest' in m || 'onResponse' in m || 'onError' in m)) return true;
    if (skip && !m) return false;
    throw new TypeError(`${where}[${i}] must be a middleware object with onRequest, onResponse or onError`);
  }) as Middleware[];
  return {
    async around(request, { schemaPath, params, base }, send, fail) {
      const id = Math.random().toString(36).slice(2, 11);
      const options = { baseUrl: base };
      let response: Response | undefined;
      let error: unknown;
      /** Runs hook `name` of each in turn (backwards after the request): a `Response` ends onRequest and onError. */
      const run = async (name: keyof Middleware) => {
        for (const m of name === 'onRequest' ? hooks : [...hooks].reverse()) {
          const args = { schemaPath, params, id, options, request, response, error };
          const result: unknown = await m[name]?.(args as never);
          if (result instanceof Response) {
            response = result;
            if (name !== 'onResponse') return;
          } else if (name === 'onRequest' && result instanceof Request) request = result;
          else if (name === 'onError' && result instanceof Error) error = result;
          else if (result) throw new Error(`${name}: must return new ${MUST[name]}`);
        }
      };
      await run('onRequest');
      if (response) return response;
      try {
        response = await send(request);
      } catch (thrown) {
        // The hooks see what `fetch` threw, as with openapi-fetch; unless one replaces it, it becomes ours.
        error = thrown;
        await run('onError');
        if (!response) throw error === thrown ? fail(request, thrown) : error;
      }
      await run('onResponse');
      return response;
    },
  };
}

/**
 * Blanks credentials out of `ApiError` bodies at any depth, however built. Without it, a body's text is redacted before
 * parsing, which misses a value spelled with `\u` escapes or a body made by hand from an object.
 * @example
 * const core = createCore({ guards: [deepRedaction()] });
 */
export const deepRedaction = (): Guard => ({ redactBody: redactJson });

/** Names the status in messages of a body that says nothing: `502 GET /…: Bad Gateway (empty body)`. */
export const statusPhrases = (): Guard => ({ phrase: (status) => STATUS_TEXT[status] });

/**
 * Adds details to every `ApiError`: its `requestId` (`x-request-id`, else `cf-ray`) and `code` (the body's), an HTML
 * body named as such (`502 GET /…: Server error (HTML body)`), and on a 401/403 what to check about the API key.
 * Without it `requestId` and `code` are `undefined` and an HTML page is quoted, cut at 200 characters.
 * @example
 * const core = createCore({ guards: [errorDetails()] });
 */
export const errorDetails = (): Guard => ({
  details(error) {
    const { headers } = error;
    Object.assign(error, {
      requestId: headers.get('x-request-id') ?? headers.get('cf-ray') ?? undefined,
      code: readString(error.body, 'code'),
    });
  },
  html: (text, headers) => !!headers.get('content-type')?.includes('html') || text.startsWith('<'),
  hint: (status, sentApiKey) =>
    status === 401 || status === 403
      ? sentApiKey
        ? 'the API key was rejected: check the apiKey option'
        : 'no API key was sent: pass one with the apiKey option'
      : undefined,
});

/**
 * Honours the other ways a server names its pause: `retry-after-ms`, and on a 429 (or with `ratelimit-remaining: 0`)
 * `ratelimit-reset`. Without it retries wait what `Retry-After` says (seconds or a date; Hiro sends it on a 429), else
 * back off exponentially.
 * @example
 * const core = createCore({ guards: [rateLimitHeaders()] });
 */
export const rateLimitHeaders = (): Guard => ({ retryAfter: parseRetryAfterMs });

/**
 * Keeps time limits and waits longer than 2^31 - 1 ms (24.8 days) exact, by chaining timers. Without it such a timer
 * fires at 24.8 days (never at once, as a bare `setTimeout` would).
 * @example
 * const core = createCore({ timeoutMs: 30 * 86_400_000, guards: [longTimers()] });
 */
export const longTimers = (): Guard => ({ timer: setLongTimeout });

/**
 * Gives errors a bounded summary as `toJSON()` and `util.inspect`: the body cut to 1,000 characters and four levels.
 * Without it, `JSON.stringify(error)` writes the whole body (and throws on one nested deeper than the stack). Unlike the
 * other guards it acts on every error of the app once called (those of the pager and of `new ApiError()` too).
 */
export function errorSummaries(): Guard {
  const proto = BlockindexError.prototype as unknown as Record<PropertyKey, unknown>;
  proto.toJSON = summary;
  proto[Symbol.for('nodejs.util.inspect.custom')] = function (this: BlockindexError): string {
    const { name, message, ...rest } = summary.call(this);
    const details = Object.keys(rest)[0] ? ` ${JSON.stringify(rest, null, 2)}` : '';
    return (this.stack ?? `${name}: ${message}`) + details;
  };
  return {};
}

function summary(this: BlockindexError): Record<string, unknown> {
  const self = this as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = { name: this.name, message: this.message };
  for (const key of 'method url status code requestId retryAfterMs replacement body cause'.split(' ')) {
    const value = self[key];
    // Body and cause quote the server: escaped as the message is (JSON.stringify leaves C1 and bidi controls raw).
    if (value !== undefined)
      out[key] =
        key === 'body' || key === 'cause'
          ? escapeControl(
              value instanceof Error ? `${value.name}: ${value.message}` : clip(walk(value, 0), 1000),
            )
          : value;
  }
  return out;
}

/** JSON-like text of `value` for logs: 4 levels, 10 entries a level, strings cut to 200 characters; never throws. */
function walk(value: unknown, depth: number): string {
  if (typeof value === 'string') return JSON.stringify(clip(value, 200));
  if (!value || typeof value !== 'object') return String(value);
  const array = Array.isArray(value);
  const keys = Object.keys(value);
  // Past the fourth level only a count of what is left out.
  const items = keys
    .slice(0, depth > 3 ? 0 : 10)
    .map(
      (k) => (array ? '' : `${JSON.stringify(k)}:`) + walk((value as Record<string, unknown>)[k], depth + 1),
    );
  if (keys[items.length] !== undefined) items.push(`…${keys.length - items.length} more`);
  return array ? `[${items}]` : `{${items}}`;
}
