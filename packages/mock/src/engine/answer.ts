import type { operations } from '@blockindex/spec/types';
import { JSON_CONTENT_TYPE } from '../internal/json-response';
import { type Embeddable, stringifyEmbedded } from '../internal/raw-json';

/** One of the seven operationIds of the spec. */
export type OperationId = keyof operations;

/**
 * An operation's answer, before a host turns it into a Fetch `Response` (msw) or writes it to a socket
 * (the standalone server). Header names are lower case. Answers may be shared (cached): never mutate one.
 */
export interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** JSON text, its UTF-8 bytes (cached answers), or null (redirects, 304). */
  readonly body: string | Uint8Array<ArrayBuffer> | null;
  /**
   * True for the spec-typed JSON answers, which have always carried a `Content-Length` through msw (other
   * answers let the host frame them); the msw host keeps that, the standalone server sizes every answer.
   */
  readonly sized: boolean;
}

type Responses<Id extends OperationId> = operations[Id]['responses'];
type JsonContent<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;

/** The statuses an operation declares with a JSON body (no `default`, no 304). */
export type JsonStatus<Id extends OperationId> = {
  [S in keyof Responses<Id>]: S extends number
    ? [JsonContent<Responses<Id>[S]>] extends [never]
      ? never
      : S
    : never;
}[keyof Responses<Id>];

/** The spec's JSON body of `status` for `operationId`. */
export type JsonBody<Id extends OperationId, S extends JsonStatus<Id>> = JsonContent<Responses<Id>[S]>;

/**
 * A JSON answer checked against the spec at compile time: a status the operation does not declare, or a body
 * of the wrong shape, does not compile. Parts of the body may be {@link RawJson} text of the right type.
 */
export function json<Id extends OperationId, S extends JsonStatus<Id>>(
  _operationId: Id,
  status: S,
  body: Embeddable<JsonBody<Id, S>>,
  headers: Readonly<Record<string, string>> = {},
): Answer {
  return {
    status,
    headers: withContentType(headers),
    body: stringifyEmbedded(body),
    sized: true,
  };
}

/** A JSON answer outside the typed operations (edge errors: validation, unknown routes, handler checks). */
export function plainJson(
  body: unknown,
  status: number,
  headers: Readonly<Record<string, string>> = {},
): Answer {
  return { status, headers: withContentType(headers), body: JSON.stringify(body), sized: false };
}

function withContentType(headers: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = { 'content-type': JSON_CONTENT_TYPE };
  for (const name in headers) out[name.toLowerCase()] = headers[name] as string;
  return out;
}
