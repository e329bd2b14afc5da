// biome-ignore-all lint: measurement code, golfed for size on purpose; not product code.
// The independent floor (independent.ts) with what the product must also keep for the one-call app: the defaults its
// tests pin more tightly (abort reasons, caller signals linked once per signal, base URL messages, option details),
// `ApiPromise` with `withResponse()`, the hook points of the opt-in guards, middleware and pacer (empty, called by the
// default path), error classes constructible from their fields, and brands that hold across two copies of the
// package. Each addition sits inside `/*<name*/ ... /*name>*/` markers: `product-price.ts` cuts each out to price it,
// `product-check.ts` fails when one is cut. Written from the tests and the README, not from the client's source.
// hardened.ts (the opt-in guards) and one-page.ts (a list page) import it; the few helpers they share are exported.
import type { Brc20TokenDetails } from '@blockindex/spec/types';

/** What `fetch` the core calls: a Request in, a Response out. */
export type FetchFn = (request: Request) => Promise<Response>;
/** Retry settings (or `false` for none). */
export interface RetryOptions {
  maxRetries?: number;
  initialDelayMs?: number;
  maxDelayMs?: number;
  maxRetryAfterMs?: number;
}
/** Options of one call. */
export interface CallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  deadlineMs?: number;
  maxResponseBytes?: number;
  retry?: RetryOptions | false;
  headers?: HeadersInit;
}
/** What `onWarning` gets, once per operation. */
export interface ApiWarning {
  operation: string;
  warning: string;
  replacement: string | undefined;
  url: string;
}
/** What an opt-in guard may hook (all optional): header checks, a body check, middleware around an attempt (handed
 * the operation's path template, openapi-fetch's `schemaPath`), how a
 * pause is read from a response, the timer. */
export interface Guard {
  header?: (name: string, value: unknown, what: string) => void;
  body?: (text: string, max: number) => string | undefined;
  around?: (send: FetchFn, schemaPath?: string) => FetchFn;
  retryAfter?: (headers: Headers, now: number, status: number) => number | undefined;
  timer?: (run: () => void, ms: number) => () => void;
  redactBody?: <T>(body: T, secrets: string[]) => T;
  phrase?: (status: number) => string | undefined;
  html?: (text: string, headers: Headers) => boolean;
  details?: (error: { headers: Headers; body: unknown }) => void;
  hint?: (status: number, sentApiKey: boolean) => string | undefined;
}
/** A pacer (from an opt-in module): waited on before each attempt, told each response. */
export interface Pacer {
  take: (signal: AbortSignal) => Promise<void>;
  seen: (headers: Headers, status: number) => void;
}
/** A promise of the body, with `withResponse()` for the body and the `Response`. */
export type ApiPromise<T> = Promise<T> & { withResponse(): Promise<{ data: T; response: Response }> };
/** Options of `createCore`. */
export interface CoreOptions extends CallOptions {
  baseUrl?: string;
  ordinalsBaseUrl?: string;
  apiKey?: string;
  apiKeyHeader?: string;
  credentialHeaders?: string[];
  fetch?: FetchFn;
  onWarning?: (warning: ApiWarning) => void;
  rateLimit?: Pacer | false;
  guards?: Guard[];
}
/** A core: its base URLs and, under a global symbol, its request function (a closure over the options). */
export interface Core {
  baseUrl: string;
  ordinalsBaseUrl: string;
}
/** Where a core keeps its request function: a global symbol, so another copy of the package finds it. */
export const CORE = /*<brand*/ Symbol.for('@blockindex/client.core') || /*brand>*/ '_';
type Call = (
  op: string,
  path: string,
  ordinals: 0 | 1,
  options?: CallOptions,
  replacement?: string,
  schemaPath?: string,
) => Promise<{ data: any; response: Response }>;

const INF = Infinity;
const R = '[redacted]';

