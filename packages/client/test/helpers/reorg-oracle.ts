// The README's set relations ("Re-orgs") as an oracle for any pager: histories of re-orgs, mining and resets applied
// at chosen request indices against the mock's fetch handler, and the relations checked on what the pager delivered
// and reported. With S the list at the start, E at its end, D delivered and R reported: S ∩ E delivered once each,
// rows that kept their block in list order, no row twice, R exactly D \ E (each once). The client's tests and the
// from-scratch pager of bench/floor/pager both run it, each passing its own way to iterate a list.
import { deepStrictEqual, ok, strictEqual } from 'node:assert/strict';
import { createFetchHandler, createWorld, type FetchHandler, type World } from '@blockindex/mock';
import fc from 'fast-check';

/** The v2 lists (cursor, offset, events) and the successor lists (v3 position cursors, burn-block blocks). */
export type Kind = 'cursor' | 'offset' | 'events' | 'position' | 'changes' | 'blocks';
const KINDS: Kind[] = ['cursor', 'offset', 'events', 'position', 'changes', 'blocks'];

/** What the list of a kind is about: the address (and principal), the transaction of the events, the burn block. */
export interface Where {
  address: string;
  txId: string;
  burn: number;
}

/** Iterates the list of `kind` with `fetch` as the network, by the given iteration options. */
export type ListFn = (
  fetch: (request: Request) => Promise<Response>,
  kind: Kind,
  where: Where,
  options: { pageSize: number; concurrency?: number; onReorg?: (e: { orphaned: unknown[] }) => void },
) => AsyncIterable<unknown>;

interface Row {
  id: string;
  key: string;
}

/** The fields the oracle reads of a row of each kind. */
interface AnyRow {
  tx?: { tx_id: string; block_hash: string };
  transaction?: { tx_id: string; block: { hash: string } };
  asset?: { type: string; identifier?: string };
  hash?: string;
  event_index?: number;
}

/** A row's identity, as every pager of the list must tell rows apart: a transaction id, an event index, an asset. */
export function rowId(kind: Kind, row: unknown): string {
  const r = row as AnyRow;
  if (kind === 'position') return String(r.transaction?.tx_id);
  if (kind === 'changes') return `${r.asset?.type}:${r.asset?.identifier ?? 'stx'}`;
  if (kind === 'blocks') return String(r.hash);
  if (kind === 'events') return String(r.event_index);
  return String(r.tx?.tx_id);
}

/** A row's identity and block: rows with the same key are the same row in the same place. */
function rowKey(kind: Kind, row: unknown): string {
  const r = row as AnyRow;
  if (kind === 'position') return `${rowId(kind, row)}@${r.transaction?.block?.hash}`;
  if (kind === 'cursor' || kind === 'offset') return `${rowId(kind, row)}@${r.tx?.block_hash}`;
  return rowId(kind, row);
}

function unwrap<T extends object>(list: T): Exclude<T, { error: unknown }> {
  if ('error' in list) throw new Error(String(list.error));
  return list as Exclude<T, { error: unknown }>;
}

/** The list now, straight from the world: each row's id and its key (id and block). */
export function truth(world: World, kind: Kind, { address, txId, burn }: Where): Row[] {
  const all = { limit: 1_000_000, offset: 0 };
  const rows: unknown[] =
    kind === 'position'
      ? unwrap(world.listPrincipalTransactions(address, { limit: 1_000_000 })).results
      : kind === 'changes'
        ? world.listPrincipalTransactionBalanceChanges(address, txId, { limit: 1_000_000 }).results
        : kind === 'blocks'
          ? (world.listBlocksByBurnBlock({ height: burn }, all)?.results ?? [])
          : kind === 'events'
            ? world.listAddressTransactionEvents(address, txId, all).results
            : kind === 'cursor'
              ? unwrap(world.listAddressTransactions(address, all)).results
              : world.listTransactionsWithTransfers(address, { ...all, unanchored: false }).results;
  return rows.map((row) => ({ id: rowId(kind, row), key: rowKey(kind, row) }));
}

/** The address's transaction with the most events touching it, so its events list has pages to turn. */
export function busiestTransaction(world: World, address: string): string {
  let best = { txId: world.fixtures.txId, events: 0 };
  for (const { id } of truth(world, 'cursor', { address, txId: '', burn: 0 })) {
    const { total } = world.listAddressTransactionEvents(address, id, { limit: 1, offset: 0 });
    if (total > best.events) best = { txId: id, events: total };
  }
  return best.txId;
}

