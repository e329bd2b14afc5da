import { openapi } from '@blockindex/spec';
import type { operations } from '@blockindex/spec/types';
import { expect } from 'vitest';
import { createFetchHandler, type FetchHandler } from '../../src';

/** One 200 answer of the mock, as the vendor-types check receives it. */
export interface Sample {
  /** The spec's operation id. */
  operationId: string;
  /** The spec's path template, which is also the key of the vendor's `paths`. */
  template: string;
  /** Where the world stood: `default world`, `after mining`, `after a re-org`. */
  stage: string;
  /** The request's path and query. */
  url: string;
  body: unknown;
}

/** The Stacks operations, which the vendor's client types: every operation of ours but the Ordinals API's. */
type StacksOperation = Exclude<keyof operations, 'getBrc20Token'>;

/** The spec's path template of each operation, read from the spec rather than typed again here. */
const TEMPLATES = new Map<string, string>(
  Object.entries(openapi.paths as Record<string, { get?: { operationId?: string } }>).flatMap(
    ([template, item]) => (item.get?.operationId ? [[item.get.operationId, template] as const] : []),
  ),
);

/** A valid address (checksum included) that the default world never uses: every list of it is an empty page. */
const UNUSED_PRINCIPAL = 'SP8H248H248H248H248H248H248H248H24ARTQ82';

const v3 = (principal: string) => `/extended/v3/principals/${principal}/transactions`;
const v2 = (principal: string) => `/extended/v2/addresses/${principal}/transactions`;
const transfers = (principal: string) => `/extended/v1/address/${principal}/transactions_with_transfers`;
const burnBlocks = (ref: string | number) => `/extended/v2/burn-blocks/${ref}/blocks`;

type Body = Record<string, unknown>;
interface Page {
  results: Body[];
  cursor?: { next: string | null; current: string | null };
}

interface Collector {
  stage: string;
  /** The 200 answer to a request. */
  get(operationId: StacksOperation, url: string): Promise<unknown>;
  /** Records the shapes; true when one of them is new for the operation. */
  fresh(operationId: StacksOperation, shapes: Set<string>): boolean;
  /** Keeps an answer as a sample (asking for it unless given). */
  keep(operationId: StacksOperation, url: string, body?: unknown): Promise<unknown>;
}

/**
 * Real 200 answers of the mock for the nine Stacks operations, over the default world, after mining and after a
 * re-org (a scenario). Each stage asks for named cases (the fixtures, empty pages, `latest`, cursor and offset
 * pages), then sweeps the principals whose lists changed (all of them at first) and every burn block. A swept
 * answer is kept when it shows a shape that no kept answer of its operation showed (see {@link shapesOf}); in an
 * offset list, the one-row page of each such row is kept rather than the whole page. So the samples hold every
 * shape the mock answered with, while the program that type-checks them stays small. Answers the samples and, per
 * operation, every shape seen.
 */
