import * as openapiFetch from 'openapi-fetch';

type CreateClient = typeof openapiFetch.default;

// In our CJS build esbuild follows Node's ESM-to-CJS rule and hands over `module.exports` as the default
// export, while openapi-fetch's CJS build keeps `createClient` under `exports.default`: unwrap once more there.
const interop = openapiFetch.default as CreateClient | { default: CreateClient };

/** openapi-fetch's `createClient`, whichever module format loaded it. */
export const createFetchClient: CreateClient = typeof interop === 'function' ? interop : interop.default;
