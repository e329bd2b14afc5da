import { DEPRECATED_OPERATIONS } from '@blockindex/spec/constants';

type Deprecated = typeof DEPRECATED_OPERATIONS;

/**
 * The operations the API deprecates, each with the operation to call instead (read from
 * `@blockindex/spec/constants`, i.e. the `x-replacement` of each deprecated operation in `spec/openapi.yaml`). A
 * `410 Gone` from one of them is a `GoneError` naming it, and the `Warning: 299` header they answer with reaches
 * `onWarning`. The operations themselves import their own replacement from the spec, so an app ships this table
 * only when it reads it.
 */
// Built in a function marked pure: bundlers can drop a call with no arguments, not a chain of calls on an object, so
// an app that never reads this (from the published bundle, where modules are merged) does not ship the texts.
export const DEPRECATIONS: { readonly [K in keyof Deprecated]: Deprecated[K]['replacement'] } =
  /* @__PURE__ */ (() =>
    Object.freeze(
      Object.fromEntries(
        Object.entries(DEPRECATED_OPERATIONS).map(([id, { replacement }]) => [id, replacement]),
      ),
    ))() as never;

/** An operation listed in {@link DEPRECATIONS}. */
export type DeprecatedOperation = keyof typeof DEPRECATIONS;