/*<brand*/
/** The brand every error carries on its prototypes: a global symbol, so `instanceof` holds across copies. */
const KIND = Symbol.for('@blockindex/client.error-kind');
/*brand>*/
/** What an API error says: the server's message or error text, else whether the body was empty or unrecognized. */
const reason = (
  status: number,
  body: any,
  fallback = status > 499 ? 'Server error' : 'Request failed',
  html?: unknown,
) => {
  let said = body && typeof body == 'object' ? (body.message ?? body.error) : body;
  if (typeof said != 'string' || !said.trim())
    // (Not String(body): an array nested 100,000 deep would overflow the stack.)
    return `${fallback} (${(typeof body == 'string' ? body.trim() : body != null) ? 'unrecognized' : 'empty'} body)`;
  /*<errhooks*/ if (html) return fallback + ' (HTML body)'; /*errhooks>*/
  /*<clip*/ said = clip(typeof body == 'string' ? said.replace(/\s+/g, ' ').trim() : said, 200); /*clip>*/
  return said;
};
/*<clip*/
/** Text cut to `n` characters, an ellipsis marking the cut. */
const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n) + '…' : s);
/*clip>*/
/** The error hierarchy: each class named in `name` (minified class names are not). */
class Base extends Error {
  declare method: string;
  declare url: string;
  declare status: number;
  declare body: unknown;
  declare headers: Headers;
  declare retryAfterMs: number | undefined;
  declare replacement: string | undefined;
  constructor(message: any, props?: object) {
    /*<ctors*/
    // An error made from its fields ({ status, method, url, body or reason, headers, ... }): the message from them.
    if (message?.status) {
      const { status, method, url, body } = (props = message);
      message = `${status} ${method} ${/*<clip*/ clip(/*clip>*/ url.replace(/^\w+:\/\/[^/]*/, '') /*<clip*/, 100) /*clip>*/}: ${message.reason ?? reason(status, body)}`;
    }
    // Server text escaped in every error, however it was made (the request path's are already: escaping is idempotent).
    message = esc(message);
    /*ctors>*/
    super(message);
    Object.assign(this, props);
  }
}
export const named = <T>(name: string, C: T): T => {
  const K = { [name]: class extends (C as any) {} }[name]!;
  K.prototype.name = name;
  /*<brand*/
  K.prototype[KIND] = name;
  Object.defineProperty(K, Symbol.hasInstance, {
    value: (x: any) => {
      for (; x && typeof x == 'object'; x = Object.getPrototypeOf(x))
        if (Object.hasOwn(x, KIND) && x[KIND] == name) return true;
      return false;
    },
  });
  /*brand>*/
  return K as T;
};
export const BlockindexError = named('BlockindexError', Base);
export const ApiError = named('ApiError', BlockindexError);
export const BadRequestError = named('BadRequestError', ApiError);
export const UnauthorizedError = named('UnauthorizedError', ApiError);
export const ForbiddenError = named('ForbiddenError', ApiError);
export const NotFoundError = named('NotFoundError', ApiError);
export const GoneError = named('GoneError', ApiError);
export const RateLimitError = named('RateLimitError', ApiError);
export const ServerError = named('ServerError', ApiError);
export const ConnectionError = named('ConnectionError', BlockindexError);
export const RedirectError = named('RedirectError', ConnectionError);
export const TimeoutError = named('TimeoutError', ConnectionError);
export const AbortError = named('AbortError', BlockindexError);
export const ResponseParseError = named('ResponseParseError', BlockindexError);
export const ResponseTooLargeError = named('ResponseTooLargeError', ResponseParseError);
const BY_STATUS: Record<number, typeof ApiError> = {
  400: BadRequestError,
  401: UnauthorizedError,
  403: ForbiddenError,
  404: NotFoundError,
  410: GoneError,
  429: RateLimitError,
};

/** Server text made safe for one log line: C0, DEL, C1, line separators and bidi controls as `\n` / `\uXXXX`. */
export const esc = (s: string) =>
  /*<escape*/ s.replace(/[\0-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) =>
    c == '\n' ? '\\n' : '\\u' + (c.charCodeAt(0) + 65536).toString(16).slice(1),
  ) /*escape>*/;
/** A value as a message may show it (an option's, never a credential's). */
const got = (v: any) =>
  typeof v == 'string'
    ? JSON.stringify(v)
    : typeof v == 'function'
      ? 'a function'
      : v && typeof v == 'object'
        ? 'an object'
        : String(v);

