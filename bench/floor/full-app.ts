// biome-ignore-all lint: measurement code, golfed for size on purpose; not product code.
// The full-app floor: hardened.ts (product.ts and the nine opt-in guards, imported, not copied) and the from-scratch
// pager (pager/, imported unchanged: the full iteration rule, list kinds, prefetch), plus what `createClient` adds:
// its options checked (`use`, `rateLimit` as `true` or `{ perMinute, perSecond }`), every opt-in guard on, the ten
// operations as methods (list calls awaitable as a first page, iterable, with `.pages()`), the pacer and batched
// `getSmartContractsStatus`. Each addition sits inside `/*<name*/ ... /*name>*/` markers: `full-app-price.ts` cuts
// each out to price it (prefetch, which lives in the pager, by a copy of pager/ whose prefetch is the identity),
// `full-app-check.ts --cuts` fails unless each cut fails a case. Written from the client's README
// and tests, not from its source.
import {
  getAccountTransactionsWithTransfersReplacement,
  getAddressTransactionEventsReplacement,
  getAddressTransactionsReplacement,
  getBlockByBurnBlockHashReplacement,
  getBlockByBurnBlockHeightReplacement,
  OPERATIONS,
} from '@blockindex/spec/constants';
import {
  AbortError,
  BlockindexError,
  type CallOptions,
  CORE,
  type Core,
  type CoreOptions,
  check,
  createCore,
  deepRedaction,
  errorDetails,
  errorSummaries,
  getBrc20Token,
  headerChecks,
  jsonStructureLimit,
  longTimers,
  type Middleware,
  middleware,
  named,
  type Pacer,
  ResponseParseError,
  rateLimitHeaders,
  segment,
  statusPhrases,
} from './hardened.js';
import * as L from './pager/lists.js';
import { getPage } from './pager/page.js';
import { iterate } from './pager/pager.js';

export * from './hardened.js';

/** A re-org orphaned the row a page or iteration follows. */
export const ListReorgedError = named('ListReorgedError', BlockindexError);
/** A page contradicts the list it belongs to. */
export const ListInconsistentError = named('ListInconsistentError', BlockindexError);
/** The list grew faster than it could be read. */
export const ListOutpacedError = named('ListOutpacedError', BlockindexError);

/** Options of `createClient`: a core's, with `rateLimit` as `true` or `{ perMinute, perSecond }` and `use`. */
export interface ClientOptions extends Omit<CoreOptions, 'rateLimit' | 'guards'> {
  rateLimit?: boolean | { perMinute?: number; perSecond?: number } | Pacer;
  use?: Middleware[];
}
/** Iteration options of a list call. */
export interface ListOptions extends CallOptions {
  pageSize?: number;
  maxItems?: number;
  concurrency?: number;
  pageParam?: any;
  onReorg?: (e: { orphaned: unknown[] }) => void;
}

const CALL = ['signal', 'timeoutMs', 'deadlineMs', 'maxResponseBytes', 'retry', 'headers'];
const call = (core: Core) => {
  const c = (core as any)?.[CORE];
  if (typeof c != 'function') throw new TypeError('core must come from createCore() or createClient()');
  return c;
};
/** One GET whose awaited value is the body, with `withResponse()`. */
const one = (
  core: Core,
  op: string,
  path: () => string,
  o?: CallOptions,
  replacement?: string,
  schemaPath?: string,
): any => {
  const both = (async () => call(core)(op, path(), 0, o, replacement, schemaPath))();
  const data: any = both.then((x: any) => x.data);
  data.catch(() => {});
  data.withResponse = () => both;
  return data;
};

/*<pacer*/
/** One request budget for a client: at most `perMinute` starts in any 61 s and `perSecond` in any second; a 429 or
 * `ratelimit-remaining: 0` holds every request for the server's wait (capped at `maxPauseMs`); five or fewer
 * remaining spread the rest over the time left. */
