// biome-ignore-all lint: measurement code, golfed for size on purpose; not product code.
// A second floor, written from scratch from the client README's default guarantees, issue 31 items 3 and 7 and the
// client's tests (not from the first floor nor the client's source): the least code that keeps every DEFAULT row of
// "Guarantees: default and opt-in" for the one-call app (createCore + getBrc20Token + NotFoundError). No opt-in guard,
// no pacer, no iteration. `independent-price.ts` bundles the size test's fixture against it; the comment markers
// `/*<name*/ ... /*name>*/` (free once minified) are where that script cuts a behaviour out to price it.
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
/** Options of `createCore`. Pacing and guards are opt-in modules this core does not have. */
export interface CoreOptions extends CallOptions {
  baseUrl?: string;
  ordinalsBaseUrl?: string;
  apiKey?: string;
  apiKeyHeader?: string;
  credentialHeaders?: string[];
  fetch?: FetchFn;
  onWarning?: (warning: ApiWarning) => void;
  rateLimit?: false;
  guards?: [];
}
/** A core: its base URLs and, in `_`, its request function (a closure over the options, the key included). */
export interface Core {
  baseUrl: string;
  ordinalsBaseUrl: string;
  _: (op: string, path: string, ordinals: 0 | 1, options?: CallOptions, replacement?: string) => Promise<any>;
}

const INF = Infinity;
const R = '[redacted]';

/** The error hierarchy: each class named in `name` (minified class names are not). */
class Base extends Error {
  declare method: string;
  declare url: string;
  declare status: number;
  declare body: unknown;
  declare headers: Headers;
  declare retryAfterMs: number | undefined;
  declare replacement: string | undefined;
  constructor(message: string, props?: object) {
    super(message);
    Object.assign(this, props);
  }
}
const named = <T>(name: string, C: T): T => {
  const K = { [name]: class extends (C as any) {} }[name]!;
  K.prototype.name = name;
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
const esc = (s: string) =>
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
const CORE = [
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
function check(o: any, keys: string[], w: string): void {
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
    } else if (k == 'signal') {
      if (typeof v?.aborted != 'boolean' || typeof v.addEventListener != 'function')
        throw new TypeError(`${at} must be an AbortSignal; got ${got(v)}`);
    } else if (k == 'fetch' || k == 'onWarning') {
      if (typeof v != 'function') throw new TypeError(`${at} must be a function; got ${got(v)}`);
    } else if (k == 'apiKey' || k == 'apiKeyHeader') {
      // The key's value is never shown, only its kind.
      if (typeof v != 'string' || !v)
        throw new TypeError(`${at} must be a non-empty string; got a ${typeof v}`);
    } else if (k == 'headers') {
      if (typeof v != 'object') throw new TypeError(`${at} must be an object; got ${got(v)}`);
    } else if (k == 'credentialHeaders') {
      if (!Array.isArray(v)) throw new TypeError(`${at} must be an array of header names; got ${got(v)}`);
      v.forEach((x, i) => {
        if (typeof x != 'string') throw new TypeError(`${at}[${i}] must be a header name; got ${got(x)}`);
      });
    } else if (k == 'retry') {
      if (v !== false) check(v, RETRY, at);
    } else if (k == 'rateLimit' || k == 'guards') {
      if (v !== false && v?.length !== 0)
        throw new TypeError(`${at}: this core has no pacing or guards (opt-in)`);
    }
  }
}
/*checks>*/