/*<checks*/
const CALL = ['signal', 'timeoutMs', 'deadlineMs', 'maxResponseBytes', 'retry', 'headers'];
const CORE_KEYS = [
  ...CALL,
  'baseUrl',
  'ordinalsBaseUrl',
  'apiKey',
  'apiKeyHeader',
  'credentialHeaders',
  'fetch',
  'onWarning',
  'rateLimit',
  'guards',
];
const RETRY = ['maxRetries', 'initialDelayMs', 'maxDelayMs', 'maxRetryAfterMs'];
/** Edit distance, case ignored. */
const dist = (a: string, b: string) => {
  a = a.toLowerCase();
  b = b.toLowerCase();
  let p = [...Array(b.length + 1).keys()];
  for (let i = 0; i < a.length; i++) {
    const q = [i + 1];
    for (let j = 0; j < b.length; j++) q[j + 1] = Math.min(p[j + 1]! + 1, q[j]! + 1, p[j]! + +(a[i] != b[j]));
    p = q;
  }
  return p[b.length]!;
};
/** Unknown keys (naming the closest known one) and values of the wrong kind, as TypeError / RangeError. */
export function check(o: any, keys: string[], w: string): void {
  if (o === undefined) return;
  if (!o || typeof o != 'object') throw new TypeError(`${w} must be an object; got ${got(o)}`);
  for (const k of Object.keys(o)) {
    const v = o[k];
    const at = `${w}.${k}`;
    if (!keys.includes(k)) {
      let near = '';
      let d = 4;
      for (const c of keys) if (dist(k, c) < d) (d = dist(k, c)), (near = c);
      throw new TypeError(`${w} has no option ${JSON.stringify(k)}${near && `; did you mean ${near}?`}`);
    }
    if (v === undefined) continue;
    if (/Ms$|Bytes$|Retries$/.test(k)) {
      if (typeof v != 'number' || v != v) throw new TypeError(`${at} must be a number; got ${got(v)}`);
      if (v < 0) throw new RangeError(`${at} must be at least 0; got ${v}`);
      /*<strict*/
      if (k == 'maxRetries' && v % 1) throw new RangeError(`${at} must be an integer; got ${v}`);
      if (k == 'maxResponseBytes' && v < 1) throw new RangeError(`${at} must be at least 1; got ${v}`);
      /*strict>*/
    } else if (k == 'signal') {
      if (typeof v?.aborted != 'boolean' || typeof v.addEventListener != 'function')
        throw new TypeError(`${at} must be an AbortSignal; got ${got(v)}`);
    } else if (k == 'fetch' || k == 'onWarning') {
      if (typeof v != 'function') throw new TypeError(`${at} must be a function; got ${got(v)}`);
    } else if (k == 'apiKey' || k == 'apiKeyHeader') {
      // The key's value is never shown, only its kind.
      if (typeof v != 'string' || !v) throw new TypeError(`${at} must be a string; got ${typeof v}`);
    } else if (k == 'headers') {
      if (typeof v != 'object') throw new TypeError(`${at} must be an object; got ${got(v)}`);
    } else if (k == 'credentialHeaders') {
      if (!Array.isArray(v)) throw new TypeError(`${at} must be an array of header names; got ${got(v)}`);
      v.forEach((x, i) => {
        if (typeof x != 'string') throw new TypeError(`${at}[${i}] must be a header name; got ${got(x)}`);
      });
    } else if (k == 'retry') {
      if (v !== false) check(v, RETRY, at);
    } /*<hooks*/ else if (k == 'rateLimit') {
      if (v !== false && typeof v?.take != 'function')
        throw new TypeError(`${at} must be a pacer from createPacer() or false; got ${got(v)}`);
    } else if (k == 'guards') {
      if (!Array.isArray(v)) throw new TypeError(`${at} must be an array of guards; got ${got(v)}`);
    } /*hooks>*/ else if (k == 'rateLimit' || k == 'guards') {
      if (v !== false && v?.length !== 0)
        throw new TypeError(`${at}: this core has no pacing or guards (opt-in)`);
    }
  }
}
/*checks>*/

/** Headers from `v` added to `h`, each shown to the guards' header hooks first; one `fetch` cannot send is named
 * (never its value). */
