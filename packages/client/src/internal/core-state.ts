import type { GetClient } from './get-client.js';
import type { TransportConfig } from './transport.js';

/** What a core holds besides its public fields: the GET client and the transport settings. */
export interface CoreState {
  api: GetClient;
  config: TransportConfig;
  baseUrl: string;
  ordinalsBaseUrl: string;
}

// A WeakMap rather than a property: nothing of the configuration (credentials included) shows when a core is logged.
const states = new WeakMap<object, CoreState>();

/** Registers what `core` (a core, or a client built on one) stands for. */
export function attachState(core: object, state: CoreState): void {
  states.set(core, state);
}

/** The state of a core or client; a `TypeError` for anything else (thrown where the call rejects with it). */
export function stateOf(core: unknown): CoreState {
  const state = typeof core === 'object' && core !== null ? states.get(core) : undefined;
  if (state === undefined) {
    throw new TypeError('core must come from createCore() or createClient() of @blockindex/client');
  }
  return state;
}
