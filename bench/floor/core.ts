// biome-ignore-all lint: measurement code, golfed for size on purpose; not product code.
// Measurement only, not product code: a from-scratch default core with the client's default behaviours and the
// messages its tests assert, written for minified gzip size in one file, to price what a 5,000 B one-call app
// would have to give up. Known gaps against the real core: no rateLimitHeaders()/longTimers() swap hooks, a parse
// error carries no cause, createClient's own checks are absent (the one-call app does not ship them).
const K = Symbol.for('@blockindex/client.error-kind');
const CORE = Symbol.for('@blockindex/client.core');
const INF = Infinity;
const clip = (t: string, n: number) => (t.length > n ? `${t.slice(0, n - 1)}…` : t);
const esc = (t: string) =>
  t.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) =>
    c < ' ' ? JSON.stringify(c).slice(1, -1) : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
const red = (t: string, s: string[] = []) =>
  s
    .filter((x) => x)
    .sort((a, b) => b.length - a.length)
    .reduce((o, x) => o.split(x).join('[redacted]'), t);
const show = (v: any) =>
  typeof v == 'string'
    ? JSON.stringify(clip(v, 40))
    : Array.isArray(v)
      ? 'an array'
      : typeof v == 'function'
        ? 'a function'
        : v === null
          ? 'null'
          : typeof v == 'object'
            ? 'an object'
            : clip(String(v), 40);
const redH = (h: Headers, s: string[] = []) => {
  const o = new Headers();
  let d = 0;
  for (const [n, v] of h) {
    const c = red(v, s);
    if (s.some((x) => x && n.includes(x.toLowerCase()))) d = 1;
    else (d ||= +(c !== v)), o.append(n, c);
  }
  return d ? o : h;
};
const head = (st: number, m: string, u: string, w: string) => {
  let p = u;
  try {
    const x = new URL(u);
    p = x.pathname + x.search;
  } catch {}
  return `${st} ${m} ${clip(p, 200)}: ${w}`;
};
const str = (b: any, k: string) => {
  const v = b && typeof b == 'object' ? b[k] : 0;
  return typeof v == 'string' && v ? v : undefined;
};
export const extras: any = {};
export class BlockindexError extends Error {
  name = 'BlockindexError';
  [K] = 'error';
  declare method: any;
  declare url: any;
  constructor(m: string, o: any = {}) {
    super(esc(m), o.cause === undefined ? undefined : { cause: o.cause });
    this.method = o.method;
    this.url = o.url;
  }
}
export class ApiError extends BlockindexError {
  name = 'ApiError';
  [K] = 'api';
  declare status: number;
  declare body: any;
  declare headers: Headers;
  constructor(i: any, detail?: string) {
    const { status: st, method: m, secrets: s } = i;
    const url = red(i.url, s);
    const body = extras.redactBody
      ? extras.redactBody(i.body, s)
      : typeof i.body == 'string'
        ? red(i.body, s)
        : i.body;
    const headers = redH(i.headers, s);
    const fb = extras.phrase?.(st) ?? (st >= 500 ? 'Server error' : 'Request failed');
    const t = typeof body == 'string' ? body.trim() : (str(body, 'message') ?? str(body, 'error'));
    const w = !t
      ? `${fb} (${body == null || typeof body == 'string' ? 'empty' : 'unrecognized'} body)`
      : typeof body == 'string' && extras.html?.(t, headers)
        ? `${fb} (HTML body)`
        : clip(typeof body == 'string' ? t.replace(/\s+/g, ' ') : t, 200);
    const msg = head(st, m, url, w);
    super(red(detail ? `${msg} (${detail})` : msg, s), { method: m, url });
    this.status = st;
    this.body = body;
    this.headers = headers;
    extras.details?.(this);
  }
}
export class BadRequestError extends ApiError {
  name = 'BadRequestError';
}
export class UnauthorizedError extends ApiError {
  name = 'UnauthorizedError';
}
export class ForbiddenError extends ApiError {
  name = 'ForbiddenError';
}
export class GoneError extends ApiError {
  name = 'GoneError';
  declare replacement: any;
  constructor(i: any) {
    super(i, `the operation was disabled upstream${i.replacement ? `; use ${i.replacement} instead` : ''}`);
    this.replacement = i.replacement;
  }
}
export class NotFoundError extends ApiError {
  name = 'NotFoundError';
}
export class RateLimitError extends ApiError {
  name = 'RateLimitError';
  declare retryAfterMs: any;
  constructor(i: any, d?: string) {
    super(i, d);
    this.retryAfterMs = i.retryAfterMs;
  }
}
export class ServerError extends ApiError {
  name = 'ServerError';
}
export class ConnectionError extends BlockindexError {
  name = 'ConnectionError';
  [K] = 'connection';
}
export class RedirectError extends ConnectionError {
  name = 'RedirectError';
}
export class TimeoutError extends ConnectionError {
  name = 'TimeoutError';
}
export class AbortError extends BlockindexError {
  name = 'AbortError';
}
export class ResponseParseError extends BlockindexError {
  name = 'ResponseParseError';
  declare status: number;
  declare headers: Headers;
  constructor(i: any) {
    const url = red(i.url, i.secrets);
    super(red(head(i.status, i.method, url, i.reason), i.secrets), { cause: i.cause, method: i.method, url });
    this.status = i.status;
    this.headers = redH(i.headers, i.secrets);
  }
}
export class ResponseTooLargeError extends ResponseParseError {
  name = 'ResponseTooLargeError';
  declare maxBytes: number;
  constructor(i: any) {
    super(i);
    this.maxBytes = i.maxBytes;
  }
}
const CLASSES: any = {
  400: BadRequestError,
  401: UnauthorizedError,
  403: ForbiddenError,
  404: NotFoundError,
  410: GoneError,
  429: RateLimitError,
};

