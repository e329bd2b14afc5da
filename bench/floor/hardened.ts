// biome-ignore-all lint: measurement code, golfed for size on purpose; not product code.
// The hardened floor: product.ts (imported, not copied) plus the nine opt-in guards written from scratch on its hook
// points, each with what the client's tests and README pin for it. Each guard's behaviour sits inside
// `/*<name*/ ... /*name>*/` markers; cut, the guard is an empty object, so the fixture still bundles and runs:
// `hardened-price.ts` prices each guard that way, `hardened-check.ts` fails when one is cut. Written from the tests and
// the README, not from the client's source.
import { STATUS_TEXT } from '@blockindex/spec/constants';
import { BlockindexError, esc, type FetchFn, type Guard } from './product.js';

export * from './product.js';

/** How many times `maxResponseBytes` a body may take once parsed (the JSON structure limit's bound). */
export const PARSED_BUDGET_FACTOR = 1.5;
/** What a JSON text costs once parsed: bytes per value and name (`fixed`), string bytes as sent (`characters`),
 * and whether a `\u` escape may widen a string. */
export interface JsonCost {
  fixed: number;
  characters: number;
  unicodeEscapes: boolean;
}

/*<jsonStructureLimit*/
const U8 = new TextEncoder();
/** One pass over a JSON text with an explicit stack (any depth), counting as V8 allocates: a slot per value, objects,
 * arrays, strings, heap numbers, names (array-index names dearer), a hidden class per new name on its path (its
 * descriptors copied when it branches), dictionary entries past 1,020 names. A text cut short is counted as far as a
 * parser reads it. Memory: one map entry per distinct (class, name), so no more than the text's names. */
export const measureJson = (s: string): JsonCost => {
  const c: JsonCost = { fixed: 0, characters: 0, unicodeEscapes: false };
  const classes = new Map<string, number>(); // `${class} ${name}` -> class; `${class}` -> names leading on
  const stack: number[][] = []; // per open container: [] for an array, [class, names] for an object
  let ids = 1;
  let name: string | undefined;
  let top: number[] | undefined;
  let want = 0; // 1 where the next string is a name
  const str = (at: number) => {
    let j = at + 1;
    for (; s[j] != '"'; j += s[j] == '\\' ? 2 : 1) if (j >= s.length) return -1;
    const raw = s.slice(at + 1, j);
    if (/(^|[^\\])(\\\\)*\\u/.test(raw)) c.unicodeEscapes = true;
    return ((name = raw), j + 1);
  };
  for (let at = 0; at < s.length; ) {
    const ch = s[at]!;
    if (' \t\n\r,]}'.includes(ch)) {
      if (ch == ']' || ch == '}') top = (stack.pop(), stack.at(-1));
      want = ch == ',' ? +!!top?.length : ch > ' ' ? 0 : want;
      at++;
    } else if (ch == ':') {
      // A name counts once its colon is read.
      const [k, n] = top!;
      const len = U8.encode(name).length;
      let cost = 16 + (/^\d{1,10}$/.test(name!) ? 160 : 0);
      if (n! >= 1020) cost += 200 + len * 2;
      else {
        const key = k + ' ' + name;
        let next = classes.get(key);
        if (!next) {
          const kids = (classes.get('' + k) ?? 0) + 1;
          classes.set('' + k, kids);
          classes.set(key, (next = ++ids));
          cost += 256 + len * 2 + (kids > 1 ? 24 * n! : 0);
        }
        top![0] = next;
      }
      top![1]!++;
      c.fixed += cost;
      want = 0;
      at++;
    } else if (want) {
      // A name: read now, counted at its colon.
      if ((at = str(at)) < 0) break;
      want = 0;
    } else {
      c.fixed += 32;
      if (ch == '{') stack.push((top = [1, 0])), (c.fixed += 128), at++, (want = 1);
      else if (ch == '[') stack.push((top = [])), (c.fixed += 112), at++;
      else if (ch == '"') {
        if ((at = str(at)) < 0) break;
        c.fixed += 64;
        c.characters += U8.encode(name).length;
      } else {
        const t = /true|false|null|-?\d+(\.\d+)?([eE][-+]?\d+)?/y;
        t.lastIndex = at;
        const m = t.exec(s)?.[0];
        if (!m) break;
        if (!/^-?\d{1,9}$/.test(m) && !/^[tfn]/.test(m)) c.fixed += 112;
        at += m.length;
      }
    }
  }
  return c;
};
/** The bytes a parse builds beyond the text: strings at two bytes a character when the text is wide or escapes may
 * widen them. */