const addHeaders = (h: Headers, v: any, w: string, G: Guard[]) => {
  if (v)
    for (const [k, x] of v instanceof Headers ? v : Array.isArray(v) ? v : Object.entries(v)) {
      /*<hooks*/ for (const g of G) g.header?.(k, x, w); /*hooks>*/
      try {
        h.set(k, x);
      } catch {
        throw new TypeError(
          `${w}: ${JSON.stringify(k)} is not a valid header name or value (the value is not shown)`,
        );
      }
    }
};
/** An absolute http(s) base URL without credentials, query or fragment, no trailing slash. */
const base = (v: any, w: string) => {
  let u: URL | undefined;
  try {
    u = new URL(v);
  } catch {}
  /*<baseurl*/
  const no = (why: string) => new TypeError(`${w} ${why}`);
  if (typeof v != 'string' || !v.trim()) throw no(`must be an absolute http(s) URL; got an empty value`);
  if (!u) throw no(`must be an absolute http(s) URL such as https://api.hiro.so; got ${JSON.stringify(v)}`);
  if (!/^https?:$/.test(u.protocol)) throw no(`must use http or https; got ${u.protocol}`);
  if (u.username || u.password) throw no(`must not contain credentials; pass an apiKey instead`);
  if (u.search || u.hash) throw no(`must not contain a query string or fragment`);
  /*baseurl>*/
  if (!u || !/^https?:$/.test(u.protocol) || u.href != u.origin + u.pathname)
    throw new TypeError(`${w} must be an absolute http(s) URL without credentials, query or fragment`);
  return u.href.replace(/\/+$/, '');
};
/** A path parameter as one percent-encoded segment (`.` and `..` doubly escaped, `%252E`: the URL parser resolves `%2E`). */
export const segment = (name: string, v: any) => {
  if (typeof v != 'string' || !v) throw new TypeError(`${name} must be a non-empty string; got ${got(v)}`);
  try {
    v = encodeURIComponent(v);
  } catch {
    throw new TypeError(`${name} is not well-formed Unicode`);
  }
  return /^\.\.?$/.test(v) ? v.replace(/\./g, '%252E') : v;
};
/** Retry-After as milliseconds: integer seconds or an HTTP date (a past one is 0); anything else undefined. */
const retryAfter = (v: string | null) =>
  v == null
    ? undefined
    : /^\d+$/.test(v)
      ? +v * 1000
      : / GMT$/.test(v) && Date.parse(v) == Date.parse(v)
        ? Math.max(0, Date.parse(v) - Date.now())
        : undefined;
/** A timer's longest wait (2^31 - 1 ms); a longer one would fire at once. */
const timer = (f: () => void, ms: number) => setTimeout(f, Math.min(ms, 2147483647));
/** Operations already warned about on the console in this process. */
const WARNED = new Set<string>();
/*<once*/
/** The calls following each caller signal: one listener per signal however many calls share it (no
 * MaxListenersExceededWarning), removed with the last call. */
const LINKED = new WeakMap<AbortSignal, Set<() => void>>();
const link = (s: AbortSignal, f: () => void) => {
  let fs = LINKED.get(s);
  if (!fs) {
    const all = new Set<() => void>();
    const run = () => all.forEach((g) => g());
    LINKED.set(s, (fs = all));
    s.addEventListener('abort', run);
    (all as any).off = () => (s.removeEventListener('abort', run), LINKED.delete(s));
  }
  fs.add(f);
  return () => {
    fs.delete(f);
    if (!fs.size) (fs as any).off();
  };
};
/*once>*/

/**
 * A core: options checked now, every call through one request path (one attempt in one pass inside the retry and
 * deadline loop).
 * @example const core = createCore({ apiKey: process.env.HIRO_API_KEY });
 */
