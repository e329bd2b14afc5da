// The msw adapter, for apps that combine the mock's handlers with their own (msw 2 or 3, a peer dependency).
export type { HandlersOptions } from './hosts/msw/handlers';
export { createHandlers } from './hosts/msw/handlers';