/** The burn block with the most Stacks blocks now, so its list has pages to turn. */
export function busiestBurnBlock(world: World): number {
  let best = { height: world.fixtures.burnBlockHeight, total: 0 };
  for (let h = 1; h <= world.tip.height; h++) {
    const burn = world.getBlockByHeight(h)?.burn_block_height;
    if (burn === undefined) continue;
    const total = world.listBlocksByBurnBlock({ height: burn }, { offset: 0, limit: 1 })?.total ?? 0;
    if (total > best.total) best = { height: burn, total };
  }
  return best.height;
}

export interface Run {
  start: Row[];
  end: Row[];
  delivered: string[];
  reported: string[] | undefined;
  /** Keys of the rows that were in the list, in their block, at every request (default: those of S also in E). */
  stayed?: Set<string>;
  /** Whether rows left the list or their block during the iteration (a re-org, a reset); unknown when absent. */
  left?: boolean;
}

/** The README's relations, checked one by one so a failure names the one that broke. */
export function checkRelations({ start, end, delivered, reported, stayed, left }: Run): void {
  const endIds = new Set(end.map((row) => row.id));
  strictEqual(new Set(delivered).size, delivered.length, 'no row delivered twice');
  const got = new Set(delivered);
  // Rows of E \ S only when rows left the list or their block during the iteration; growth alone adds none.
  if (left === false) {
    const startIds = new Set(start.map((row) => row.id));
    for (const id of delivered) ok(startIds.has(id), `${id} not in S, and no row left`);
  }
  for (const row of start) if (endIds.has(row.id)) ok(got.has(row.id), `S ∩ E row ${row.id}`);
  // Rows that stayed in their block all along come in the list's order.
  const endKeys = new Set(end.map((row) => row.key));
  const kept = start
    .filter((row) => endKeys.has(row.key) && (stayed?.has(row.key) ?? true))
    .map((row) => row.id);
  const order = delivered.filter((id) => kept.includes(id));
  deepStrictEqual(order, kept, 'rows that kept their block, in list order');
  if (reported !== undefined) {
    strictEqual(new Set(reported).size, reported.length, 'each orphaned row reported once');
    deepStrictEqual(new Set(reported), new Set(delivered.filter((id) => !endIds.has(id))), 'R = D \\ E');
  }
}

/** One change of the chain, applied as request `at` arrives. */
export type Event =
  | { at: number; kind: 'reorg'; depth: number; replaceWith: number | undefined }
  | { at: number; kind: 'mine'; transactions: number }
  | { at: number; kind: 'reset' };

function apply(handler: FetchHandler, address: string, event: Event): void {
  const { world } = handler;
  if (event.kind === 'reset') handler.reset();
  else if (event.kind === 'mine') world.mineBlock({ address, transactions: event.transactions });
  else {
    const depth = Math.min(event.depth, world.maxReorgDepth, world.tip.height - 1);
    if (depth >= 1) world.reorg({ depth, replaceWith: event.replaceWith ?? 0 });
  }
}

/** Iterates one list of a seeded world through `list`, applying each event as its request arrives. */
export async function runHistory(
  list: ListFn,
  kind: Kind,
  events: Event[],
  options: { pageSize: number; concurrency: number; report: boolean; seed?: number; blocks?: number },
): Promise<Run> {
  const handler = createFetchHandler({
    world: createWorld({ seed: options.seed ?? 7, blocks: options.blocks ?? 30 }),
  });
  const { address } = handler.world.fixtures;
  const where = {
    address,
    txId: busiestTransaction(handler.world, address),
    burn: busiestBurnBlock(handler.world),
  };
  let requests = 0;
  let start: Row[] = [];
  let stayed = new Set<string>();
  let left = false;
  const keys = () => truth(handler.world, kind, where).map((row) => row.key);
  const fetch = async (request: Request) => {
    // A macrotask per request: a pager that looped would still let the caller's timeout fire.
    await new Promise<void>((resolve) => setImmediate(resolve));
    let moved = false;
    for (const event of events) {
      if (event.at !== requests) continue;
      const before = requests > 0 && event.kind !== 'mine' ? keys() : [];
      apply(handler, address, event);
      moved ||= event.kind !== 'mine';
      const after = new Set(before.length > 0 ? keys() : []);
      left ||= before.some((key) => !after.has(key));
    }
    if (requests === 0) {
      start = truth(handler.world, kind, where);
      stayed = new Set(start.map((row) => row.key));
    } else if (moved) {
      const now = new Set(keys());
      stayed = new Set([...stayed].filter((key) => now.has(key)));
    }
    requests += 1;
    return handler(request);
  };
  const reported: string[] = [];
  const onReorg = (e: { orphaned: unknown[] }) => reported.push(...e.orphaned.map((row) => rowId(kind, row)));
  const { pageSize, concurrency, report } = options;
  const delivered: string[] = [];
  for await (const row of list(fetch, kind, where, {
    pageSize,
    concurrency,
    ...(report ? { onReorg } : {}),
  })) {
    delivered.push(rowId(kind, row));
  }
  const end = truth(handler.world, kind, where);
  return { start, end, delivered, reported: report ? reported : undefined, stayed, left };
}

