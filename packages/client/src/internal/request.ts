import type { WithResponse } from '../api-promise.js';
import {
  AbortError,
  type ApiError,
  ConnectionError,
  createApiError,
  RedirectError,
  ResponseParseError,
  ResponseTooLargeError,
  TimeoutError,
} from '../errors.js';
import type { ApiWarning, CoreCall, CoreOptions, Guard, Operation, RequestOptions } from '../options.js';
import {
  backoffDelayMs,
  DEFAULT_RETRY_POLICY,
  isRetryableError,
  linkedController,
  type RetryOptions,
  type RetryPolicy,
  retryAfter,
  setTimer,
} from '../retry.js';
import { buildHeaders, credentialValues, describeCause, serializePath } from './http.js';
import { escapeControl, redact } from './text.js';

/** Default time limit of one attempt. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Default time limit of a whole call: every attempt, backoff and queued wait together. */
export const DEFAULT_DEADLINE_MS = 60_000;
/** Default bound on a decoded response body: 8 MiB (the real API's largest answers are about 1 MB). */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

const FOREVER = Infinity;

/** One decoder for every body: `decode` without `stream` keeps no state between calls. */
const decoder = /* @__PURE__ */ new TextDecoder();

const warnedInProcess = new Set<string>();

/** The default `onWarning`: once per operation, quiet under a test runner; the server's text escaped for the log. */
function warnOnce(w: ApiWarning): void {
  if (warnedInProcess.has(w.operation) || globalThis.process?.env?.NODE_ENV === 'test') return;
  warnedInProcess.add(w.operation);
  console.warn(
    escapeControl(
      `[@blockindex/client] ${w.operation}: the API sent Warning: ${w.warning}${w.replacement ? `; use ${w.replacement} instead` : ''}`,
    ),
  );
}

/** An error class as the request path makes them: a message, then the fields. */
type ErrorClass = new (message: string, fields: object) => Error;

/**
 * The request function of a core made with `options` (checked; base URLs normalized). Everything a call needs lives in
 * this one closure: a call builds its URL and headers once, then runs one attempt (pacer, middleware, `fetch` following
 * redirects, bounded read, parse, typed error) inside one retry and deadline loop, until an attempt succeeds or the
 * retry settings, the deadline or a signal say stop.
 */