// option checks (rules as data)
const REQ = 'signal:s timeoutMs:n:2 deadlineMs:n:2 maxResponseBytes:n:3:1 retry:r headers';
const CORE_KEYS = `baseUrl ordinalsBaseUrl apiKey apiKeyHeader credentialHeaders:a fetch:f onWarning:f ${REQ} guards rateLimit:p`;
const expect = (v: any, w: string, ok: any, what: string) => {
  if (v !== undefined && !ok) throw new TypeError(`${w} must be ${what}; got ${show(v)}`);
};
function num(name: string, v: any, f = 0, min = 0, max = INF) {
  if (v === undefined || (v === INF && f & 2)) return;
  expect(v, name, typeof v == 'number' && v === v, 'a number');
  const p = !Number.isFinite(v)
    ? 'be a finite number'
    : f & 1 && !Number.isInteger(v)
      ? 'be an integer'
      : v < min
        ? `be at least ${min}`
        : v > max
          ? `be at most ${max}`
          : 0;
  if (p) throw new RangeError(`${name} must ${p}; got ${v}`);
}
function check(o: any, rules: string, where = 'options', noun = 'option') {
  if (o === undefined) return;
  expect(o, where, typeof o == 'object' && o, 'an object');
  const parsed = rules.split(' ').map((r) => r.split(':'));
  for (const key of Object.keys(o)) {
    if (parsed.some(([n]) => n === key)) continue;
    const k = key.toLowerCase();
    let near = '',
      most = Math.min(3, k.length) - 1;
    for (const [name = ''] of parsed) {
      const n = name.toLowerCase();
      let a = 0,
        b = 0;
      while (k[a] && k[a] === n[a]) a++;
      while (k.at(~b) && k.at(~b) === n.at(~b)) b++;
      if (Math.max(a, b) > most) [near, most] = [name, Math.max(a, b)];
    }
    throw new TypeError(
      `${where} has no ${noun} ${JSON.stringify(key.slice(0, 40))}${near && `; did you mean ${near}?`}`,
    );
  }
  for (const [name, kind, ...l] of parsed) {
    const v = o[name!],
      at = `${where}.${name}`;
    if (v === undefined || !kind) continue;
    if (kind == 'n') num(at, v, ...l.map(Number));
    else if (kind == 'r') {
      if (v !== false) {
        if (typeof v != 'object' || !v)
          throw new TypeError(`${at} must be an object or false; got ${String(v)}`);
        check(v, 'maxRetries:n:1:0:100 initialDelayMs:n maxDelayMs:n maxRetryAfterMs:n:2', at);
      }
    } else if (kind == 'f') expect(v, at, typeof v == 'function', 'a function');
    else if (kind == 'p')
      expect(v, at, v === false || typeof v?.wait == 'function', 'a pacer from createPacer() or false');
    else if (kind == 's') {
      const { aborted: a, addEventListener: e } = Object(v);
      expect(v, at, typeof a == 'boolean' && typeof e == 'function', 'an AbortSignal');
    } else {
      expect(v, at, Array.isArray(v), 'an array of header names');
      v.forEach((x: any, i: number) => expect(x, `${at}[${i}]`, typeof x == 'string', 'a header name'));
    }
  }
}
function baseOf(b: any, opt = 'baseUrl') {
  let u: any;
  try {
    u = new URL(b);
  } catch {}
  const p = !u
    ? 'be an absolute http(s) URL such as https://api.hiro.so'
    : !/^https?:$/.test(u.protocol)
      ? 'use http or https'
      : u.search || u.hash
        ? 'not contain a query string or fragment'
        : u.username || u.password
          ? 'not contain credentials'
          : 0;
  if (p)
    throw new TypeError(
      `${opt} must ${p}; ${u?.username || u?.password ? 'pass an apiKey instead' : typeof b != 'string' || !b.trim() ? 'got an empty value' : `got ${JSON.stringify(b)}`}`,
    );
  return u.href.replace(/\/+$/, '');
}
const setH = (h: Headers, n: any, v: any, what: string) => {
  try {
    h.set(n, v);
  } catch {
    throw new TypeError(
      `${what}: ${typeof n != 'string' ? (n === null ? 'null' : typeof n) : JSON.stringify(clip(n, 60))} is not a valid header name or value (the value is not shown)`,
    );
  }
};
const headersOf = (o: any, chk: any) => {
  const h = new Headers();
  for (const [n, v] of o instanceof Headers ? o : Object.entries(o ?? {}))
    if (v !== undefined) chk?.(n, String(v), 'headers'), setH(h, n, String(v), 'headers');
  return h;
};
const credsOf = (h: Headers, names: string[]) => {
  const o: string[] = [];
  for (const [n, v] of h)
    if (names.includes(n) && v) o.push(v, ...(/^\S+\s+(\S.*)$/.exec(v)?.slice(1) ?? []));
  return o;
};
const cause = (e: any) => {
  if (!(e instanceof Error)) return String(e);
  const i: any = e.cause,
    d = i instanceof Error ? (i.code ?? i.message) : 0;
  return d ? `${e.message} (${d})` : e.message;
};
const waiting = new WeakMap();
function link(signals: any[]) {
  const c = new AbortController(),
    sets: any[] = [];
  for (const s of signals) {
    if (s.aborted) {
      c.abort(s.reason);
      break;
    }
    let set = waiting.get(s);
    if (!set) {
      const l = new Set<AbortController>();
      waiting.set(s, (set = l));
      s.addEventListener(
        'abort',
        () => {
          waiting.delete(s);
          for (const x of l) x.abort(s.reason);
        },
        { once: true },
      );
    }
    set.add(c);
    sets.push(set);
  }
  return [c, () => sets.forEach((s) => s.delete(c))] as const;
}
let setTimer = (f: () => void, ms: number) => {
  const t = setTimeout(f, Math.min(ms, 2 ** 31 - 1));
  return () => clearTimeout(t);
};
const retryAfter = (h: Headers, now: number) => {
  const a = h.get('retry-after')?.trim() ?? '';
  const ms = /^\d+$/.test(a) ? +a * 1000 : /^[A-Z][a-z]{2}/.test(a) ? Date.parse(a) - now : NaN;
  return ms === ms ? Math.max(0, ms) : undefined;
};
class Refused extends TypeError {}
const warned0 = new Set();
const warnOnce = (w: any) => {
  if (warned0.has(w.operation) || globalThis.process?.env?.NODE_ENV === 'test') return;
  warned0.add(w.operation);
  console.warn(
    esc(
      `[@blockindex/client] ${w.operation}: the API sent Warning: ${w.warning}${w.replacement ? `; use ${w.replacement} instead` : ''}`,
    ),
  );
};
export function createCore(o: any = {}) {
  check(o, CORE_KEYS, 'createCore options');
  const baseUrl = baseOf(o.baseUrl ?? 'https://api.hiro.so');
  const ordinalsBaseUrl =
    o.ordinalsBaseUrl === undefined ? baseUrl : baseOf(o.ordinalsBaseUrl, 'ordinalsBaseUrl');
  const { guards = [], apiKey, onWarning = warnOnce } = o;
  const pacer = o.rateLimit || undefined;
  const { header: hc, around, body: bc } = Object.assign({}, ...guards);
  const fixed = headersOf(o.headers, hc);
  const kh = o.apiKeyHeader ?? 'x-api-key';
  if (apiKey) {
    hc?.(kh, apiKey, 'apiKey');
    if (typeof apiKey != 'string') throw new TypeError(`apiKey must be a string; got ${typeof apiKey}`);
    setH(fixed, kh, apiKey, 'apiKey');
  }
  const creds = ['authorization', 'proxy-authorization', String(kh)]
    .concat(o.credentialHeaders ?? [])
    .map((n: string) => n.toLowerCase());
  const secrets0 = credsOf(fixed, creds);
  const warned = new Set();
  const lim = (ms: any) => (ms > 0 ? ms : INF);
  const call = async (op: any, pathParams: () => any, query: any, c: any = {}) => {
    const params = { path: pathParams(), ...(query && { query }) };
    const base = op.ordinals ? ordinalsBaseUrl : baseUrl;
    const q: string[] = [];
    for (const [n, v] of Object.entries(query ?? {}))
      for (const i of v == null ? [] : Array.isArray(v) ? v : [v]) {
        if (typeof i == 'object' && i)
          throw new TypeError(`query parameter ${n} must be a string, number or boolean; got an object`);
        q.push(`${n}=${encodeURIComponent(i)}`);
      }
    const url =
      (base + op.path).replace(/\{([^{}]+)\}/g, (_: any, k: string) => {
        const v = Object.hasOwn(params.path, k) ? params.path[k] : undefined,
          no = (w: string) => new TypeError(`Path parameter ${k} ${w}`);
        if (v == null) throw no('is missing');
        if (!['string', 'number', 'bigint'].includes(typeof v))
          throw no(`must be a string or a number; got ${Array.isArray(v) ? 'an array' : typeof v}`);
        const t = String(v);
        if (!t) throw no('must not be empty');
        try {
          return encodeURIComponent(t == '.' || t == '..' ? t.replaceAll('.', '%2E') : t);
        } catch {
          throw no('is not well-formed Unicode (it holds a lone surrogate)');
        }
      }) + (q[0] ? `?${q.join('&')}` : '');
    let secrets = secrets0,
      headers = fixed;
    if (c.headers !== undefined) {
      const x = headersOf(c.headers, hc);
      secrets = secrets.concat(credsOf(x, creds));
      headers = new Headers(fixed);
      for (const [n, v] of x) headers.set(n, v);
    }
    const callers = [o.signal, c.signal].filter(Boolean);
    const aborted = () => callers.some((s) => s.aborted);
    const timeoutMs = lim(c.timeoutMs ?? o.timeoutMs ?? 3e4),
      deadlineMs = lim(c.deadlineMs ?? o.deadlineMs ?? 6e4);
    const end = Date.now() + deadlineMs,
      max = c.maxResponseBytes ?? o.maxResponseBytes ?? 8 << 20;
    const between = async (w: (s: AbortSignal) => any) => {
      const [l, off] = link(callers);
      try {
        return await w(l.signal);
      } finally {
        off();
      }
    };
    const policy: any =
      c.retry === false || (o.retry === false && !c.retry)
        ? false
        : { maxRetries: 2, initialDelayMs: 500, maxDelayMs: 8e3, maxRetryAfterMs: 6e4 };
    if (policy) for (const k in policy) policy[k] = c.retry?.[k] ?? (o.retry || 0)[k] ?? policy[k];
    for (let i = 0; ; i++) {
      let sent: any,
        res: any,
        user: any = link,
        timed = 0,
        big: any,
        off: any,
        stop: any,
        failure: any;
      const shown = () => red(sent?.url ?? url, secrets);
      const about = (reason: string) => ({
        status: res.status,
        headers: res.headers,
        method: 'GET',
        url: shown(),
        secrets,
        reason,
      });
      const fail = (C: any, w: string, e: any) =>
        new C(red(`GET ${shown()}: ${w}`, secrets), { cause: e, method: 'GET', url: shown() });
      const toError = (e: any, sending?: any) =>
        big
          ? new ResponseTooLargeError({ ...about(big), maxBytes: max })
          : !sending && (e === user || e instanceof BlockindexError)
            ? e
            : aborted()
              ? fail(AbortError, 'the request was aborted', e)
              : timed
                ? fail(
                    TimeoutError,
                    timed > 1
                      ? `the call's deadline of ${deadlineMs} ms passed`
                      : `timed out after ${timeoutMs} ms`,
                    e,
                  )
                : sending
                  ? fail(e instanceof Refused ? RedirectError : ConnectionError, cause(e), e)
                  : !res
                    ? e
                    : e instanceof SyntaxError
                      ? ((at) =>
                          new ResponseParseError({
                            ...about(`the body is not valid JSON${at ? ` (syntax error at ${at[0]})` : ''}`),
                          }))(/position \d+/.exec(e.message))
                      : e instanceof TypeError || e instanceof DOMException
                        ? fail(ConnectionError, `the response body could not be read (${cause(e)})`, e)
                        : e;
      let unsent = pacer ? await between((s) => pacer.reserve(s, end)) : undefined;
      try {
        const left = end - Date.now();
        if (aborted() || left <= 0) {
          timed = 2;
          throw callers.find((s) => s.aborted)?.reason;
        }
        const ms = Math.min(timeoutMs, left);
        let sig = null;
        if (ms < INF || callers[0]) {
          const [l, o2] = link(callers);
          off = o2;
          sig = l.signal;
          if (ms < INF)
            stop = setTimer(() => {
              timed = left <= timeoutMs ? 2 : 1;
              l.abort(new DOMException(`Timed out after ${ms} ms`, 'TimeoutError'));
            }, ms);
        }
        const send = async (r: Request) => {
          sent = r;
          unsent = undefined;
          const f = o.fetch ?? ((x: Request) => globalThis.fetch(x));
          let cur = r,
            got: Response;
          for (let hop = 0; ; hop++) {
            got = await f(cur);
            if (got.type == 'opaqueredirect') {
              if (creds.some((n: string) => cur.headers.has(n)))
                throw new Refused(
                  'the server redirected to a hidden target: not followed, to keep credentials at their origin',
                );
              got = await f(new Request(cur, { redirect: 'follow' }));
              break;
            }
            const loc = got.headers.get('location');
            if (!/^30[12378]$/.test(`${got.status}`) || loc === null) break;
            await got.body?.cancel().catch(() => {});
            if (hop >= 20) throw new Refused('redirect loop: more than 20 redirects');
            let to: URL;
            try {
              to = new URL(loc, cur.url);
            } catch {
              throw new Refused('the server redirected to an invalid URL');
            }
            if (!/^https?:$/.test(to.protocol))
              throw new Refused(`the server redirected to a ${to.protocol} URL`);
            const h = new Headers(cur.headers);
            if (to.origin !== new URL(cur.url).origin) for (const n of [...creds, 'cookie']) h.delete(n);
            cur = new Request(to, { headers: h, signal: r.signal, redirect: 'manual' });
          }
          const w = got.headers.get('warning');
          if (w !== null && !warned.has(op.id)) {
            warned.add(op.id);
            onWarning({
              operation: op.id,
              warning: red(w, secrets),
              replacement: op.replacement,
              url: red(got.url, secrets),
            });
          }
          pacer?.observe(got, (o.retry || undefined)?.maxRetryAfterMs);
          return got;
        };
        const req = new Request(url, { headers, redirect: 'manual', signal: sig });
        const done: Response = (res = around
          ? await around(
              req,
              { schemaPath: op.path, params, base },
              send,
              (_: any, e: any) => toError(e, 1),
              (e: any) => {
                user = e;
              },
            )
          : await send(req).catch((e) => {
              throw toError(e, 1);
            }));
        let text = '';
        if (done.headers.get('content-length') !== '0') {
          if (!done.body || max === INF) text = await done.text();
          else {
            const rd = done.body.getReader();
            const refuse = (why: string) => {
              rd.cancel().catch(() => {});
              big = why;
              throw new RangeError(why);
            };
            const n = +(done.headers.get('content-length') ?? 0);
            if (n > max)
              refuse(`the response announced ${n} bytes, more than maxResponseBytes (${max} bytes)`);
            const parts: Uint8Array[] = [];
            let seen = 0;
            for (let x; !(x = await rd.read()).done; ) {
              seen += x.value.byteLength;
              if (seen > max) refuse(`the response body passed maxResponseBytes (${max} bytes)`);
              parts.push(x.value);
            }
            let bytes = parts[0] ?? new Uint8Array();
            if (parts[1]) {
              bytes = new Uint8Array(seen);
              seen = 0;
              for (const p of parts) bytes.set(p, seen), (seen += p.byteLength);
            }
            parts.length = 0;
            const p = bc?.(bytes, max);
            if (p) refuse(p);
            text = new TextDecoder().decode(bytes);
          }
        }
        if (!done.ok) {
          const clean = red(text, secrets.concat(secrets.map((s) => JSON.stringify(s).slice(1, -1))));
          let body: any = clean || undefined;
          try {
            body = JSON.parse(clean);
          } catch {}
          const st = done.status;
          throw new (CLASSES[st] ?? (st >= 500 && st < 600 ? ServerError : ApiError))(
            {
              ...about(''),
              body,
              retryAfterMs: retryAfter(done.headers, Date.now()),
              replacement: op.replacement,
            },
            extras.hint?.(st, !!secrets[0]),
          );
        }
        const data = text === '' ? undefined : JSON.parse(text);
        const p =
          data === undefined
            ? 'expected a JSON body, got an empty one'
            : (
                op.shape ??
                ((d: any) => (d && typeof d == 'object' && !Array.isArray(d) ? 0 : 'expected a JSON object'))
              )(data);
        if (p) throw new ResponseParseError(about(p));
        return { data, response: done };
      } catch (e) {
        failure = toError(e);
      } finally {
        stop?.();
        off?.();
        unsent?.();
      }
      const kind = failure?.[K],
        st = failure.status;
      const ok =
        policy &&
        i < policy.maxRetries &&
        (kind === 'connection'
          ? failure.name !== 'RedirectError'
          : kind === 'api' && (st == 408 || st == 429 || (st >= 500 && st < 600)));
      const asked =
        kind === 'api' ? (failure.retryAfterMs ?? retryAfter(failure.headers, Date.now())) : undefined;
      const delay = !ok
        ? undefined
        : asked === undefined
          ? Math.round(
              Math.min(policy.initialDelayMs * 2 ** i, policy.maxDelayMs) * (1 - 0.25 * Math.random()),
            )
          : asked <= policy.maxRetryAfterMs
            ? asked
            : undefined;
      if (delay === undefined || delay >= end - Date.now()) throw failure;
      await between(
        (s) =>
          new Promise<void>((ok2, no) => {
            const abort = () => {
              cancel();
              no(new AbortError('The request was aborted', { cause: s.reason }));
            };
            const cancel = setTimer(() => {
              s.removeEventListener('abort', abort);
              ok2();
            }, delay);
            if (s.aborted) return abort();
            s.addEventListener('abort', abort, { once: true });
          }),
      );
    }
  };
  const core = { baseUrl, ordinalsBaseUrl };
  Object.defineProperty(core, CORE, { value: call });
  return core;
}
export class ApiPromise<T> extends Promise<T> {
  static get [Symbol.species]() {
    return Promise;
  }
  #i: Promise<any>;
  constructor(i: Promise<any>) {
    super((ok, no) => i.then(({ data }) => ok(data), no));
    this.#i = i;
    Promise.prototype.then.call(this, undefined, () => {});
  }
  withResponse() {
    return this.#i;
  }
}
const callOf = (core: any) => {
  const c = core?.[CORE];
  if (typeof c != 'function') throw new TypeError('core must come from createCore() or createClient()');
  return c;
};
const checkId = (name: string, v: any) => {
  if (typeof v != 'string' || v === '')
    throw new TypeError(`${name} must be a non-empty string; got ${show(v)}`);
  try {
    encodeURIComponent(v);
  } catch {
    throw new TypeError(`${name} is not well-formed Unicode (it holds a lone surrogate)`);
  }
  return v;
};
const defineGet = (row: any) => (core: any, arg: any, options?: any) =>
  new ApiPromise(
    (async () => callOf(core)(row, () => (check(options, REQ), row.params(arg)), undefined, options))(),
  );
export const getBrc20Token = /* @__PURE__ */ defineGet({
  id: 'getBrc20Token',
  path: '/ordinals/v1/brc-20/tokens/{ticker}',
  ordinals: true,
  params: (t: any) => ({ ticker: checkId('ticker', t) }),
});