/** Headers from `v` added to `h`; one `fetch` cannot send is named (never its value). */
const addHeaders = (h: Headers, v: any, w: string) => {
  if (v)
    for (const [k, x] of v instanceof Headers ? v : Array.isArray(v) ? v : Object.entries(v))
      try {
        h.set(k, x);
      } catch {
        throw new TypeError(`${w}: header ${JSON.stringify(k)} is not one fetch can send`);
      }
};
/** An absolute http(s) base URL without credentials, query or fragment, no trailing slash. */
const base = (v: any, w: string) => {
  let u: URL | undefined;
  try {
    u = new URL(v);
  } catch {}
  if (!u || !/^https?:$/.test(u.protocol) || u.href != u.origin + u.pathname)
    throw new TypeError(`${w} must be an absolute http(s) URL without credentials, query or fragment`);
  return u.href.replace(/\/+$/, '');
};
/** A path parameter as one percent-encoded segment (`.` and `..` doubly escaped, `%252E`: the URL parser resolves `%2E`). */
const segment = (name: string, v: any) => {
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

/**
 * A core: options checked now, every call through one request path (one attempt in one pass inside the retry and
 * deadline loop).
 * @example const core = createCore({ apiKey: process.env.HIRO_API_KEY });
 */
export function createCore(o: CoreOptions = {}): Core {
  const w = 'createCore options';
  /*<checks*/ check(o, CORE, w); /*checks>*/
  const baseUrl = base(o.baseUrl ?? 'https://api.hiro.so', w + '.baseUrl');
  const ordinalsBaseUrl =
    o.ordinalsBaseUrl === undefined ? baseUrl : base(o.ordinalsBaseUrl, w + '.ordinalsBaseUrl');
  const keyHeader = o.apiKeyHeader ?? 'x-api-key';
  const headers = new Headers();
  addHeaders(headers, o.headers, w + '.headers');
  addHeaders(headers, o.apiKey && { [keyHeader]: o.apiKey }, w + '.apiKey');
  const creds = [
    'authorization',
    'proxy-authorization',
    'cookie',
    keyHeader,
    ...(o.credentialHeaders ?? []),
  ].map((k) => k.toLowerCase());
  /*<warn*/ const seen = o.onWarning ? new Set<string>() : WARNED; /*warn>*/

  async function call(op: string, path: string, ordinals: 0 | 1, c: CallOptions = {}, replacement?: string) {
    /*<checks*/ check(c, CALL, 'options'); /*checks>*/
    const h = new Headers(headers);
    addHeaders(h, c.headers, 'options.headers');
    // Credentials: each credential header's value whole and its token after the scheme, longest first.
    const secrets: string[] = [];
    for (const [k, v] of h) if (creds.includes(k) && v) secrets.push(v, v.replace(/^\S+\s+/, ''));
    secrets.sort((a, b) => b.length - a.length);
    const red = (s: string) => secrets.reduce((t, x) => t.split(x).join(R), s);

    const url = (ordinals ? ordinalsBaseUrl : baseUrl) + path;
    const shown = red(url);
    const where = 'GET ' + shown;
    const origin = new URL(url).origin;
    const rel = 'GET ' + shown.slice(origin.length);
    const f = o.fetch ?? ((r: Request) => fetch(r)); // looked up per call: MSW started later still intercepts
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
    const stop = () => {
      aborted = 1;
      attempt?.abort();
      wake();
    };
    const signals = [o.signal, c.signal].filter((s) => s) as AbortSignal[];
    for (const s of signals) {
      if (s.aborted) aborted = 1;
      s.addEventListener('abort', stop);
    }

    /** One attempt: fetch following redirects by hand, a bounded read, parse, a typed error. */
    const once = async () => {
      const ac = (attempt = new AbortController());
      const signal = ac.signal;
      // One timer per attempt, for whichever limit comes first: the attempt's timeout or the call's deadline.
      const limit = Math.min(t || INF, end - Date.now());
      let fired = 0;
      const tm = limit < INF ? timer(() => ((fired = limit < (t || INF) ? 2 : 1), ac.abort()), limit) : 0;
      let reading = 0;
      try {
        let res: Response;
        let u = url;
        const hh = new Headers(h);
        for (let hop = 0; ; hop++) {
          res = await f(new Request(u, { headers: hh, signal, redirect: /*<manual*/ 'manual' /*manual>*/ }));
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
        const headers = new Headers([...res.headers].map(([k, v]) => [k, red(v)]));
        const props = { status, headers };
        reading = 1;
        /*<bound*/
        const tooLarge = () =>
          fail(ResponseTooLargeError, `${status} ${rel}: the body passed maxResponseBytes (${max} B)`, props);
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
          return body;
        }
        // An error body: redacted as text, then JSON if it parses.
        text = red(text);
        let body: any = text || undefined;
        try {
          body = JSON.parse(text);
        } catch {}
        const said = body && typeof body == 'object' ? (body.message ?? body.error) : body;
        throw fail(
          BY_STATUS[status] ?? (status > 499 ? ServerError : ApiError),
          `${status} ${rel}: ${
            typeof said == 'string' && said.trim()
              ? said
              : `${status > 499 ? 'Server error' : 'Request failed'} (${text.trim() ? 'unrecognized' : 'empty'} body)`
          }`,
          {
            ...props,
            body,
            retryAfterMs: retryAfter(res.headers.get('retry-after')),
            ...(status == 410 && { replacement }),
          },
        );
      } catch (e: any) {
        if (e === last) throw e;
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
        clearTimeout(tm);
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
          const wait =
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
            Date.now() + wait > end
          )
            throw e;
          let tm: any;
          await new Promise<void>((go) => {
            wake = go;
            tm = timer(go, wait);
          });
          clearTimeout(tm);
        }
      }
    } finally {
      for (const s of signals) s.removeEventListener('abort', stop);
    }
  }
  return { baseUrl, ordinalsBaseUrl, _: call };
}

/**
 * A BRC-20 token's details, from `ordinalsBaseUrl`.
 * @example const { token } = await getBrc20Token(createCore(), 'ordi');
 */
export async function getBrc20Token(
  core: Core,
  ticker: string,
  options?: CallOptions,
): Promise<Brc20TokenDetails> {
  if (typeof core?._ != 'function') throw new TypeError('core must come from createCore()');
  return core._('getBrc20Token', '/ordinals/v1/brc-20/tokens/' + segment('ticker', ticker), 1, options);
}