export async function collectSamples(): Promise<{ samples: Sample[]; shapes: Map<string, Set<string>> }> {
  const handler = createFetchHandler();
  const samples: Sample[] = [];
  const seen = new Map<string, Set<string>>();
  const collector: Collector = {
    stage: 'default world',
    async get(operationId, url) {
      const response = await handler(new Request(`https://api.hiro.so${url}`));
      expect(response.status, `${operationId} GET ${url}`).toBe(200);
      return await response.json();
    },
    fresh(operationId, shapes) {
      const known = seen.get(operationId) ?? new Set<string>();
      seen.set(operationId, known);
      const before = known.size;
      for (const shape of shapes) known.add(shape);
      return known.size > before;
    },
    async keep(operationId, url, given) {
      const body = given ?? (await collector.get(operationId, url));
      collector.fresh(operationId, shapesOf(body));
      samples.push({ operationId, template: templateOf(operationId), stage: collector.stage, url, body });
      return body;
    },
  };
  const { world } = handler;
  const etags = () => new Map(world.principals().map((p) => [p, world.principalEtag(p)]));
  let before = etags();
  await askStage(handler, collector, () => [...before.keys()]);

  for (let i = 0; i < 3; i++) world.mineBlock({ address: world.fixtures.address });
  world.mineBlock({ address: world.fixtures.contractIds[0] });
  collector.stage = 'after mining';
  await askStage(handler, collector, () => changedSince(before, etags()));

  // A position and a transaction in the fixture address's newest block, which the re-org below orphans.
  const { address } = world.fixtures;
  const newest = (await collector.get('getPrincipalTransactions', `${v3(address)}?limit=1`)) as Page;
  const orphaned = newest.results[0]?.transaction as {
    tx_id: string;
    block: { height: number; hash: string };
  };
  before = etags();
  const height = world.tip.height;
  // Through the scenarios, as a test suite schedules a re-org: it happens on the next request.
  handler.scenarios.reorgAfter(0, { depth: 3, replaceWith: 2 });
  collector.stage = 'after a re-org';
  await collector.keep('getPrincipalTransactions', `${v3(address)}?limit=5&cursor=${newest.cursor?.current}`);
  expect(world.tip.height, 'the scheduled re-org happened').toBe(height - 1);
  const replaced = world.getBlockByHeight(orphaned.block.height)?.hash;
  expect(replaced, "the cursor's block is no longer canonical").not.toBe(orphaned.block.hash);
  await collector.keep(
    'getPrincipalTransactionBalanceChanges',
    `${v3(address)}/${orphaned.tx_id}/balance-changes`,
  );
  await askStage(handler, collector, () => changedSince(before, etags()));
  return { samples, shapes: seen };
}

function changedSince(
  before: Map<string, string | undefined>,
  after: Map<string, string | undefined>,
): string[] {
  return [...after]
    .filter(([principal, etag]) => before.get(principal) !== etag)
    .map(([principal]) => principal);
}

function templateOf(operationId: StacksOperation): string {
  const template = TEMPLATES.get(operationId);
  if (!template) throw new Error(`the spec has no GET operation ${operationId}`);
  return template;
}

/**
 * The shapes a JSON value shows, one per object: its path (array indexes as `[]`) and each key with its JSON
 * type. Strings that read like enum members (`contract_call`, `success`) and booleans count by value, since a
 * type may accept some values and not others; hex, addresses and amounts count as `string`.
 */
export function shapesOf(value: unknown, path = '', into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    if (value.length === 0) into.add(`${path}: []`);
    for (const item of value) shapesOf(item, `${path}[]`, into);
  } else if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    into.add(
      `${path} {${entries
        .map(([key, item]) => `${key}: ${kindOf(item)}`)
        .sort()
        .join(', ')}}`,
    );
    for (const [key, item] of entries) shapesOf(item, `${path}.${key}`, into);
  }
  return into;
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string' && /^[a-z_]{1,40}$/.test(value)) return JSON.stringify(value);
  return typeof value;
}

/**
 * One stage: the named cases, then a sweep over `sweep()`'s principals (read after the named cases, so a
 * scheduled re-org has happened) and every burn block the chain anchors to.
 */
