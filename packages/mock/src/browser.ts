// msw's Service Worker (`setupWorker`) over the mock, for apps in development and browser tests.
export type { MockWorkerApi, SetupMockWorkerOptions, StartOptions } from './hosts/msw/browser';
export { setupMockWorker } from './hosts/msw/browser';
export type { HandlersOptions } from './hosts/msw/handlers';
export { createHandlers } from './hosts/msw/handlers';
