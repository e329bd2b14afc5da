import { buildState } from './internal/core-setup.js';
import { attachState } from './internal/core-state.js';
import { isPacer } from './internal/option-checks.js';
import type { CoreOptions } from './options.js';

export {
  DEFAULT_DEADLINE_MS,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
} from './internal/core-setup.js';

/**
 * The configured core of the API client: base URLs, credentials and redirect policy, the transport with its typed
 * errors, retries, per-attempt timeout, deadline and body bound. Made by {@link createCore}; pass it first to the
 * operations (`getBrc20Token(core, 'ordi')`). A client from `createClient()` is accepted wherever a core is.
 */
export interface BlockindexCore {
  /** The normalized base URL requests go to. */
  readonly baseUrl: string;
  /** The normalized base URL of `getBrc20Token` (the Ordinals API). */
  readonly ordinalsBaseUrl: string;
}

/**
 * Creates the small core of the client: the same options as `createClient`, except that pacing is a pacer from
 * `createPacer()`. An app then imports only the operations it calls, and ships only them.
 * @example
 * import { createCore, getBrc20Token, NotFoundError } from '@blockindex/client';
 * const core = createCore({ apiKey: process.env.HIRO_API_KEY });
 * try {
 *   const { token } = await getBrc20Token(core, 'ordi');
 * } catch (error) {
 *   if (!(error instanceof NotFoundError)) throw error;
 * }
 */
export function createCore(options: CoreOptions = {}): BlockindexCore {
  const where = 'createCore options';
  if (options.rateLimit !== undefined && !isPacer(options.rateLimit)) {
    throw new TypeError(
      `${where}.rateLimit must be a pacer from createPacer() (createClient also takes true or { perMinute, perSecond })`,
    );
  }
  const state = buildState(options, where);
  const core: BlockindexCore = { baseUrl: state.baseUrl, ordinalsBaseUrl: state.ordinalsBaseUrl };
  attachState(core, state);
  return core;
}
