// The whole Jest setup this example needs (Jest 30). ES module tests (`*.test.js`) need Jest run with
// `node --experimental-vm-modules`, so the ESM-only packages msw loads (rettime, ...) are imported, not required.
// CommonJS tests (`*.test.cjs`) run in plain `jest` too: msw cannot load there, so they use the fetch handler.
// No transform, no export conditions.
/** @type {import('jest').Config} */
export default {
  projects: [
    { displayName: 'node', testEnvironment: 'node', testMatch: ['<rootDir>/test/**/*.node.test.js'] },
    // jest-fixed-jsdom is jsdom with Node's fetch, Request, Response, streams and TextEncoder put back.
    {
      displayName: 'jsdom',
      testEnvironment: 'jest-fixed-jsdom',
      testMatch: ['<rootDir>/test/**/*.jsdom.test.js'],
    },
    {
      displayName: 'commonjs-node',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.node.test.cjs'],
    },
    {
      displayName: 'commonjs-jsdom',
      testEnvironment: 'jest-fixed-jsdom',
      testMatch: ['<rootDir>/test/**/*.jsdom.test.cjs'],
    },
  ],
};