export const parsedBytes = (c: JsonCost, wide: boolean) =>
  c.fixed + c.characters * (wide || c.unicodeEscapes ? 2 : 1);
/*jsonStructureLimit>*/
/** Refuses a body that would take more than 1.5 × `maxResponseBytes` once parsed (text included). */
export const jsonStructureLimit = (): Guard => ({
  /*<jsonStructureLimit*/
  body: (text, max) => {
    const wide = /[^\0-\xff]/.test(text);
    if (text.length * (wide ? 2 : 1) + parsedBytes(measureJson(text), wide) > PARSED_BUDGET_FACTOR * max)
      return `the body would take more than ${PARSED_BUDGET_FACTOR} × maxResponseBytes (${max} B) once parsed`;
  },
  /*jsonStructureLimit>*/
});

/** Says why a header value or the API key is refused, never showing it; refuses a key with control characters or
 * outer whitespace, and an API key header that is not a header name. */
export const headerChecks = (): Guard => ({
  /*<headerChecks*/
  header: (n, v, w) => {
    const key = /apiKey$/.test(w);
    if (key && !/^[!#$%&'*+.^_`|~\w-]+$/.test(n)) throw new TypeError(`${w}Header must be a header name`);
    const why = /[\r\n]/.test((v = String(v)))
      ? 'contains a line break'
      : /\0/.test(v as string)
        ? 'contains a NUL'
        : /[^\0-\xff]/.test(v as string)
          ? 'contains a character above U+00FF'
          : key && /[\0-\x1f\x7f]/.test(v as string)
            ? 'contains a control character'
            : key && v != (v as string).trim() && 'has outer whitespace';
    if (why) throw new TypeError(`${w}: the value of ${JSON.stringify(n)} ${why} (the value is not shown)`);
  },
  /*headerChecks>*/
});

/** Blanks credentials out of an error body at any depth (strings and keys), however the server spelled them. */
export const deepRedaction = (): Guard => ({
  /*<deepRedaction*/
  redactBody: (body: any, secrets) => {
    const red = (s: string) => secrets.reduce((t, x) => t.split(x).join('[redacted]'), s);
    if (typeof body == 'string') return red(body);
    // An explicit stack: a body nested 100,000 deep is walked without recursion.
    for (const todo = [body]; todo.length; ) {
      const o = todo.pop();
      if (o && typeof o == 'object')
        for (const k of Object.keys(o)) {
          const v = o[k];
          const r = red(k);
          if (r != k) delete o[k];
          o[r] = typeof v == 'string' ? red(v) : v;
          todo.push(v);
        }
    }
    return body;
  },
  /*deepRedaction>*/
});

/** openapi-fetch's middleware: `onRequest` first to last (a Request replaces, a Response answers), `onError` and
 * `onResponse` last to first (a Response recovers or replaces, an Error replaces the error). */
export interface Middleware {
  onRequest?: (o: { request: Request; schemaPath: string }) => any;
  onResponse?: (o: { request: Request; response: Response; schemaPath: string }) => any;
  onError?: (o: { request: Request; error: unknown; schemaPath: string }) => any;
}
export const middleware = (...ms: Middleware[]): Guard => ({
  /*<middleware*/
  around:
    (send: FetchFn, schemaPath: any): FetchFn =>
    async (request) => {
      let response: Response | undefined;
      let x: any;
      for (const m of ms)
        if ((x = await m.onRequest?.({ request, schemaPath }))) {
          if (x instanceof Response) return x;
          if (!(x instanceof Request))
            throw new Error('onRequest: must return new Request() or Response() when modifying the request');
          request = x;
        }
      try {
        response = await send(request);
      } catch (e) {
        let error = e;
        for (const m of [...ms].reverse())
          if ((x = await m.onError?.({ request, error, schemaPath }))) {
            if (x instanceof Response) {
              response = x;
              break;
            }
            if (!(x instanceof Error))
              throw new Error('onError: must return new Response() or instance of Error');
            error = x;
          }
        if (!response) throw error;
      }
      for (const m of [...ms].reverse())
        if ((x = await m.onResponse?.({ request, response, schemaPath }))) {
          if (!(x instanceof Response))
            throw new Error('onResponse: must return new Response() when modifying the response');
          response = x;
        }
      return response;
    },
  /*middleware>*/
});

/** `toJSON()` and `util.inspect` of every error give a bounded summary: the body to four levels and 1,000
 * characters, the cause as text, all escaped. Once called, on every error. */
export const errorSummaries = (): Guard => {
  /*<errorSummaries*/
  const cut = (v: any, d: number): any =>
    v && typeof v == 'object'
      ? d
        ? Array.isArray(v)
          ? v.slice(0, 50).map((x) => cut(x, d - 1))
          : Object.fromEntries(
              Object.entries(v)
                .slice(0, 50)
                .map(([k, x]) => [k, cut(x, d - 1)]),
            )
        : '…'
      : v;
  const text = (v: unknown) => (v === undefined ? v : esc(String(JSON.stringify(v)).slice(0, 1000)));
  const p: any = BlockindexError.prototype;
  p.toJSON = function (this: any) {
    const { name, message, status, method, url, requestId, code, body, cause } = this;
    return {
      name,
      message,
      status,
      method,
      url,
      requestId,
      code,
      body: text(cut(body, 4)),
      cause: cause && esc(String(cause)).slice(0, 1000),
    };
  };
  p[Symbol.for('nodejs.util.inspect.custom')] = p.toJSON;
  /*errorSummaries>*/
  return {};
};

/** Messages name the status: `Bad Gateway (empty body)`, not `Server error (empty body)`. */
export const statusPhrases = (): Guard => ({
  /*<statusPhrases*/
  phrase: (s) => (STATUS_TEXT as Record<number, string>)[s],
  /*statusPhrases>*/
});

/** `requestId` and `code` on an ApiError; a 401/403 says whether a key was sent; an HTML page named, not quoted. */
export const errorDetails = (): Guard => ({
  /*<errorDetails*/
  details: (e: any) => {
    e.requestId = e.headers.get('x-request-id') ?? undefined;
    e.code = typeof e.body?.code == 'string' ? e.body.code : undefined;
  },
  hint: (s, sent) =>
    s == 401 || s == 403
      ? sent
        ? 'the API key was rejected: check the apiKey option'
        : 'no API key was sent: pass one with the apiKey option'
      : undefined,
  html: (t, h) => /html/.test(h.get('content-type')!) || /^\s*</.test(t),
  /*errorDetails>*/
});

/** Retries also wait what `retry-after-ms` or, on a 429 without Retry-After, `ratelimit-reset` (seconds) names. */
export const rateLimitHeaders = (): Guard => ({
  /*<rateLimitHeaders*/
  retryAfter: (h, _now, s) => {
    const ms = h.get('retry-after-ms');
    const reset = s == 429 && !h.has('retry-after') && h.get('ratelimit-reset');
    return ms && /^\d+$/.test(ms) ? +ms : reset && /^\d+$/.test(reset) ? reset * 1000 : undefined;
  },
  /*rateLimitHeaders>*/
});

/** A time limit or wait past 2^31 - 1 ms held in full (timers chained). */
export const longTimers = (): Guard => ({
  /*<longTimers*/
  timer: (run, ms) => {
    let id: any;
    const go = (left: number) =>
      (id = setTimeout(
        () => (left > 2147483647 ? go(left - 2147483647) : run()),
        Math.min(left, 2147483647),
      ));
    go(ms);
    return () => clearTimeout(id);
  },
  /*longTimers>*/
});