export function coreCall(options: CoreOptions, baseUrl: string, ordinalsBaseUrl: string): CoreCall {
  const { apiKey, onWarning = warnOnce } = options;
  const pacer = options.rateLimit || undefined;
  // This core's guards as one set of hooks (of two middleware() guards, the last one runs); no other core sees them.
  // The request path runs its own; the rest (phrases, HTML, hints, ...) go to the errors this core makes.
  const hooks: Guard = Object.assign({}, ...(options.guards ?? []));
  const timer = hooks.timer ?? setTimer;
  const keyHeader = options.apiKeyHeader ?? 'x-api-key';
  // Its type only: a number would be sent as its digits, and shown here.
  if (apiKey && typeof apiKey !== 'string')
    throw new TypeError(`apiKey must be a string; got ${typeof apiKey}`);
  const fixed = buildHeaders(options.headers, 'headers', hooks.header);
  if (apiKey) buildHeaders({ [keyHeader]: apiKey }, 'apiKey', hooks.header, fixed);
  const credentials = [
    'authorization',
    'proxy-authorization',
    keyHeader,
    ...(options.credentialHeaders ?? []),
  ].map((name) => name.toLowerCase());
  const coreSecrets = credentialValues(fixed, credentials);
  const warned = new Set<string>();

  return async <T>(
    op: Operation,
    pathParams: () => Record<string, unknown>,
    query: Record<string, unknown> | undefined,
    call: RequestOptions = {},
  ): Promise<WithResponse<T>> => {
    const params = { path: pathParams(), ...(query && { query }) };
    const base = op.ordinals ? ordinalsBaseUrl : baseUrl;
    const search = query && op.search ? op.search(query) : '';
    const url = serializePath(base + op.path, params.path) + (search && `?${search}`);
    // A call's own headers on a copy of the core's, checked here rather than left to `fetch`, whose error would quote
    // a bad value (maybe a credential).
    const headers = call.headers
      ? buildHeaders(call.headers, 'headers', hooks.header, new Headers(fixed))
      : fixed;
    const secrets = call.headers ? credentialValues(headers, credentials) : coreSecrets;
    // `0` (or less) and `Infinity` are no limit.
    const timeoutMs = call.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const deadlineMs = call.deadlineMs ?? options.deadlineMs ?? DEFAULT_DEADLINE_MS;
    const attemptLimit = timeoutMs > 0 ? timeoutMs : FOREVER;
    const deadlineAt = Date.now() + (deadlineMs > 0 ? deadlineMs : FOREVER);
    const maxBytes = call.maxResponseBytes ?? options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    // Retry settings field by field, the call's over the core's; `false` at either level is none, unless the call
    // passes its own.
    const retryOff = call.retry === false || (options.retry === false && !call.retry);
    const retrySetting = (key: keyof RetryOptions): number =>
      (call.retry || undefined)?.[key] ?? (options.retry || undefined)?.[key] ?? DEFAULT_RETRY_POLICY[key];

    // The callers' signals, linked once for the whole call (one real listener per signal, however many calls share
    // it): an abort stops the attempt in flight, or ends the wait before the next one.
    const link = options.signal || call.signal ? linkedController([options.signal, call.signal]) : undefined;
    const callerSignal = link?.controller.signal;
    /** The controller of the attempt in flight; the end of the current wait between attempts. */
    let current: AbortController | undefined;
    let wake = (): void => {};
    callerSignal?.addEventListener('abort', () => {
      current?.abort(callerSignal.reason);
      wake();
    });

    /** The pacer's reservation of the coming attempt, given back if nothing is sent. */
    let unsent: (() => void) | undefined;

    /** One attempt: everything from the wire to a typed result or a typed error, in one pass. */
    const attempt = async (): Promise<WithResponse<T>> => {
      let sent = url;
      let response: Response | undefined;
      /** 1: this attempt's own time limit fired; 2: the call's deadline did. */
      let timedOut = 0;
      /** The last error this attempt made: passed on as it is when it comes back through `fetch`'s callers. */
      let made: Error | undefined;
      /** An error about the request: `GET <url>: <why>`, credentials blanked out. */
      const fail = (Kind: ErrorClass, why: string, cause: unknown): Error =>
        (made = new Kind(redact(`GET ${sent}: ${why}`, secrets), {
          cause,
          method: 'GET',
          url: redact(sent, secrets),
        }));
      /** The error of an attempt that got no (whole) answer; an abort or a time limit says so whatever failed. */
      const lost = (thrown: unknown, what: string, Kind: ErrorClass = ConnectionError): Error =>
        thrown && thrown === made
          ? made
          : callerSignal?.aborted
            ? fail(AbortError, 'the request was aborted', thrown)
            : timedOut
              ? fail(
                  TimeoutError,
                  timedOut > 1
                    ? `the call's deadline of ${deadlineMs} ms passed`
                    : `timed out after ${timeoutMs} ms`,
                  thrown,
                )
              : fail(Kind, what, thrown);
      /** An error about the answer (a 2xx the client cannot use): its status and headers, saying why. */
      const refuse = (Kind: typeof ResponseParseError, reason: string, cause?: unknown): Error =>
        (made = new (Kind as typeof ResponseTooLargeError)({
          status: (response as Response).status,
          headers: (response as Response).headers,
          method: 'GET',
          url: sent,
          secrets,
          reason,
          cause,
          maxBytes,
        }));

      let cancelTimer: (() => void) | undefined;
      try {
        const left = deadlineAt - Date.now();
        if (callerSignal?.aborted || left <= 0) {
          timedOut = 2;
          throw lost(callerSignal?.reason, '');
        }
        const ms = Math.min(attemptLimit, left);
        // A signal costs every request (the runtime keeps it until a full GC): none when nothing can abort.
        const own = ms < FOREVER || link ? new AbortController() : undefined;
        current = own;
        if (own && ms < FOREVER)
          cancelTimer = timer(() => {
            timedOut = left <= attemptLimit ? 2 : 1;
            own.abort(new DOMException(`Timed out after ${ms} ms`, 'TimeoutError'));
          }, ms);
        /**
         * `fetch` (looked up on every call, so MSW or a stub installed later applies), following redirects by hand:
         * `fetch` forwards custom headers such as `x-api-key` wherever a redirect points. Leaving the origin (https to
         * http included) drops every credential header and cookies for good; more than 20 hops, or a target that is
         * not http(s), is refused (a `RedirectError`, never retried).
         */
        const send = async (first: Request): Promise<Response> => {
          unsent = undefined;
          for (let r = first, hops = 0; ; hops++) {
            sent = r.url;
            const got = await (options.fetch ?? ((q) => globalThis.fetch(q)))(r);
            const location = got.headers.get('location');
            const redirected = (why: string): never => {
              throw lost(undefined, `redirected ${why}`, RedirectError);
            };
            if (got.type === 'opaqueredirect') {
              // A browser hides the target of a manual redirect: let it follow only what carries no credential.
              if (credentials.some((name) => r.headers.has(name)))
                redirected('to a hidden target: not followed with credentials');
              r = new Request(r, { redirect: 'follow' });
            } else if (/^30[12378]$/.test(`${got.status}`) && location !== null) {
              await got.body?.cancel().catch(() => {});
              if (hops >= 20) redirected('too often (redirect loop: more than 20 redirects)');
              // Assigned or `redirected` threw: TypeScript does not see through a `never` call in a `catch`.
              let target!: URL;
              try {
                target = new URL(location, r.url);
              } catch {
                redirected('to an invalid URL');
              }
              if (!/^https?:$/.test(target.protocol)) redirected(`to a ${target.protocol} URL`);
              const next = new Headers(r.headers);
              if (target.origin !== new URL(r.url).origin)
                for (const name of [...credentials, 'cookie']) next.delete(name);
              r = new Request(target, { headers: next, signal: first.signal, redirect: 'manual' });
            } else {
              const warning = got.headers.get('warning');
              if (warning !== null && !warned.has(op.id)) {
                warned.add(op.id);
                onWarning({
                  operation: op.id,
                  warning: redact(warning, secrets),
                  replacement: op.replacement,
                  url: redact(got.url, secrets),
                });
              }
              // A server-named pause is held at most this core's `retry.maxRetryAfterMs` (else the pacer's default).
              pacer?.observe(got, (options.retry || undefined)?.maxRetryAfterMs);
              return got;
            }
          }
        };
        const request = new Request(url, { headers, redirect: 'manual', signal: own?.signal ?? null });
        // What fetch threw becomes ours here; what the caller's middleware throws reaches the caller as it is.
        response = hooks.around
          ? await hooks.around(request, { schemaPath: op.path, params, base }, send, (_, thrown) =>
              lost(thrown, describeCause(thrown)),
            )
          : await send(request).catch((thrown) => {
              throw lost(thrown, describeCause(thrown));
            });
        const done = response;
        /**
         * The body's text read within `maxBytes` (`Infinity`: none): a larger `Content-Length` fails before reading, a
         * body growing past it as soon as it does; the opt-in `body` hook may refuse the bytes.
         */
        const read = async (): Promise<string> => {
          if (!done.body || maxBytes === FOREVER) return done.text();
          const reader = done.body.getReader();
          const tooLarge = (reason: string): never => {
            reader.cancel().catch(() => {});
            throw refuse(ResponseTooLargeError, reason);
          };
          const declared = Number(done.headers.get('content-length'));
          if (declared > maxBytes)
            tooLarge(
              `the response announced ${declared} bytes, more than maxResponseBytes (${maxBytes} bytes)`,
            );
          const chunks: Uint8Array[] = [];
          let seen = 0;
          for (;;) {
            const { done: end, value } = await reader.read();
            if (end) break;
            seen += value.byteLength;
            if (seen > maxBytes) tooLarge(`the response body passed maxResponseBytes (${maxBytes} bytes)`);
            chunks.push(value);
          }
          // Joined in one buffer, then decoded: a Blob keeps the chunks, its copy and the text alive at once. A body
          // in one chunk (a body made from a string) is decoded as it is: copying a page cost more than the rest of
          // the read.
          let bytes = chunks[0] as Uint8Array;
          if (chunks.length !== 1) {
            bytes = new Uint8Array(seen);
            let at = 0;
            for (const chunk of chunks.splice(0)) {
              bytes.set(chunk, at);
              at += chunk.byteLength;
            }
          }
          const problem = hooks.body?.(bytes, maxBytes);
          if (problem) tooLarge(problem);
          return decoder.decode(bytes);
        };
        // Nothing to read when the server says so.
        const text =
          done.headers.get('content-length') === '0'
            ? ''
            : await read().catch((thrown) => {
                throw lost(thrown, `the response body could not be read (${describeCause(thrown)})`);
              });
        if (!done.ok) {
          // The secrets out of the text before it is parsed (as sent and as JSON spells them): gone at any depth.
          const clean = redact(text, secrets.concat(secrets.map((s) => JSON.stringify(s).slice(1, -1))));
          let body: unknown = clean || undefined;
          try {
            body = JSON.parse(clean);
          } catch {}
          throw createApiError({
            ...hooks,
            status: done.status,
            headers: done.headers,
            method: 'GET',
            url: sent,
            secrets,
            body: body as never,
            retryAfterMs: (hooks.retryAfter ?? retryAfter)(done.headers, Date.now(), done.status),
            replacement: op.replacement,
            // The API key, when there is one, is among the secrets.
            sentApiKey: !!secrets[0],
          });
        }
        let data: unknown;
        try {
          data = text === '' ? undefined : JSON.parse(text);
        } catch {
          // Not V8's message as the cause: it quotes the body, maybe an echo of the key.
          const reason = 'the body is not valid JSON';
          throw refuse(ResponseParseError, reason, new SyntaxError(reason));
        }
        const problem =
          data === undefined
            ? 'expected a JSON body, got an empty one'
            : op.shape
              ? op.shape(data)
              : typeof data !== 'object' || !data || Array.isArray(data)
                ? 'expected a JSON object'
                : undefined;
        if (problem) throw refuse(ResponseParseError, problem);
        return { data: data as T, response: done };
      } finally {
        cancelTimer?.();
        current = undefined;
        unsent?.();
      }
    };

    try {
      for (let retryIndex = 0; ; retryIndex++) {
        // Outside the attempt and its retries: a wait in the queue is not a failure, a queue past the deadline is final.
        unsent =
          pacer && !callerSignal?.aborted ? await pacer.reserve(callerSignal, deadlineAt, timer) : undefined;
        try {
          return await attempt();
        } catch (failure) {
          // The pause the server named travels on the API error (`retryAfterMs`), taken when the request was answered;
          // what middleware throws may be anything, `null` included.
          const asked = (failure as ApiError | null)?.retryAfterMs;
          const delay =
            asked ??
            backoffDelayMs(retryIndex, {
              initialDelayMs: retrySetting('initialDelayMs'),
              maxDelayMs: retrySetting('maxDelayMs'),
            } as RetryPolicy);
          if (
            retryOff ||
            retryIndex >= retrySetting('maxRetries') ||
            !isRetryableError(failure) ||
            (asked as number) > retrySetting('maxRetryAfterMs') ||
            // A wait that would end past the deadline is not started: the error (with its `retryAfterMs`) goes out now.
            delay >= deadlineAt - Date.now()
          )
            throw failure;
          // Ended early by an abort: the next attempt then fails at once with the `AbortError` naming the request.
          let cancel = (): void => {};
          if (!callerSignal?.aborted)
            await new Promise<void>((go) => {
              wake = go;
              cancel = timer(go, delay);
            });
          cancel();
        }
      }
    } finally {
      link?.dispose();
    }
  };
}
