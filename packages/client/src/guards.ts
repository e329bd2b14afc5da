import { BlockindexError } from './errors.js';
import { describeName } from './internal/http.js';
import { MAX_COST_PER_BYTE, measureJson, parsedBytes } from './internal/json-cost.js';
import { clip, escapeControl, setBodyRedaction, setStatusPhrases } from './internal/text.js';
import type { Guard, Middleware } from './options.js';

// The opt-in guards of a core: each a named import, so an app that does not use one does not ship it. `createClient`
// uses them all. See the README's "Guarantees: default and opt-in".

/**
 * How much memory the text of a body and what `JSON.parse` builds from it may take together, as a multiple of
 * `maxResponseBytes`, under {@link jsonStructureLimit}.
 */
export const PARSED_BUDGET_FACTOR = 1.5;

/**
 * Bounds what parsing a body may cost, not only its size: before `JSON.parse`, the body's structure is counted and
 * what its text and parsed values will take is estimated (an upper bound, measured against V8); past 1.5 times
 * `maxResponseBytes` the call fails with `ResponseTooLargeError` and nothing is parsed. Without it a body within
 * `maxResponseBytes` can take about 30 times its size once parsed (`[{},{},...]`).
 * @example
 * const core = createCore({ guards: [jsonStructureLimit()] });
 */
export function jsonStructureLimit(): Guard {
  return {
    body(bytes, maxBytes) {
      const budget = PARSED_BUDGET_FACTOR * maxBytes;
      // A short body cannot pass the budget whatever it holds (its text takes at most two bytes per byte).
      if (bytes.length * (MAX_COST_PER_BYTE + 2) <= budget) return undefined;
      const { size, wide } = decodedSize(bytes);
      const needed = size + parsedBytes(measureJson(bytes), wide);
      return needed > budget
        ? `the ${bytes.length}-byte response body would take about ${needed} bytes once parsed, more than ` +
            `${PARSED_BUDGET_FACTOR} times maxResponseBytes (${maxBytes} bytes)`
        : undefined;
    },
  };
}

/**
 * An upper bound on the memory of the string UTF-8 `bytes` decode to, and whether it may be wide (V8 stores a string
 * with any character above U+00FF at two bytes per character). Exact for ASCII and Latin-1; any other byte counts as
 * a character of its own (a sequence, or a malformed byte that decodes to U+FFFD).
 */
function decodedSize(bytes: Uint8Array): { size: number; wide: boolean } {
  let characters = 0;
  let wide = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    characters++;
    if (b < 0x80) continue;
    // U+0080 to U+00FF: a C2 or C3 lead and one continuation byte, still one byte per character.
    if ((b === 0xc2 || b === 0xc3) && ((bytes[i + 1] as number) & 0xc0) === 0x80) i++;
    else wide = true;
  }
  return { size: wide ? 2 * characters : characters, wide };
}