const pacer = (perMinute: number, perSecond: number, maxPauseMs: number): Pacer => {
  const log: number[] = [];
  let hold = 0;
  let gap = 0;
  let queue = Promise.resolve();
  const take = async (signal: AbortSignal) => {
    for (;;) {
      if (signal.aborted) throw signal.reason;
      const now = Date.now();
      const n = log.length;
      const wait = Math.max(
        hold - now,
        (log[n - 1] ?? -1 / 0) + gap - now,
        n >= perMinute ? log[n - perMinute]! + 61_000 - now : 0,
        n >= perSecond ? log[n - perSecond]! + 1000 - now : 0,
      );
      if (wait <= 0) {
        log.push(now);
        if (n > Math.max(perMinute, perSecond)) log.shift();
        return;
      }
      // An aborted queued call leaves at once; it has taken no slot.
      await new Promise((go, no) => {
        const t = setTimeout(go, wait);
        signal.addEventListener('abort', () => (clearTimeout(t), no(signal.reason)), { once: true });
      });
    }
  };
  return {
    // Calls take their turns in order.
    take: (signal) => {
      const turn = queue.then(() => take(signal));
      queue = turn.catch(() => {});
      return turn;
    },
    seen: (h, status) => {
      const left = h.get('ratelimit-remaining');
      const reset = +(h.get('ratelimit-reset') ?? 0) * 1000;
      const ra = h.get('retry-after');
      if (status == 429 || left == '0') {
        const ms = ra ? (/^\d+$/.test(ra) ? +ra * 1000 : Date.parse(ra) - Date.now()) : reset || 1000;
        hold = Date.now() + Math.min(ms || 0, maxPauseMs);
      }
      gap = left != null && +left <= 5 && +left > 0 && reset ? reset / (+left + 1) : 0;
    },
  };
};
/*pacer>*/

const STATUS = '/extended/v2/smart-contracts/status?';
/*<batch*/
/** Distinct ids in first-seen order, split into query strings under 7,000 URL characters. */
const batches = (ids: string[], room: number) => {
  const out: string[][] = [];
  let b: string[] = [];
  let len = 0;
  for (const id of new Set(ids)) {
    const n = encodeURIComponent(id).length + 13;
    if (b.length && len + n > room) out.push(b), (b = []), (len = 0);
    b.push(id), (len += n);
  }
  if (b.length) out.push(b);
  return out;
};
/*batch>*/
/**
 * The deployment status of each contract, batched: ids deduplicated, split into URLs under 7,000 characters, sent
 * `concurrency` (4) at a time, merged into one prototype-free map; `withResponse()` gives the first batch's response.
 * @example const s = await getSmartContractsStatus(core, ['SP...pool']);
 */
export function getSmartContractsStatus(
  core: Core,
  ids: string[],
  options: CallOptions & { concurrency?: number } = {},
): any {
  const run = async () => {
    const c = call(core);
    const { concurrency = 4, ...o } = options;
    if (!Array.isArray(ids) || ids.some((i) => typeof i != 'string' || !i))
      throw new TypeError('contractIds must be an array of non-empty strings');
    if (!(Number.isInteger(concurrency) && concurrency > 0))
      throw new RangeError(`options.concurrency must be a positive integer; got ${concurrency}`);
    const out = Object.create(null);
    let first: Response = new Response('{}');
    const todo = /*<batch*/ batches(ids, 7000 - core.baseUrl.length - STATUS.length) || /*batch>*/ [
      [...new Set(ids)],
    ];
    let signal = o.signal;
    /*<batch*/
    // The first failure stops the rest: their requests are aborted.
    const ac = new AbortController();
    signal = signal ? AbortSignal.any([signal, ac.signal]) : ac.signal;
    /*batch>*/
    const all: any[] = [];
    let next = 0;
    const worker = async () => {
      while (next < todo.length) {
        const i = next++;
        if (o.signal?.aborted) throw new AbortError('getSmartContractsStatus: aborted');
        all[i] = await c(
          'getSmartContractsStatus',
          STATUS + todo[i]!.map((id) => 'contract_id=' + encodeURIComponent(id)).join('&'),
          0,
          { ...o, signal },
          undefined,
          '/extended/v2/smart-contracts/status',
        );
      }
    };
    await Promise.all(
      Array.from({ length: /*<batch*/ Math.min(concurrency, todo.length) || /*batch>*/ 1 }, worker),
    ) /*<batch*/
      .catch((e) => {
        ac.abort();
        throw e;
      }) /*batch>*/;
    todo.forEach((b, i) => {
      const { data, response } = all[i];
      if (!i) first = response;
      for (const id of b) {
        if (!data || !Object.hasOwn(data, id))
          throw new ResponseParseError(`getSmartContractsStatus: the answer leaves out ${id}`);
        out[id] = data[id];
      }
    });
    return { data: out, response: first };
  };
  const both = run();
  const data: any = both.then((x) => x.data);
  data.catch(() => {});
  data.withResponse = () => both;
  return data;
}

/** A block by its burn block height. @deprecated Use getBlocksByBurnBlock. */
export const getBlockByBurnBlockHeight = (core: Core, height: number, o?: CallOptions) =>
  one(
    core,
    'getBlockByBurnBlockHeight',
    () =>
      '/extended/v1/block/by_burn_block_height/' +
      segment('burn_block_height', Number.isInteger(height) && height >= 0 ? String(height) : height),
    o,
    getBlockByBurnBlockHeightReplacement,
    '/extended/v1/block/by_burn_block_height/{burn_block_height}',
  );
