// msw's Node interceptor (`setupServer`) over the mock, for test runners.
export type { HandlersOptions } from './hosts/msw/handlers';
export { createHandlers } from './hosts/msw/handlers';
export { MswUnsupportedError } from './hosts/msw/interception-check';
export type { ListenOptions, MockServerApi, SetupMockServerOptions } from './hosts/msw/node';
export { setupMockServer } from './hosts/msw/node';
