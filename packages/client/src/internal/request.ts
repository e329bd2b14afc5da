import type { WithResponse } from '../api-promise.js';
import {
  AbortError,
  type ApiError,
  type BlockindexError,
  ConnectionError,
  createApiError,
  RedirectError,
  type ResponseErrorInit,
  ResponseParseError,
  ResponseTooLargeError,
  TimeoutError,
} from '../errors.js';
import type { ApiWarning, CoreCall, CoreOptions, Guard, Operation, RequestOptions } from '../options.js';
import {
  linkedController,
  pauseBefore,
  type RetryPolicy,
  resolveRetryPolicy,
  retryAfter,
  setTimer,
} from '../retry.js';
import { buildHeaders, credentialValues, describeCause, serializePath, setHeader } from './http.js';
import { escapeControl, redact } from './text.js';

/** Default time limit of one attempt. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** Default time limit of a whole call: every attempt, backoff and queued wait together. */
export const DEFAULT_DEADLINE_MS = 60_000;
/** Default bound on a decoded response body: 8 MiB (the real API's largest answers are about 1 MB). */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

const FOREVER = Infinity;

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

/**
 * The request function of a core made with `options` (checked; base URLs normalized). A call builds its URL and
 * headers once, then runs one attempt function (pacer, middleware, `fetch` following redirects, bounded read, parse,
 * typed error) inside one retry loop, until an attempt succeeds or the policy, the deadline or a signal says stop.
 */