export function createCore(o: CoreOptions = {}): Core {
  const w = 'createCore options';
  /*<checks*/ check(o, CORE_KEYS, w); /*checks>*/
  const baseUrl = base(o.baseUrl ?? 'https://api.hiro.so', w + '.baseUrl');
  const ordinalsBaseUrl =
    o.ordinalsBaseUrl === undefined ? baseUrl : base(o.ordinalsBaseUrl, w + '.ordinalsBaseUrl');
  const keyHeader = o.apiKeyHeader ?? 'x-api-key';
  const G: Guard[] = /*<hooks*/ o.guards ?? /*hooks>*/ [];
  const pacer = /*<hooks*/ o.rateLimit || /*hooks>*/ undefined;
  const hook = <K extends keyof Guard>(k: K) => G.find((g) => g[k])?.[k];
  const headers = new Headers();
  addHeaders(headers, o.headers, w + '.headers', G);
  addHeaders(headers, o.apiKey && { [keyHeader]: o.apiKey }, w + '.apiKey', G);
  const creds = [
    'authorization',
    'proxy-authorization',
    'cookie',
    keyHeader,
    ...(o.credentialHeaders ?? []),
  ].map((k) => k.toLowerCase());
  /*<warn*/ const seen = o.onWarning ? new Set<string>() : WARNED; /*warn>*/

  const call: Call = async (op, path, ordinals, c = {}, replacement, schemaPath) => {
    /*<checks*/ check(c, CALL, 'options'); /*checks>*/
    const h = new Headers(headers);
    addHeaders(h, c.headers, 'options.headers', G);
    // Credentials: each credential header's value whole and its token after the scheme, longest first.
    const secrets: string[] = [];
    for (const [k, v] of h) if (creds.includes(k) && v) secrets.push(v, v.replace(/^\S+\s+/, ''));
    // ... and each as a JSON string spells it (a server echoing it in a JSON body).
    /*<jsonecho*/ for (const x of [...secrets]) secrets.push(JSON.stringify(x).slice(1, -1)); /*jsonecho>*/
    secrets.sort((a, b) => b.length - a.length);
    const red = (s: string) => secrets.reduce((t, x) => t.split(x).join(R), s);

    const url = (ordinals ? ordinalsBaseUrl : baseUrl) + path;
    const shown = red(url);
    const where = 'GET ' + shown;
    const origin = new URL(url).origin;
    // In messages a long path is cut (the error's url keeps it whole).
    const rel = 'GET ' + /*<clip*/ clip(/*clip>*/ shown.slice(origin.length) /*<clip*/, 100) /*clip>*/;
    let f: FetchFn = o.fetch ?? ((r: Request) => fetch(r)); // looked up per call: MSW started later still intercepts
    // Middleware runs around fetch: what fetch throws is noted, so an error the middleware throws itself reaches the
    // caller unchanged.
    let mine: unknown;
    let passed: unknown;
    /*<hooks*/
    const raw = f;
    f = async (r) => {
      try {
        return await raw(r);
      } catch (e) {
        throw (mine = e);
      }
    };
    for (const g of G) if (g.around) f = g.around(f, schemaPath);
    /*hooks>*/
    const wait =
      /*<hooks*/ hook('timer') ??
      /*hooks>*/ ((run: () => void, ms: number) => {
        const id = timer(run, ms);
        return () => clearTimeout(id);
      });
    const t = c.timeoutMs ?? o.timeoutMs ?? 30_000;
    const d = c.deadlineMs ?? o.deadlineMs ?? 60_000;
    const max = c.maxResponseBytes ?? o.maxResponseBytes ?? 8 << 20;
    const r: RetryOptions = (c.retry ?? o.retry) === false ? { maxRetries: 0 } : { ...o.retry, ...c.retry };
    const end = Date.now() + (d || INF);

    // Our errors, message redacted, escaped and bounded; `last` tells them from whatever `fetch` throws.
    let last: unknown;
    const fail = (C: typeof Base, message: string, props?: object) => {
      const m = esc(red(message));
      return (last = new C(m.length > 300 ? m.slice(0, 300) + '…' : m, {
        method: 'GET',
        url: shown,
        ...props,
      }));
    };

    // The caller's signals (core and call): one listener each for the call, removed when it settles.
    let aborted = 0;
    let attempt: AbortController | undefined;
    let wake = () => {};
    const signals = [o.signal, c.signal].filter((s) => s) as AbortSignal[];
    const offs = signals.map((s) => {
      // The attempt aborts with the caller's reason.
      const stop = () => {
        aborted = 1;
        attempt?.abort(/*<reasons*/ s.reason /*reasons>*/);
        wake();
      };
      if (s.aborted) aborted = 1;
      /*<once*/ return link(s, stop); /*once>*/
      s.addEventListener('abort', stop);
      return () => s.removeEventListener('abort', stop);
    });

    /** One attempt: fetch following redirects by hand, a bounded read, parse, a typed error. */
    const once = async () => {
      const ac = (attempt = new AbortController());
      const signal = ac.signal;
      // One timer per attempt, for whichever limit comes first: the attempt's timeout or the call's deadline.
      const limit = Math.min(t || INF, end - Date.now());
      let fired = 0;
      const tm =
        limit < INF
          ? wait(
              () => (
                (fired = limit < (t || INF) ? 2 : 1),
                ac.abort(/*<reasons*/ new DOMException('the time limit passed', 'TimeoutError') /*reasons>*/)
              ),
              limit,
            )
          : () => {};
      let reading = 0;
      try {
        /*<hooks*/ await pacer?.take(signal); /*hooks>*/
        let res: Response;
        let u = url;
        const hh = new Headers(h);
        for (let hop = 0; ; hop++) {
          res = await f(
            new Request(u, { headers: hh, signal, redirect: /*<manual*/ 'manual' /*manual>*/ }),
          ) /*<hooks*/
            .catch((x) => {
              if (x !== mine) passed = x;
              throw x;
            }) /*hooks>*/;
          /*<redirects*/
          const to = res.status > 299 && res.status < 400 && res.headers.get('location');
          if (res.type == 'opaqueredirect') {
            // A browser hides the target: follow it only without credentials.
            if (creds.some((k) => hh.has(k)))
              throw fail(
                ConnectionError,
                `${where}: redirected where a browser hides the target; not followed with credentials`,
              );
            res = await f(new Request(u, { headers: hh, signal }));
          } else if (to) {
            res.body?.cancel();
            if (hop == 20) throw fail(RedirectError, `${where}: redirect loop: more than 20 redirects`);
            let next: URL;
            try {
              next = new URL(to, u);
            } catch {
              throw fail(RedirectError, `${where}: redirected to an invalid URL`);
            }
            if (!/^https?:$/.test(next.protocol))
              throw fail(RedirectError, `${where}: redirected to a ${next.protocol} URL`);
            // Another origin: no credential from here on.
            if (next.origin != origin) for (const k of creds) hh.delete(k);
            u = next.href;
            continue;
          }
          /*redirects>*/
          break;
        }
        const status = res.status;
        /*<hooks*/ pacer?.seen(res.headers, status); /*hooks>*/
        // Response headers redacted: a credential in a value replaced, a header named after one dropped.
        const headers = new Headers(
          [...res.headers]
            /*<hdrname*/ .filter(([k]) => red(k) == k) /*hdrname>*/
            .map(([k, v]) => [k, red(v)]),
        );
        const props = { status, headers };
        reading = 1;
        /*<bound*/
        const tooLarge = (why = `the body passed maxResponseBytes (${max} B)`) =>
          fail(ResponseTooLargeError, `${status} ${rel}: ${why}`, props);
        if (+res.headers.get('content-length')! > max) throw tooLarge();
        const read = async (body: ReadableStream<Uint8Array>) => {
          const rd = body.getReader();
          const parts: Uint8Array[] = [];
          let size = 0;
          signal.addEventListener('abort', () => rd.cancel());
          for (let x; !(x = await rd.read()).done; parts.push(x.value))
            if ((size += x.value.length) > max) throw (rd.cancel(), tooLarge());
          return new Response(new Blob(parts)).text();
        };
        /*bound>*/
        let text = /*<bound*/ max < INF && res.body ? await read(res.body) : /*bound>*/ await res.text();
        if (signal.aborted) throw 0;
        /*<hooks*/
        for (const g of G) {
          const why = g.body?.(text, max);
          if (why) throw tooLarge(why);
        }
        /*hooks>*/

        /*<warn*/
        const warning = res.headers.get('warning');
        if (
          warning &&
          !seen.has(op) &&
          (o.onWarning || (globalThis as any).process?.env?.NODE_ENV != 'test')
        ) {
          seen.add(op);
          if (o.onWarning) o.onWarning({ operation: op, warning, replacement, url: shown });
          else
            console.warn(
              `[@blockindex/client] ${op}: the API sent Warning: ${esc(red(warning))}${replacement ? `; use ${replacement} instead` : ''}`,
            );
        }
        /*warn>*/

        if (status < 300) {
          if (!text)
            throw fail(ResponseParseError, `${status} ${rel}: expected a JSON body, got an empty one`, props);
          let body: any;
          try {
            body = JSON.parse(text);
          } catch {
            throw fail(ResponseParseError, `${status} ${rel}: the body is not valid JSON`, props);
          }
          if (!body || typeof body != 'object' || Array.isArray(body))
            throw fail(ResponseParseError, `${status} ${rel}: expected a JSON object`, props);
          return { data: body, response: res };
        }
        // An error body: redacted as text, then JSON if it parses.
        text = red(text);
        let body: any = text || undefined;
        try {
          body = JSON.parse(text);
        } catch {}
        let fallback: string | undefined;
        let html: unknown;
        let hint: string | undefined;
        /*<errhooks*/
        // The opt-in error guards' hook points: deep body redaction, status phrases, HTML pages named, request id and
        // code, API key hints.
        body = hook('redactBody')?.(body, secrets) ?? body;
        fallback = hook('phrase')?.(status);
        html = typeof body == 'string' && hook('html')?.(body, res.headers);
        hint = hook('hint')?.(status, !!o.apiKey);
        /*errhooks>*/
        const error = fail(
          BY_STATUS[status] ?? (status > 499 ? ServerError : ApiError),
          `${status} ${rel}: ${reason(status, body, fallback, html)}${hint ? ` (${hint})` : ''}`,
          {
            ...props,
            body,
            retryAfterMs:
              /*<hooks*/ hook('retryAfter')?.(res.headers, Date.now(), status) ??
              /*hooks>*/ retryAfter(res.headers.get('retry-after')),
            ...(status == 410 && { replacement }),
          },
        );
        /*<errhooks*/ hook('details')?.(error as any); /*errhooks>*/
        throw error;
      } catch (e: any) {
        if (e === last || e === passed) throw e;
        if (aborted) throw fail(AbortError, `${where}: aborted`);
        if (fired)
          throw fail(
            TimeoutError,
            fired > 1
              ? `${where}: the call's deadline of ${d} ms passed`
              : `${where}: timed out after ${t} ms`,
          );
        // The cause stays, unless its text holds a credential.
        const said = String(e?.stack ?? e);
        throw fail(
          ConnectionError,
          `${where}: ${reading ? 'the body could not be read: ' : ''}${e?.message ?? e}${e?.cause?.code ? ` (${e.cause.code})` : ''}`,
          { cause: red(said) == said ? e : new Error(red(String(e?.message ?? e))) },
        );
      } finally {
        tm();
      }
    };

    try {
      for (let n = 0; ; n++) {
        if (aborted) throw fail(AbortError, `${where}: aborted`);
        try {
          return await once();
        } catch (e: any) {
          const s = e.status;
          const asked = e.retryAfterMs;
          const pause =
            asked ??
            Math.min((r.initialDelayMs ?? 500) * 2 ** n, r.maxDelayMs ?? 8000) * (1 - Math.random() / 4);
          // Retried: connection errors but redirects, attempt timeouts, 408, 429, 5xx; a wait past the cap or the
          // deadline is not started: the last error goes out at once.
          if (
            aborted ||
            n >= (r.maxRetries ?? 2) ||
            !(
              (e instanceof ConnectionError && !(e instanceof RedirectError)) ||
              s == 408 ||
              s == 429 ||
              s > 499
            ) ||
            asked > (r.maxRetryAfterMs ?? 60_000) ||
            Date.now() + pause > end
          )
            throw e;
          let tm = () => {};
          await new Promise<void>((go) => {
            wake = go;
            tm = wait(go, pause);
          });
          tm();
        }
      }
    } finally {
      for (const off of offs) off();
    }
  };
  return { baseUrl, ordinalsBaseUrl, [CORE]: call } as Core;
}

/**
 * A BRC-20 token's details, from `ordinalsBaseUrl`.
 * @example const { token } = await getBrc20Token(createCore(), 'ordi');
 */
export function getBrc20Token(
  core: Core,
  ticker: string,
  options?: CallOptions,
): ApiPromise<Brc20TokenDetails> {
  const run = async () => {
    const call = (core as any)?.[CORE];
    if (typeof call != 'function') throw new TypeError('core must come from createCore() or createClient()');
    return call(
      'getBrc20Token',
      '/ordinals/v1/brc-20/tokens/' + segment('ticker', ticker),
      1,
      options,
      undefined,
      /*<hooks*/ '/ordinals/v1/brc-20/tokens/{ticker}' || /*hooks>*/ undefined,
    );
  };
  const both = run();
  const data: any = both.then((x) => x.data);
  /*<apipromise*/
  // Either may be the only one awaited: neither reports an unhandled rejection for the other.
  data.catch(() => {});
  data.withResponse = () => both;
  /*apipromise>*/
  return data;
}