/** The issue's world for its first run (`createFetchHandler({ seed: 1 })`), smaller seeded worlds for the others. */
const issueHandler = (seed: number) =>
  seed === 1
    ? createFetchHandler({ seed })
    : createFetchHandler({ world: createWorld({ seed, blocks: 25 }) });

/** Delivers a whole list through `list` against `handler`, and what `onReorg` reported (when `report`). */
async function drain(list: ListFn, handler: FetchHandler, kind: Kind, report: boolean) {
  const { address } = handler.world.fixtures;
  const delivered: string[] = [];
  const reported: string[] = [];
  const onReorg = (e: { orphaned: unknown[] }) => reported.push(...e.orphaned.map((r) => rowId(kind, r)));
  const where = { address, txId: '', burn: 0 };
  for await (const row of list(handler, kind, where, { pageSize: 5, ...(report ? { onReorg } : {}) })) {
    delivered.push(rowId(kind, row));
  }
  return { delivered, reported: report ? reported : undefined };
}

/**
 * The issue's first case, in 16 worlds: 10 blocks mined on the address, then re-orgs of 3 (none back) after request 1
 * and of 2 (one block back) after request 5, iterating the offset list in pages of 5.
 */
export async function issueCaseOffset(list: ListFn, report: boolean): Promise<void> {
  for (let seed = 1; seed <= 16; seed++) {
    const handler = issueHandler(seed);
    const { address } = handler.world.fixtures;
    for (let i = 0; i < 10; i++) handler.world.mineBlock({ address, transactions: 1 + (seed % 4) });
    handler.scenarios.reorgAfter(1, { depth: 3, replaceWith: 0 }).reorgAfter(5, { depth: 2, replaceWith: 1 });
    const where = { address, txId: '', burn: 0 };
    const start = truth(handler.world, 'offset', where);
    const run = await drain(list, handler, 'offset', report);
    checkRelations({ start, end: truth(handler.world, 'offset', where), ...run });
  }
}

/** The issue's second case, in 20 worlds: re-orgs of 2 after requests 1 and 3, the cursor list with `onReorg`. */
export async function issueCaseCursor(list: ListFn): Promise<void> {
  for (let seed = 1; seed <= 20; seed++) {
    const handler = issueHandler(seed);
    const { address } = handler.world.fixtures;
    handler.scenarios.reorgAfter(1, { depth: 2 }).reorgAfter(3, { depth: 2 });
    const where = { address, txId: '', burn: 0 };
    const start = truth(handler.world, 'cursor', where);
    const run = await drain(list, handler, 'cursor', true);
    checkRelations({ start, end: truth(handler.world, 'cursor', where), ...run });
  }
}

/** A list that only shrinks: re-orgs with nothing back before each of the first 12 requests. */
export const SHRINKING: Event[] = Array.from({ length: 12 }, (_, i) => ({
  at: i + 1,
  kind: 'reorg' as const,
  depth: 1 + (i % 3),
  replaceWith: undefined,
}));

const event = (maxAt: number): fc.Arbitrary<Event> =>
  fc.oneof(
    fc.record({
      at: fc.integer({ min: 1, max: maxAt }),
      kind: fc.constant('reorg' as const),
      depth: fc.integer({ min: 1, max: 6 }),
      replaceWith: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
    }),
    fc.record({
      at: fc.integer({ min: 1, max: maxAt }),
      kind: fc.constant('mine' as const),
      transactions: fc.integer({ min: 1, max: 4 }),
    }),
    fc.record({ at: fc.integer({ min: 1, max: maxAt }), kind: fc.constant('reset' as const) }),
  );

/**
 * Random histories: up to 5 re-orgs of random depth (with and without blocks back) and up to 4 minings and resets
 * within the first 12 requests, every list kind, page sizes 1 to 50, prefetch on and off, onReorg or not.
 */
export const histories = fc.record({
  kind: fc.constantFrom(...KINDS),
  pageSize: fc.integer({ min: 1, max: 50 }),
  concurrency: fc.constantFrom(1, 3),
  report: fc.boolean(),
  reorgs: fc.array(event(12), { maxLength: 5 }).map((es) => es.filter((e) => e.kind === 'reorg')),
  others: fc.array(event(12), { maxLength: 4 }).map((es) => es.filter((e) => e.kind !== 'reorg')),
  world: fc.integer({ min: 1, max: 1000 }),
});
