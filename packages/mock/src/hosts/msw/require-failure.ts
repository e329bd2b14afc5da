// The CommonJS builds of `./msw`, `./node` and `./browser` load msw through this explanation (the build wraps each
// `require("msw…")` in it, see tsup.config.ts): msw 2 and 3 load ESM-only packages, which CommonJS Jest cannot.

/** Thrown by `require('@blockindex/mock/node')` (and `./msw`, `./browser`) when msw cannot be required. */
export class MswRequireError extends Error {
  override readonly name = 'MswRequireError';
}

const fetchHandlerWay = [
  "  pass createFetchHandler({ seed: 1 }) from '@blockindex/mock' as the client's fetch",
  "  (createClient({ fetch: createFetchHandler({ seed: 1 }) })): no msw, and it works in CommonJS Jest's",
  "  'node' and 'jest-fixed-jsdom' environments.",
];

/** Turns the error of `require(specifier)` into one that says what failed and what works instead. */
export function explainMswRequireFailure(specifier: string, cause: unknown): Error {
  const message = cause instanceof Error ? cause.message : String(cause);
  const code = (cause as { code?: unknown } | null)?.code;
  const missing =
    (code === 'MODULE_NOT_FOUND' || /Cannot find module/.test(message)) &&
    new RegExp(`['"]${specifier}['"]`).test(message);
  const lines = missing
    ? [
        `@blockindex/mock: "${specifier}" is not installed. msw is an optional peer dependency, needed by`,
        "'@blockindex/mock/msw', '/node' and '/browser': npm install --save-dev msw. Or, without msw,",
        ...fetchHandlerWay,
      ]
    : [
        `@blockindex/mock: require("${specifier}") failed in this CommonJS loader. msw 2 and 3 load ESM-only`,
        'packages, which CommonJS Jest (and any loader without require() of ES modules) cannot require, so',
        "'@blockindex/mock/node' (and '/msw', '/browser') cannot load here. What works:",
        '- ES modules: Jest with "type": "module" and node --experimental-vm-modules (see examples/jest);',
        '- in CommonJS,',
        ...fetchHandlerWay,
      ];
  return new MswRequireError(`${lines.join('\n')}\nCause: ${message.split('\n')[0]}`, { cause });
}