const hex = (v: any) => (typeof v == 'string' && v && !v.startsWith('0x') ? '0x' + v : v);
/** A block by its burn block hash (`0x` added). @deprecated Use getBlocksByBurnBlock. */
export const getBlockByBurnBlockHash = (core: Core, hash: string, o?: CallOptions) =>
  one(
    core,
    'getBlockByBurnBlockHash',
    () => '/extended/v1/block/by_burn_block_hash/' + segment('burn_block_hash', hex(hash)),
    o,
    getBlockByBurnBlockHashReplacement,
    '/extended/v1/block/by_burn_block_hash/{burn_block_hash}',
  );

/** A list call: awaited, the first page (the request starts when awaited); iterated, every row by the pager's rule;
 * `.pages()`, every page. */
const list = (
  core: Core,
  op: string,
  spec: L.ListSpec,
  params: Record<string, string>,
  keys: string[],
  query: Record<string, any> = {},
  options: ListOptions = {},
  replacement?: string,
): any => {
  const c = call(core);
  check(query, keys, 'query');
  check(options, [...CALL, 'pageSize', 'maxItems', 'concurrency', 'pageParam', 'onReorg'], 'options');
  for (const [n, v] of Object.entries(params)) segment(n, v);
  const { pageSize, maxItems = 1 / 0, concurrency, pageParam, onReorg, ...o } = options;
  for (const [k, v] of Object.entries({ pageSize, maxItems, concurrency, limit: query.limit }))
    if (v !== undefined && !(v > 0 && (v == 1 / 0 || Number.isInteger(v))))
      throw new RangeError(`${k} must be a positive integer; got ${v}`);
  const { limit, offset, cursor, ...extra } = query;
  let response: Response;
  const get = async (path: string, q: Record<string, string>) => {
    const x = await c(
      op,
      path + '?' + new URLSearchParams({ ...extra, ...q }),
      0,
      o,
      replacement,
      (OPERATIONS as any)[op].path,
    );
    const d = x.data;
    if (!Array.isArray(d?.results) || !Number.isInteger(d.total))
      throw new ResponseParseError(`${op}: the answer is not a page`);
    response = x.response;
    return d;
  };
  const page = (p?: any) =>
    getPage(get, spec, params, { pageSize: pageSize ?? limit, pageParam: p }).then((pg: any) => {
      pg.response = response;
      return pg;
    });
  // The first page is requested when awaited, not when the call is only iterated (cut: at once).
  const data: any =
    /*<lazy*/ ((go: any, d: any = new Promise((r) => (go = r)), t = d.then) =>
      (
        // (`await` calls an own `then` only when `constructor` is not Promise; Object has no species: then stays native.)
        (d.constructor = Object),
        (d.then = function (a: any, b: any) {
          go?.(page(pageParam));
          go = 0;
          return t.call(this, a, b);
        }),
        d
      ))() || /*lazy>*/ page(pageParam);
  data.withResponse = () => data.then((pg: any) => ({ data: pg, response: pg.response }));
  /*<items*/
  data[Symbol.asyncIterator] = async function* () {
    let n = 0;
    if (n < maxItems)
      for await (const row of iterate(get, spec, params, {
        pageSize: pageSize ?? 50,
        concurrency,
        pageParam,
        ...(onReorg && { onReorg }),
      })) {
        yield row;
        if (++n >= maxItems) return;
      }
  };
  /*items>*/
  /*<pages*/
  data.pages = async function* () {
    let n = 0;
    let pg = await page(pageParam);
    for (;;) {
      const left = maxItems - n;
      if (pg.results.length > left) pg.results = pg.results.slice(0, left);
      n += pg.results.length;
      yield pg;
      if (n >= maxItems || !pg.hasNextPage()) return;
      pg = await page(pg.nextPageParam);
    }
  };
  /*pages>*/
  return data;
};

const LQ = ['limit', 'offset'];
/** An address's transactions (v2). @deprecated Use getPrincipalTransactions. */
export const getAddressTransactions = (core: Core, address: string, q?: object, o?: ListOptions) =>
  list(
    core,
    'getAddressTransactions',
    L.addressTransactions,
    { address },
    [...LQ, 'cursor', 'exclude_function_args'],
    q,
    o,
    getAddressTransactionsReplacement,
  );
/** An account's transactions with their transfers. @deprecated Use getPrincipalTransactions. */
export const getAccountTransactionsWithTransfers = (
  core: Core,
  principal: string,
  q?: object,
  o?: ListOptions,
) =>
  list(
    core,
    'getAccountTransactionsWithTransfers',
    L.transactionsWithTransfers,
    { address: principal },
    [...LQ, 'height', 'unanchored', 'until_block'],
    q,
    o,
    getAccountTransactionsWithTransfersReplacement,
  );
