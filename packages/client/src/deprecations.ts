import { DEPRECATED_OPERATIONS } from '@blockindex/spec/constants';

type Deprecated = typeof DEPRECATED_OPERATIONS;

/**
 * The operations the API deprecates, each with the operation to call instead: the one place these texts live
 * (read from `@blockindex/spec/constants`, i.e. the `x-replacement` of each deprecated operation in
 * `spec/openapi.yaml`). A `410 Gone` from one of them is a `GoneError` naming it, and the
 * `Warning: 299` header they answer with reaches `onWarning`.
 */
export const DEPRECATIONS: { readonly [K in keyof Deprecated]: Deprecated[K]['replacement'] } =
  /* @__PURE__ */ Object.freeze(
    /* @__PURE__ */ Object.fromEntries(
      Object.entries(DEPRECATED_OPERATIONS).map(([id, { replacement }]) => [id, replacement]),
    ),
  ) as never;

/** An operation listed in {@link DEPRECATIONS}. */
export type DeprecatedOperation = keyof typeof DEPRECATIONS;
