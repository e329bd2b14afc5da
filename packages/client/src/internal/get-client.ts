import type { Middleware } from 'openapi-fetch';
import { serializePath } from './path-serializer.js';

/** What one GET is given: openapi-fetch's init, as far as this client uses it. */
interface GetInit {
  params: { path?: Record<string, unknown>; query?: Record<string, unknown> };
  baseUrl?: string;
  fetch: (request: Request) => Promise<Response>;
  signal?: AbortSignal;
  headers?: Headers | Record<string, string | undefined>;
  redirect: RequestRedirect;
}

/** What a GET resolves to: openapi-fetch's result shape (`data` on a 2xx, `error` otherwise). */
interface GetResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/** The GET half of an openapi-fetch client. */
export interface GetClient {
  GET(path: string, init: GetInit): Promise<GetResult>;
}

/**
 * A purpose-built GET client with openapi-fetch's behaviour for what this API needs (paths, form-exploded query
 * arrays, merged headers, middleware with the same hooks and order, the same parsing of 2xx and error bodies), in a
 * fraction of its size: every app ships it. openapi-fetch still provides the `Middleware` type.
 */
export function createGetClient(
  baseUrl: string,
  fixedHeaders: Record<string, string>,
  middleware: readonly Middleware[],
): GetClient {
  return {
    async GET(schemaPath, init) {
      const { params } = init;
      const target = init.baseUrl ?? baseUrl;
      const search = serializeQuery(params.query);
      const url = serializePath(`${target}${schemaPath}`, params.path ?? {}) + (search && `?${search}`);
      // The fixed headers are already lower case and unique: only per-call headers need merging into a `Headers`.
      let headers: Headers | Record<string, string> = fixedHeaders;
      if (init.headers !== undefined) {
        headers = new Headers(fixedHeaders);
        const extra = init.headers instanceof Headers ? init.headers : Object.entries(init.headers);
        for (const [name, value] of extra) if (value !== undefined) headers.set(name, value);
      }
      let request = new Request(url, {
        method: 'GET',
        headers,
        redirect: init.redirect,
        signal: init.signal ?? null,
      });
      let response: Response | undefined;
      // Built only for middleware (openapi-fetch likewise skips it without any): most calls have none.
      const context = middleware.length > 0 && {
        schemaPath,
        params,
        id: Math.random().toString(36).slice(2, 11),
        options: { baseUrl: target },
      };
      const reversed = context ? [...middleware].reverse() : [];
      for (const m of context ? middleware : []) {
        const result: unknown = await m.onRequest?.({ ...context, request } as never);
        if (result instanceof Request) request = result;
        else if (result instanceof Response) {
          response = result;
          break;
        } else if (result)
          throw new Error('onRequest: must return new Request() or Response() when modifying the request');
      }
      if (!response) {
        try {
          response = await init.fetch(request);
        } catch (thrown) {
          let error: unknown = thrown;
          for (const m of reversed) {
            const result: unknown = await m.onError?.({ ...context, request, error } as never);
            if (result instanceof Response) {
              response = result;
              break;
            }
            if (result instanceof Error) error = result;
            else if (result) throw new Error('onError: must return new Response() or instance of Error');
          }
          if (!response) throw error;
        }
        for (const m of reversed) {
          const result: unknown = await m.onResponse?.({ ...context, request, response } as never);
          if (result instanceof Response) response = result;
          else if (result)
            throw new Error('onResponse: must return new Response() when modifying the response');
        }
      }
      return parse(response);
    },
  };
}

/** Reads a body as openapi-fetch does: none for 204 or `Content-Length: 0`, JSON on a 2xx, JSON or text otherwise. */
async function parse(response: Response): Promise<GetResult> {
  const length = response.headers.get('content-length');
  const key = response.ok ? 'data' : 'error';
  if (
    response.status === 204 ||
    (length === '0' && !response.headers.get('transfer-encoding')?.includes('chunked'))
  ) {
    return { [key]: undefined, response };
  }
  if (response.ok) {
    if (length) return { data: await response.json(), response };
    const raw = await response.text();
    return { data: raw ? JSON.parse(raw) : undefined, response };
  }
  let error: unknown = await response.text();
  try {
    error = JSON.parse(error as string);
  } catch {
    // Not JSON: the text is the error body.
  }
  return { error, response };
}

/** The query string of one request: openapi-fetch's default (arrays exploded as `name=a&name=b`), without `?`. */
function serializeQuery(query: Record<string, unknown> | undefined): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'object' && item !== null) {
        throw new TypeError(`query parameter ${name} must be a string, number or boolean; got an object`);
      }
      parts.push(`${name}=${encodeURIComponent(item as string)}`);
    }
  }
  return parts.join('&');
}