/** A transaction's events for an address. @deprecated Use getPrincipalTransactionBalanceChanges. */
export const getAddressTransactionEvents = (
  core: Core,
  address: string,
  txId: string,
  q?: object,
  o?: ListOptions,
) =>
  list(
    core,
    'getAddressTransactionEvents',
    L.transactionEvents,
    { address, txId: hex(txId) },
    LQ,
    q,
    o,
    getAddressTransactionEventsReplacement,
  );
/*<others*/
/** A principal's transactions (v3, by cursor). */
export const getPrincipalTransactions = (core: Core, principal: string, q?: object, o?: ListOptions) =>
  list(core, 'getPrincipalTransactions', L.principalTransactions, { principal }, ['limit', 'cursor'], q, o);
/** The balance changes of one of a principal's transactions (v3, by cursor). */
export const getPrincipalTransactionBalanceChanges = (
  core: Core,
  principal: string,
  txId: string,
  q?: object,
  o?: ListOptions,
) =>
  list(
    core,
    'getPrincipalTransactionBalanceChanges',
    L.balanceChanges,
    { principal, txId: hex(txId) },
    ['limit', 'cursor'],
    q,
    o,
  );
/** The blocks of a burn block, by height or hash. */
export const getBlocksByBurnBlock = (
  core: Core,
  heightOrHash: number | string,
  q?: object,
  o?: ListOptions,
) => list(core, 'getBlocksByBurnBlock', L.blocksByBurnBlock, { burnBlock: String(heightOrHash) }, LQ, q, o);
/*others>*/

const OPS: Record<string, unknown> = {
  getBrc20Token,
  getSmartContractsStatus,
  getBlockByBurnBlockHeight,
  getBlockByBurnBlockHash,
  getAddressTransactions,
  getAccountTransactionsWithTransfers,
  getAddressTransactionEvents,
};
/*<others*/
Object.assign(OPS, { getPrincipalTransactions, getPrincipalTransactionBalanceChanges, getBlocksByBurnBlock });
/*others>*/
const CLIENT_KEYS = [
  ...CALL,
  'baseUrl',
  'ordinalsBaseUrl',
  'apiKey',
  'apiKeyHeader',
  'credentialHeaders',
  'fetch',
  'onWarning',
  'rateLimit',
  'use',
];

/**
 * A client: a core with every opt-in guard on and a method per operation.
 * @example const client = createClient({ apiKey: process.env.HIRO_API_KEY, rateLimit: true });
 */
export function createClient(options: ClientOptions = {}): any {
  // The core checks its keys' values; `rateLimit` and `use` are the client's own, checked below.
  check(
    options && typeof options == 'object' ? { ...options, rateLimit: undefined, use: undefined } : options,
    CLIENT_KEYS,
    'createClient options',
  );
  const { use = [], rateLimit, ...o } = options;
  if (!Array.isArray(use) || use.some((m) => !m || typeof m != 'object'))
    throw new TypeError('createClient options.use must be an array of middleware objects');
  let p: Pacer | false = false;
  /*<pacer*/
  if (rateLimit && typeof rateLimit == 'object' && !('take' in rateLimit)) {
    check(rateLimit, ['perMinute', 'perSecond'], 'createClient options.rateLimit');
    for (const [k, v] of Object.entries(rateLimit))
      if (v !== undefined && !(typeof v == 'number' && v > 0))
        throw new RangeError(`createClient options.rateLimit.${k} must be a positive number; got ${v}`);
  } else if (rateLimit !== undefined && typeof rateLimit != 'boolean' && !('take' in (rateLimit as any)))
    throw new TypeError(
      'createClient options.rateLimit must be true, false, { perMinute, perSecond } or a pacer',
    );
  const r: any = rateLimit;
  if (r)
    p = r.take
      ? r
      : pacer(
          r.perMinute ?? (o.apiKey ? 500 : 50),
          r.perSecond ?? 1 / 0,
          (o.retry as any)?.maxRetryAfterMs ?? 60_000,
        );
  /*pacer>*/
  const core = createCore({
    ...o,
    rateLimit: p,
    guards: [
      jsonStructureLimit(),
      headerChecks(),
      deepRedaction(),
      middleware(...use),
      errorSummaries(),
      statusPhrases(),
      errorDetails(),
      rateLimitHeaders(),
      longTimers(),
    ],
  });
  const client: any = { ...core };
  for (const [k, f] of Object.entries(OPS)) client[k] = (...a: any[]) => (f as any)(client, ...a);
  return client;
}
