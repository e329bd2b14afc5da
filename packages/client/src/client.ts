import type * as contractStatus from './contract-status.js';
import { getSmartContractsStatus } from './contract-status.js';
import { type BlockindexCore, setUpCore } from './core.js';
import { defineList, type ListRow } from './define.js';
import {
  deepRedaction,
  errorDetails,
  errorSummaries,
  headerChecks,
  jsonStructureLimit,
  longTimers,
  middlewareOf,
  rateLimitHeaders,
  statusPhrases,
} from './guards.js';
import { checkClientOptions, isPacer } from './internal/option-checks.js';
import type * as operations from './operations.js';
import {
  getBlockByBurnBlockHash,
  getBlockByBurnBlockHeight,
  getBrc20Token,
  LIST_ROWS,
} from './operations.js';
import type { ClientOptions, RatePacer } from './options.js';
import { createPacer } from './pacer.js';
import type { ListPromise } from './page.js';
import { PagePromise } from './pagination.js';

// Every operation is a method: its standalone function with the client as its core, a list's made from its row to
// return the client's `PagePromise` (which adds `for await` and `pages()`). A method's type (and so its doc comment,
// `@deprecated` and parameter names, which a mapped type keeps) is its function's.
type Operations = Omit<typeof operations, 'LIST_ROWS'> &
  Pick<typeof contractStatus, 'getSmartContractsStatus'>;

/**
 * The functions of the operations that are not lists, by name. Written out because a namespace import would ship every
 * operation to every app (bundlers keep the namespace object); `satisfies` fails the type check when one is missing.
 */
const GETS = {
  getBlockByBurnBlockHash,
  getBlockByBurnBlockHeight,
  getBrc20Token,
  getSmartContractsStatus,
} satisfies { [K in Exclude<keyof Operations, keyof typeof LIST_ROWS>]-?: Operations[K] };
type Method<F> = F extends (core: BlockindexCore, ...args: infer A) => infer T
  ? (...args: A) => T extends ListPromise<infer I, infer B> ? PagePromise<I, B> : T
  : never;

/**
 * Client of the Blockchain Index Read API: one method per operation, every feature included. Create it with
 * {@link createClient}. It is a core too: the standalone operations accept it (`getBrc20Token(client, 'ordi')`).
 */
export type BlockindexClient = BlockindexCore & { [K in keyof Operations]: Method<Operations[K]> };

/** The class of {@link createClient}'s clients (`client instanceof BlockindexClient`); create one with `createClient`. */
export const BlockindexClient: new (options?: ClientOptions) => BlockindexClient = /* @__PURE__ */ (() => {
  class Client {
    declare readonly baseUrl: string;
    declare readonly ordinalsBaseUrl: string;
    constructor(options: ClientOptions = {}) {
      checkClientOptions(options);
      const { rateLimit, use, ...rest } = options;
      // Server-named pauses are capped by the core, as for a pacer of `createPacer()` given to `createCore`.
      const pacer = isPacer(rateLimit)
        ? (rateLimit as RatePacer)
        : rateLimit
          ? createPacer(rateLimit as true, !!options.apiKey)
          : undefined;
      // The full client: every opt-in guard of the core.
      const guards = [
        jsonStructureLimit(),
        errorSummaries(),
        statusPhrases(),
        headerChecks(),
        deepRedaction(),
        errorDetails(),
        rateLimitHeaders(),
        longTimers(),
      ];
      if (use) guards.push(middlewareOf(use, 'createClient options.use', true));
      setUpCore(this, { ...rest, rateLimit: pacer, guards }, 'createClient options');
    }
  }
  const proto = Client.prototype as unknown as Record<PropertyKey, unknown>;
  const calls = [
    ...Object.entries(GETS),
    // Made as `PagePromise`s: changing the prototype of each call's promise afterwards was its largest CPU cost.
    ...Object.entries(LIST_ROWS).map(([name, row]) => [name, defineList(row as ListRow, PagePromise)]),
  ] as [string, (core: unknown, ...args: unknown[]) => unknown][];
  for (const [name, call] of calls) {
    // Not enumerable, as a class's methods.
    Object.defineProperty(proto, name, {
      value: function (this: unknown, ...args: unknown[]) {
        return call(this, ...args);
      },
      writable: true,
      configurable: true,
    });
  }
  return Client as never;
})();

/**
 * Creates a client of the Blockchain Index Read API: every operation as a method, with pages you can `for await`,
 * request pacing (`rateLimit`) and batched contract status. For the smallest bundle, use `createCore` and the
 * standalone operations instead.
 * @example
 * import { createClient, BASE_URLS } from '@blockindex/client';
 * const client = createClient({ baseUrl: BASE_URLS.mainnet, apiKey: process.env.HIRO_API_KEY });
 * const statuses = await client.getSmartContractsStatus(['SP000000000000000000002Q6VF78.pox-4']);
 */
export function createClient(options: ClientOptions = {}): BlockindexClient {
  return new BlockindexClient(options);
}
