// The standalone HTTP server (`node:http`); it never loads msw.
export type { MockServer, MockServerOptions } from './hosts/node/server';
export { startMockServer } from './hosts/node/server';
