import type { operations } from '@blockindex/spec/types';

// The public schema types are the spec's own (`@blockindex/spec/types`, re-exported by `index.ts`); only types
// computed from the spec's operations are written here.
type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type ErrorBodies<Op> = Op extends { responses: infer Rs }
  ? { [K in keyof Rs]: `${K & (string | number)}` extends `2${string}` ? never : JsonBody<Rs[K]> }[keyof Rs]
  : never;

/**
 * Body of an {@link ApiError}: any error body the spec documents for any operation, the raw text when the
 * server sent something that is not JSON, or `undefined` when it sent nothing.
 */
export type ApiErrorBody = ErrorBodies<operations[keyof operations]> | string | undefined;

/** What an {@link ApiError} is built from: one non-2xx response and the request that caused it. */
export interface ApiErrorInit {
  status: number;
  body: ApiErrorBody;
  headers: Headers;
  method: string;
  url: string;
  /**
   * Values (the API key) to blank out of the message, the body and the header values, in case the server echoes
   * them back: the error is logged and serialized far more often than the response it came from.
   */
  secrets?: readonly string[];
}