export function coreCall(options: CoreOptions, baseUrl: string, ordinalsBaseUrl: string): CoreCall {
  const { apiKey, onWarning = warnOnce } = options;
  const pacer = options.rateLimit || undefined;
  // This core's guards as one set of hooks (of two middleware() guards, the last one runs); no other core sees them.
  // The request path runs its own; the rest (phrases, HTML, hints, ...) go to the errors this core makes.
  const hooks: Guard = Object.assign({}, ...(options.guards ?? []));
  const pauseOf = hooks.retryAfter ?? retryAfter;
  const timer = hooks.timer ?? setTimer;
  const fixed = buildHeaders(options.headers, 'headers', hooks.header);
  const keyHeader = options.apiKeyHeader ?? 'x-api-key';
  if (apiKey) {
    hooks.header?.(keyHeader, apiKey, 'apiKey');
    // Its type only: a number would be sent as its digits, and shown here.
    if (typeof apiKey !== 'string') throw new TypeError(`apiKey must be a string; got ${typeof apiKey}`);
    setHeader(fixed, keyHeader, apiKey, 'apiKey');
  }
  const credentials = ['authorization', 'proxy-authorization', String(keyHeader)]
    .concat(options.credentialHeaders ?? [])
    .map((name) => name.toLowerCase());
  const coreSecrets = credentialValues(fixed, credentials);
  const warned = new Set<string>();
  const limitMs = (ms: number | undefined): number => (ms && ms > 0 ? ms : FOREVER);

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
    let secrets = coreSecrets;
    let headers = fixed;
    if (call.headers !== undefined) {
      // Checked here rather than left to `fetch`, whose error would quote a bad value (maybe a credential).
      headers = buildHeaders(call.headers, 'headers', hooks.header, new Headers(fixed));
      secrets = credentialValues(headers, credentials);
    }
    const timeoutMs = limitMs(call.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const deadlineMs = limitMs(call.deadlineMs ?? options.deadlineMs ?? DEFAULT_DEADLINE_MS);
    const deadlineAt = Date.now() + deadlineMs;
    const maxBytes = call.maxResponseBytes ?? options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
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
      let response = undefined as unknown as Response;
      /** 1: this attempt's own time limit fired; 2: the call's deadline did. */
      let timedOut = 0;
      const shown = () => redact(sent, secrets);
      /** An error about the response (its status and headers), saying why. */
      const answerError = (
        Kind: new (init: ResponseErrorInit & { maxBytes: number }) => BlockindexError,
        reason: string,
        cause?: unknown,
      ) =>
        new Kind({
          status: response.status,
          headers: response.headers,
          method: 'GET',
          url: shown(),
          secrets,
          reason,
          cause,
          maxBytes,
        });
      /**
       * The error of an attempt that got no (whole) answer: `GET <url>: <what>`, credentials blanked out; an abort or a
       * time limit says so whatever failed.
       */
      const lost = (thrown: unknown, what: string): BlockindexError => {
        const [Kind, why] = callerSignal?.aborted
          ? [AbortError, 'the request was aborted']
          : timedOut
            ? [
                TimeoutError,
                timedOut > 1
                  ? `the call's deadline of ${deadlineMs} ms passed`
                  : `timed out after ${timeoutMs} ms`,
              ]
            : [thrown instanceof RedirectRefused ? RedirectError : ConnectionError, what];
        return new Kind(redact(`GET ${sent}: ${why}`, secrets), {
          cause: thrown,
          method: 'GET',
          url: shown(),
        });
      };

      let cancelTimer: (() => void) | undefined;
      let own: AbortController | undefined;
      try {
        const left = deadlineAt - Date.now();
        if (callerSignal?.aborted || left <= 0) {
          timedOut = 2;
          throw lost(callerSignal?.reason, '');
        }
        const ms = Math.min(timeoutMs, left);
        // A signal costs every request (the runtime keeps it until a full GC): none when nothing can abort.
        if (ms < FOREVER || link) {
          const controller = new AbortController();
          own = controller;
          current = controller;
          if (ms < FOREVER) {
            cancelTimer = timer(() => {
              timedOut = left <= timeoutMs ? 2 : 1;
              controller.abort(new DOMException(`Timed out after ${ms} ms`, 'TimeoutError'));
            }, ms);
          }
        }
        const request = new Request(url, { headers, redirect: 'manual', signal: own?.signal ?? null });
        /**
         * `fetch` (looked up on every call, so MSW or a stub installed later applies), following redirects by hand:
         * `fetch` forwards custom headers such as `x-api-key` wherever a redirect points. Leaving the origin (https to
         * http included) drops every credential header and cookies for good; more than 20 hops, or a target that is
         * not http(s), is refused.
         */
        const send = async (first: Request): Promise<Response> => {
          unsent = undefined;
          for (let r = first, hops = 0; ; hops++) {
            sent = r.url;
            const got = await (options.fetch ?? ((q) => globalThis.fetch(q)))(r);
            const location = got.headers.get('location');
            if (got.type === 'opaqueredirect') {
              // A browser hides the target of a manual redirect: let it follow only what carries no credential.
              if (credentials.some((name) => r.headers.has(name)))
                throw new RedirectRefused(
                  'the server redirected to a hidden target: not followed, to keep credentials at their origin',
                );
              r = new Request(r, { redirect: 'follow' });
            } else if (/^30[12378]$/.test(`${got.status}`) && location !== null) {
              await got.body?.cancel().catch(() => {});
              if (hops >= 20) throw new RedirectRefused('redirect loop: more than 20 redirects');
              let target: URL;
              try {
                target = new URL(location, r.url);
              } catch {
                throw new RedirectRefused('the server redirected to an invalid URL');
              }
              if (!/^https?:$/.test(target.protocol))
                throw new RedirectRefused(`the server redirected to a ${target.protocol} URL`);
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
          const refuse = (reason: string): never => {
            reader.cancel().catch(() => {});
            throw answerError(ResponseTooLargeError, reason);
          };
          const declared = Number(done.headers.get('content-length'));
          if (declared > maxBytes)
            refuse(
              `the response announced ${declared} bytes, more than maxResponseBytes (${maxBytes} bytes)`,
            );
          const chunks: Uint8Array[] = [];
          let seen = 0;
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            seen += value.byteLength;
            if (seen > maxBytes) refuse(`the response body passed maxResponseBytes (${maxBytes} bytes)`);
            chunks.push(value);
          }
          // Joined in one buffer, then decoded: a Blob keeps the chunks, its copy and the text alive at once.
          let bytes = chunks[0] ?? new Uint8Array();
          if (chunks[1]) {
            bytes = new Uint8Array(seen);
            seen = 0;
            for (const chunk of chunks) {
              bytes.set(chunk, seen);
              seen += chunk.byteLength;
            }
          }
          chunks.length = 0;
          const problem = hooks.body?.(bytes, maxBytes);
          if (problem) refuse(problem);
          return new TextDecoder().decode(bytes);
        };
        // Nothing to read when the server says so.
        const text =
          response.headers.get('content-length') === '0'
            ? ''
            : await read().catch((thrown) => {
                throw thrown instanceof ResponseTooLargeError
                  ? thrown
                  : lost(thrown, `the response body could not be read (${describeCause(thrown)})`);
              });
        if (!response.ok) {
          // The secrets out of the text before it is parsed (as sent and as JSON spells them): gone at any depth.
          const clean = redact(text, secrets.concat(secrets.map((s) => JSON.stringify(s).slice(1, -1))));
          let body: unknown = clean || undefined;
          try {
            body = JSON.parse(clean);
          } catch {}
          throw createApiError({
            ...hooks,
            status: response.status,
            headers: response.headers,
            method: 'GET',
            url: shown(),
            secrets,
            body: body as never,
            retryAfterMs: pauseOf(response.headers, Date.now(), response.status),
            replacement: op.replacement,
            // The API key, when there is one, is among the secrets.
            sentApiKey: !!secrets[0],
          });
        }
        let data: unknown;
        try {
          data = text === '' ? undefined : JSON.parse(text);
        } catch (error) {
          // Only the position is shown: V8 quotes the body there, maybe an echo of the key.
          const at = /position \d+/.exec((error as Error).message);
          const reason = `the body is not valid JSON${at ? ` (syntax error at ${at[0]})` : ''}`;
          throw answerError(ResponseParseError, reason, new SyntaxError(reason));
        }
        const problem =
          data === undefined
            ? 'expected a JSON body, got an empty one'
            : (op.shape ?? objectShapeProblem)(data);
        if (problem) throw answerError(ResponseParseError, problem);
        return { data: data as T, response };
      } finally {
        cancelTimer?.();
        current = undefined;
        unsent?.();
      }
    };

    let policy: RetryPolicy | false | undefined;
    try {
      for (let retryIndex = 0; ; retryIndex++) {
        // Outside the attempt and its retries: a wait in the queue is not a failure, a queue past the deadline is final.
        unsent =
          pacer && !callerSignal?.aborted ? await pacer.reserve(callerSignal, deadlineAt, timer) : undefined;
        try {
          return await attempt();
        } catch (failure) {
          policy ??= resolveRetryPolicy(options.retry, call.retry);
          // The pause the server named travels on the API error (`retryAfterMs`), taken when the request was answered.
          const delay = pauseBefore(failure, retryIndex, policy, (failure as ApiError | null)?.retryAfterMs);
          // A wait that would end past the deadline is not started: the error (with its `retryAfterMs`) goes out now.
          if (delay === undefined || delay >= deadlineAt - Date.now()) throw failure;
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

/** A redirect the client will not follow: the attempt makes it a `RedirectError`. */
class RedirectRefused extends TypeError {}

/** The shape check of single-resource calls: their bodies are JSON objects. */
const objectShapeProblem = (data: unknown): string | undefined =>
  typeof data === 'object' && data !== null && !Array.isArray(data) ? undefined : 'expected a JSON object';