// RFC 9110 `token`: what a header name may be made of.
const TOKEN = /^[!#$%&'*+.^_`|~\w-]+$/;

/**
 * Why `value` cannot be sent as a header value, or `undefined` when it can: what `fetch` refuses (CR, LF, NUL,
 * characters above U+00FF). `strict` adds what `fetch` lets through or repairs silently (other control characters,
 * surrounding whitespace it trims): for a credential, those are a mistake to report.
 */
function valueProblem(value: string, strict?: boolean): string | undefined {
  if (/[\r\n]/.test(value)) return 'a line break (CR or LF)';
  if (value.includes('\0')) return 'a NUL character';
  if (/[^\0-\xff]/.test(value)) return 'a character above U+00FF (HTTP headers carry Latin-1 only)';
  if (!strict) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  if (/[\0-\x1f\x7f]/.test(value)) return 'a control character';
  if (/^[ \t]|[ \t]$/.test(value)) return 'leading or trailing whitespace';
  return undefined;
}

/**
 * Checks the API key and the header that carries it before anything is sent, saying what is wrong without showing
 * the key: a key with a control character or surrounding whitespace (which `fetch` sends or trims silently) is refused
 * too, where the default core refuses only what `fetch` cannot send.
 */
export function checkApiKey(apiKey: unknown, headerName: unknown): void {
  if (typeof headerName !== 'string' || !TOKEN.test(headerName)) {
    throw new TypeError(
      `apiKeyHeader must be a header name (letters, digits and !#$%&'*+-.^_\`|~); got ${describeName(headerName)}`,
    );
  }
  if (typeof apiKey !== 'string') {
    throw new TypeError(`apiKey must be a string; got ${apiKey === null ? 'null' : typeof apiKey}`);
  }
  const problem = valueProblem(apiKey, true);
  if (problem)
    throw new TypeError(`apiKey cannot be sent in a header: it contains ${problem} (the key is not shown)`);
}

/**
 * Says what is wrong with a header the core is given (the `headers` option, a call's `headers`, the API key and
 * `apiKeyHeader`) before anything is sent: `headers: the value of "authorization" contains a line break (not shown)`,
 * `apiKey cannot be sent in a header: it contains leading or trailing whitespace`. Without it, a core refuses only
 * what `fetch` cannot send, with a message naming the header but not the reason, and sends a key with another
 * control character, or trims its whitespace, as `fetch` does.
 * @example
 * const core = createCore({ apiKey, guards: [headerChecks()] });
 */
export function headerChecks(): Guard {
  return {
    header(name, value, what) {
      if (what === 'apiKey') return checkApiKey(value, name);
      if (!TOKEN.test(name)) throw new TypeError(`${what}: ${describeName(name)} is not a valid header name`);
      const problem = valueProblem(String(value));
      if (problem) {
        throw new TypeError(`${what}: the value of ${describeName(name)} contains ${problem} (not shown)`);
      }
    },
  };
}

/**
 * Runs openapi-fetch-style middleware around every request of the core: `onRequest` in order (a `Request` it returns
 * is sent instead, a `Response` answers without fetching), `onResponse` and `onError` in reverse order. What a hook
 * throws reaches the caller unchanged.
 * @example
 * const core = createCore({ guards: [middleware({ onRequest: ({ request }) => console.log(request.url) })] });
 */
export function middleware(...list: Middleware[]): Guard {
  list.forEach((m, i) => {
    if (typeof m !== 'object' || m === null || !('onRequest' in m || 'onResponse' in m || 'onError' in m)) {
      throw new TypeError(
        `middleware(): argument ${i} must be an object with onRequest, onResponse or onError`,
      );
    }
  });
  const reversed = [...list].reverse();
  return {
    async around(request, { schemaPath, params, base }, send, fail, user) {
      // openapi-fetch's hook parameters, built once per attempt.
      const context = {
        schemaPath,
        params,
        id: Math.random().toString(36).slice(2, 11),
        options: { baseUrl: base },
      };
      const hook = async (m: Middleware, name: keyof Middleware, args: object): Promise<unknown> => {
        try {
          return await (m[name] as ((a: object) => unknown) | undefined)?.call(m, { ...context, ...args });
        } catch (error) {
          user(error);
          throw error;
        }
      };
      let req = request;
      for (const m of list) {
        const result = await hook(m, 'onRequest', { request: req });
        if (result instanceof Response) return result;
        if (result instanceof Request) req = result;
        else if (result) throw new Error(MISUSE.onRequest);
      }
      let response: Response | undefined;
      try {
        response = await send(req);
      } catch (thrown) {
        // The hooks see what `fetch` threw, as with openapi-fetch; unless one replaces it, it becomes ours.
        let error = thrown;
        for (const m of reversed) {
          const result = await hook(m, 'onError', { request: req, error });
          if (result instanceof Response) {
            response = result;
            break;
          }
          if (result instanceof Error) error = result;
          else if (result) throw new Error(MISUSE.onError);
        }
        if (!response) throw error === thrown ? fail(req, thrown) : error;
      }
      for (const m of reversed) {
        const result = await hook(m, 'onResponse', { request: req, response });
        if (result instanceof Response) response = result;
        else if (result) throw new Error(MISUSE.onResponse);
      }
      return response;
    },
  };
}

/** openapi-fetch's messages for a hook that returns something it cannot use. */
const MISUSE = {
  onRequest: 'onRequest: must return new Request() or Response() when modifying the request',
  onResponse: 'onResponse: must return new Response() when modifying the response',
  onError: 'onError: must return new Response() or instance of Error',
};

/**
 * Blanks credentials out of every `ApiError` body at any depth, in its strings and keys, however the body was built
 * (an error made with `createApiError` from a parsed value included). Without it, a core blanks them out of an error
 * body's text before parsing it, which catches every echo as the server sent it; a value spelled with `\u` escapes
 * in the JSON, or an error built by hand from an object, keeps it. Applies to every error of the app once used.
 * @example
 * const core = createCore({ guards: [deepRedaction()] });
 */
export function deepRedaction(): Guard {
  setBodyRedaction();
  return {};
}

/**
 * Names the status in error messages of a body that says nothing (`502 GET /…: Bad Gateway (empty body)` rather
 * than `Server error (empty body)`). Applies to every error of the app once used.
 */
export function statusPhrases(): Guard {
  setStatusPhrases((status) => STATUS_TEXT[status]);
  return {};
}

/**
 * Reason phrases of the statuses an API client meets in practice, worded as Node's `http.STATUS_CODES` and so as the
 * API's error bodies.
 */
const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/**
 * Gives every `BlockindexError` a bounded summary for logs: `toJSON()` (what `JSON.stringify(error)` writes: name,
 * message, request, status, code, the body cut to 1,000 characters and four levels, the cause) and what `util.inspect`
 * and `console.log` show (the stack and that summary). Without it, `JSON.stringify(error)` writes the error's own
 * fields in full (the whole body, and it throws on a body nested deeper than the stack). Applies to every error of
 * the app once used.
 */
export function errorSummaries(): Guard {
  const proto = BlockindexError.prototype as unknown as Record<PropertyKey, unknown>;
  proto.toJSON = summary;
  proto[INSPECT] = function (this: BlockindexError): string {
    const { name: _name, message: _message, ...rest } = summary.call(this);
    const details = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest, null, 2)}` : '';
    return `${this.stack ?? `${this.name}: ${this.message}`}${details}`;
  };
  return {};
}

function summary(this: BlockindexError): Record<string, unknown> {
  const self = this as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = { name: this.name, message: this.message };
  for (const key of ['method', 'url', 'status', 'code', 'requestId', 'retryAfterMs', 'replacement']) {
    if (self[key] !== undefined) out[key] = self[key];
  }
  // Both quote the server: escaped like the message (JSON.stringify alone leaves C1 and bidi controls raw).
  if (self.body !== undefined) out.body = escapeControl(summarize(self.body));
  const cause = this.cause;
  if (cause !== undefined) {
    out.cause = escapeControl(cause instanceof Error ? `${cause.name}: ${cause.message}` : summarize(cause));
  }
  return out;
}

/**
 * A short JSON-like text of `value` for logs: at most 4 levels, 10 entries per level and 1,000 characters, so a body
 * nested 100 000 levels deep or megabytes long costs a few microseconds and can never throw.
 */
function summarize(value: unknown): string {
  return clip(walk(value, 0), 1000);
}

function walk(value: unknown, depth: number): string {
  if (typeof value === 'string') return JSON.stringify(clip(value, 200));
  if (value === null || typeof value !== 'object') return String(value);
  if (depth >= 4) return Array.isArray(value) ? '[…]' : '{…}';
  if (Array.isArray(value)) {
    const items = value.slice(0, 10).map((v) => walk(v, depth + 1));
    if (value.length > 10) items.push(`…${value.length - 10} more`);
    return `[${items.join(',')}]`;
  }
  const keys = Object.keys(value);
  const entries = keys
    .slice(0, 10)
    .map((k) => `${JSON.stringify(k)}:${walk((value as Record<string, unknown>)[k], depth + 1)}`);
  if (keys.length > 10) entries.push(`…${keys.length - 10} more`);
  return `{${entries.join(',')}}`;
}