async function askStage(handler: FetchHandler, c: Collector, sweep: () => string[]): Promise<void> {
  const { world } = handler;
  const fx = world.fixtures;

  // Named: the fixtures, a page reached by cursor or offset, empty pages, `latest`.
  const first = (await c.keep('getPrincipalTransactions', `${v3(fx.address)}?limit=20`)) as Page;
  await c.keep('getPrincipalTransactions', `${v3(fx.address)}?limit=20&cursor=${first.cursor?.next}`);
  await c.keep('getPrincipalTransactions', v3(UNUSED_PRINCIPAL));
  await c.keep('getPrincipalTransactions', `${v3(fx.contractIds[0])}?limit=20`);
  const changes = `${v3(fx.address)}/${fx.txId}/balance-changes`;
  const one = (await c.keep('getPrincipalTransactionBalanceChanges', `${changes}?limit=1`)) as Page;
  await c.keep('getPrincipalTransactionBalanceChanges', `${changes}?limit=1&cursor=${one.cursor?.next}`);
  await c.keep('getPrincipalTransactionBalanceChanges', `${v3(UNUSED_PRINCIPAL)}/${fx.txId}/balance-changes`);
  const latest = first.results[0]?.transaction as { tx_id: string };
  await c.keep('getPrincipalTransactionBalanceChanges', `${v3(fx.address)}/${latest.tx_id}/balance-changes`);
  for (const ref of ['latest', fx.burnBlockHeight, fx.burnBlockHash]) {
    await c.keep('getBlocksByBurnBlock', burnBlocks(ref));
  }
  await c.keep('getBlocksByBurnBlock', `${burnBlocks(fx.burnBlockHeight)}?limit=1&offset=1`);
  await c.keep('getBlocksByBurnBlock', `${burnBlocks(fx.burnBlockHeight)}?offset=1000`);
  await c.keep('getAddressTransactions', `${v2(fx.address)}?limit=10`);
  await c.keep('getAddressTransactions', `${v2(fx.address)}?limit=10&offset=10`);
  await c.keep('getAddressTransactions', v2(UNUSED_PRINCIPAL));
  await c.keep('getAddressTransactionEvents', `${v2(fx.address)}/${fx.txId}/events`);
  await c.keep('getAddressTransactionEvents', `${v2(UNUSED_PRINCIPAL)}/${fx.txId}/events`);
  await c.keep('getAccountTransactionsWithTransfers', `${transfers(fx.address)}?limit=10`);
  await c.keep('getAccountTransactionsWithTransfers', transfers(UNUSED_PRINCIPAL));
  const ids = fx.contractIds.map((id) => `contract_id=${id}`).join('&');
  await c.keep('getSmartContractsStatus', `/extended/v2/smart-contracts/status?${ids}`);
  await c.keep('getBlockByBurnBlockHeight', `/extended/v1/block/by_burn_block_height/${fx.burnBlockHeight}`);
  await c.keep('getBlockByBurnBlockHash', `/extended/v1/block/by_burn_block_hash/${fx.burnBlockHash}`);

  for (const principal of sweep()) await sweepPrincipal(c, principal);
  const burnHeights = new Set<number>();
  for (let height = 1; height <= world.tip.height; height++) {
    const block = world.getBlockByHeight(height);
    if (block) burnHeights.add(block.burn_block_height);
  }
  for (const height of burnHeights) {
    await sweepAnswer(c, 'getBlocksByBurnBlock', burnBlocks(height));
    const block = (await sweepAnswer(
      c,
      'getBlockByBurnBlockHeight',
      `/extended/v1/block/by_burn_block_height/${height}`,
    )) as { burn_block_hash: string };
    await sweepAnswer(
      c,
      'getBlockByBurnBlockHash',
      `/extended/v1/block/by_burn_block_hash/${block.burn_block_hash}`,
    );
  }
}

/** A principal's newest page of each list, and the balance changes and events of its newest transactions. */
async function sweepPrincipal(c: Collector, principal: string): Promise<void> {
  const page = (await sweepAnswer(c, 'getPrincipalTransactions', `${v3(principal)}?limit=10`)) as Page;
  for (const row of page.results.slice(0, 2)) {
    const { tx_id } = row.transaction as { tx_id: string };
    await sweepAnswer(
      c,
      'getPrincipalTransactionBalanceChanges',
      `${v3(principal)}/${tx_id}/balance-changes`,
    );
  }
  const old = await sweepRows(c, 'getAddressTransactions', v2(principal));
  for (const row of old.results.slice(0, 2)) {
    const { tx_id } = row.tx as { tx_id: string };
    await sweepAnswer(c, 'getAddressTransactionEvents', `${v2(principal)}/${tx_id}/events?limit=50`);
  }
  await sweepRows(c, 'getAccountTransactionsWithTransfers', transfers(principal));
}

/** Asks; keeps the answer when it shows a new shape. */
async function sweepAnswer(c: Collector, operationId: StacksOperation, url: string): Promise<unknown> {
  const body = await c.get(operationId, url);
  if (c.fresh(operationId, shapesOf(body))) await c.keep(operationId, url, body);
  return body;
}

/** Reads an offset list's newest 50 rows; keeps the one-row page of each row that shows a new shape. */
async function sweepRows(c: Collector, operationId: StacksOperation, list: string): Promise<Page> {
  const page = (await c.get(operationId, `${list}?limit=50`)) as Page;
  for (const [offset, row] of page.results.entries()) {
    if (c.fresh(operationId, shapesOf(row, '.results[]')))
      await c.keep(operationId, `${list}?limit=1&offset=${offset}`);
  }
  return page;
}
