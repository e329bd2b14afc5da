import { c32address } from 'c32check';
import fc from 'fast-check';
import type { World } from '../../../src/world';
import { encoded, type FuzzKind, nastyPart, nastyValue, nearly, type Part, pct, worst } from './fuzz-values';
import type { RawRequest } from './raw-http';
import { OPERATION_IDS, type OperationId, QUERY_PARAMETERS, ROUTES } from './routes';

/** A generated request, with what it was aimed at (for the histogram and for failure reports). */
export interface FuzzRequest extends RawRequest {
  kind: FuzzKind;
  target: OperationId | 'garbage';
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const hash = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => `0x${hex(bytes)}`);
const randomAddress = fc
  .tuple(fc.constantFrom(22, 20, 26, 21), fc.uint8Array({ minLength: 20, maxLength: 20 }))
  .map(([version, bytes]) => c32address(version, hex(bytes)));
const contractName = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_-]{0,20}$/);

/** Well-formed values of every parameter, most of them known to the world. */
function validValues(world: World): Record<string, fc.Arbitrary<string>> {
  const fx = world.fixtures;
  const principals = world.principals();
  const first = world.listAddressTransactions(fx.address, { limit: 50, offset: 0 });
  if ('error' in first) throw new Error(`fixture address cannot be listed: ${first.error}`);
  const txIds = first.results.map((row) => row.tx.tx_id);
  const cursors = [first.cursor, first.prev_cursor].filter((c): c is string => c !== null);
  const heights = first.results.map((row) => row.tx.block_height);
  const blockHashes = heights.map((h) => world.getBlockByHeight(h)?.hash).filter((h): h is string => !!h);
  const burnHeights = heights
    .map((h) => world.getBlockByHeight(h)?.burn_block_height)
    .filter((h): h is number => h !== undefined);
  const contractIds = fc.oneof(
    fc.constantFrom(...fx.contractIds),
    fc
      .tuple(randomAddress, fc.constantFrom('constructor', 'prototype', 'toString', 'hasOwnProperty'))
      .map(([address, name]) => `${address}.${name}`),
    fc.tuple(randomAddress, contractName).map(([address, name]) => `${address}.${name}`),
  );
  // The v3 lists' cursors: positions of the fixture address's rows, and balance-change assets.
  const v3 = world.listPrincipalTransactions(fx.address, { limit: 50 });
  if ('error' in v3) throw new Error(`fixture address cannot be listed: ${v3.error}`);
  const positions = [v3.cursor.current, v3.cursor.next].filter((c): c is string => c !== null);
  const assets = world
    .listPrincipalTransactionBalanceChanges(fx.address, fx.txId, { limit: 50 })
    .results.map((row) =>
      row.asset.type === 'stx' ? '1:stx' : `${row.asset.type === 'ft' ? 2 : 3}:${row.asset.identifier}`,
    );
  const principal = fc.oneof(
    { weight: 3, arbitrary: fc.constant(fx.address) },
    { weight: 3, arbitrary: fc.constantFrom(...principals) },
    { weight: 1, arbitrary: randomAddress },
  );
  return {
    ticker: fc.constantFrom(fx.ticker, fx.ticker.toUpperCase(), 'sats', 'pepe', 'constructor', '__proto__'),
    address: principal,
    principal,
    tx_id: fc.oneof(
      fc.constant(fx.txId),
      fc.constantFrom(...txIds),
      hash,
      hash.map((h) => h.slice(2)),
    ),
    burn_block_height: fc
      .oneof(fc.constant(fx.burnBlockHeight), fc.constantFrom(...burnHeights), fc.nat({ max: 2 ** 31 }))
      .map(String),
    burn_block_hash: fc.oneof(
      fc.constant(fx.burnBlockHash),
      hash,
      hash.map((h) => h.slice(2)),
    ),
    contract_id: contractIds,
    limit: fc.integer({ min: 0, max: 50 }).map(String),
    offset: fc.oneof(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 3000 })).map(String),
    cursor: fc.oneof(
      fc.constantFrom(...cursors),
      fc.constantFrom(...positions, ...assets),
      fc.tuple(fc.nat({ max: world.tip.height + 5 }), fc.nat(), fc.nat({ max: 40 })).map((p) => p.join(':')),
    ),
    height_or_hash: fc.oneof(
      fc.constant('latest'),
      fc.constantFrom(...burnHeights).map(String),
      fc.constant(fx.burnBlockHash),
      fc.constant(fx.burnBlockHash.slice(2).toUpperCase()),
      hash,
      fc.nat({ max: 2 ** 31 }).map(String),
    ),
    height: fc.integer({ min: 0, max: world.tip.height + 5 }).map(String),
    unanchored: fc.constantFrom('true', 'false'),
    until_block: fc.oneof(
      fc.integer({ min: 0, max: world.tip.height + 5 }).map(String),
      fc.constantFrom(...blockHashes),
    ),
    exclude_function_args: fc.constantFrom('true', 'false'),
  };
}

const NASTY_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '__proto__[polluted]',
  'constructor[prototype][polluted]',
  '__proto__.polluted',
  'limit[]',
  'contract_id[0]',
  'contract_id[]',
  'LIMIT',
  'Offset',
  '',
  ' limit',
];

/** Header names a client or a proxy may send; framing headers (Host, Content-Length, ...) left to Node. */
const HEADER_NAMES = [
  'x-api-key',
  'if-none-match',
  'accept',
  'accept-encoding',
  'accept-language',
  'origin',
  'referer',
  'cookie',
  'x-forwarded-for',
  'x-request-id',
  'content-type',
  'range',
  'authorization',
  'user-agent',
  'x-http-method-override',
  'access-control-request-headers',
  '__proto__',
  'constructor',
];

function headers(world: World): fc.Arbitrary<Record<string, string>> {
  const value = fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 60 }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom('*', '"x"', 'W/"x"', `"${world.tip.index_block_hash}"`, '', 'null'),
    },
  );
  const name = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HEADER_NAMES) },
    { weight: 1, arbitrary: fc.stringMatching(/^x-[a-z0-9-]{1,20}$/) },
  );
  return fc
    .uniqueArray(fc.tuple(name, value), { maxLength: 4, selector: ([key]) => key })
    .map((pairs) => Object.fromEntries(pairs));
}

/** The three ways one slot of a request (a path parameter, a query pair) can be filled. */
interface Slot {
  valid: fc.Arbitrary<Part>;
  near: fc.Arbitrary<Part>;
  any: fc.Arbitrary<Part>;
}

function pathSlot(valid: fc.Arbitrary<string>): Slot {
  const asValid = valid.map((value) => ({ text: pct(value), kind: 'valid' as const }));
  const near = valid.chain(nearly).chain((value) => encoded(value, 'near-valid'));
  return {
    valid: asValid,
    near,
    any: fc.oneof(
      { weight: 4, arbitrary: asValid },
      { weight: 3, arbitrary: near },
      { weight: 3, arbitrary: nastyPart },
    ),
  };
}

function querySlot(names: readonly string[], values: Record<string, fc.Arbitrary<string>>): Slot {
  const declared =
    names.length > 0 ? fc.constantFrom(...names) : fc.constantFrom('limit', 'offset', 'cursor');
  const valuesOf = (name: string) => values[name] ?? nastyValue;
  const valid = declared.chain((name) =>
    valuesOf(name).map((value) => ({ text: `${name}=${pct(value)}`, kind: 'valid' as const })),
  );
  const near = fc.oneof(
    declared.chain((name) =>
      valuesOf(name)
        .chain(nearly)
        .chain((value) => encoded(value, 'near-valid'))
        .map((part) => ({ text: `${name}=${part.text}`, kind: 'near-valid' as const })),
    ),
    fc.tuple(fc.constantFrom(...NASTY_KEYS), valid).map(([key, pair]) => ({
      text: `${pct(key)}=${pair.text.split('=')[1]}`,
      kind: 'near-valid' as const,
    })),
  );
  const garbage = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.oneof(declared, fc.constantFrom(...NASTY_KEYS), nastyValue), nastyPart)
        .map(([name, part]) => ({ text: `${pct(name)}=${part.text}`, kind: 'garbage' as const })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', '=', '&', 'limit', 'limit=', '=1', '&&&').map((text) => ({
        text,
        kind: 'garbage' as const,
      })),
    },
  );
  return {
    valid,
    near,
    any: fc.oneof(
      { weight: 3, arbitrary: valid },
      { weight: 2, arbitrary: near },
      { weight: 3, arbitrary: garbage },
    ),
  };
}

/** Rare changes to the shape of a path: a trailing slash, doubled or dotted segments, a wrong case. */
const DECORATIONS: readonly ((path: string) => string)[] = [
  (path) => `${path}/`,
  (path) => path.replace(/\/([^/]*)$/, '//$1'),
  (path) => path.replace('/v', '/./v'),
  (path) => path.replace('/v', '/x/../v'),
  (path) => path.toUpperCase(),
  (path) => `${path};x=1`,
  (path) => `${path}/extra`,
];
const decoration = fc.constantFrom(...DECORATIONS);

/**
 * A request aimed at one operation, in one of three modes: every slot valid; exactly one slot (or the path's
 * shape) one mistake away; or every slot drawn from anything.
 */
function operationRequest(world: World): fc.Arbitrary<FuzzRequest> {
  const values = validValues(world);
  const mode = fc.constantFrom<FuzzKind>('valid', 'valid', 'near-valid', 'near-valid', 'garbage');
  // The status operation needs at least one contract_id to be answerable.
  const pairs = (operationId: OperationId) =>
    fc.integer({ min: operationId === 'getSmartContractsStatus' ? 1 : 0, max: 5 });
  return fc
    .tuple(fc.constantFrom(...OPERATION_IDS), mode)
    .chain(([operationId, kind]) => pairs(operationId).map((count) => ({ operationId, kind, count })))
    .chain(({ operationId, kind, count }) => {
      const template = ROUTES[operationId];
      const names = QUERY_PARAMETERS[operationId];
      const pathSlots = template.map((segment) =>
        segment.startsWith('{') ? pathSlot(values[segment.slice(1, -1)] ?? nastyValue) : undefined,
      );
      const querySlots = Array.from({ length: count }, () => querySlot(names, values));
      const slotCount = pathSlots.filter(Boolean).length + querySlots.length;
      // In near-valid mode one position is spoilt; `slotCount` stands for the path's shape.
      const spoilt = kind === 'near-valid' ? fc.nat({ max: slotCount }) : fc.constant(-1);
      return spoilt.chain((target) => {
        let index = 0;
        const pick = (slot: Slot): fc.Arbitrary<Part> => {
          const mine = index++;
          if (kind === 'garbage') return slot.any;
          return mine === target ? slot.near : slot.valid;
        };
        const segments = template.map((segment, i) => {
          const slot = pathSlots[i];
          return slot ? pick(slot) : fc.constant({ text: segment, kind: 'valid' as const });
        });
        const query = querySlots.map(pick);
        const decorate =
          kind === 'garbage'
            ? fc.option(decoration, { freq: 6, nil: undefined })
            : target === slotCount
              ? decoration.map((d) => d as ((path: string) => string) | undefined)
              : fc.constant(undefined);
        return fc
          .record({
            segments: fc.tuple(...segments),
            query: fc.tuple(...query),
            decorate,
            headers: headers(world),
          })
          .map(({ segments: parts, query: chosen, decorate: shape, headers: sent }) => {
            const plain = `/${parts.map((part) => part.text).join('/')}`;
            const path = shape ? shape(plain) : plain;
            const search = chosen.length > 0 ? `?${chosen.map((pair) => pair.text).join('&')}` : '';
            const kinds = [...parts, ...chosen].map((part) => part.kind);
            if (path !== plain) kinds.push('near-valid');
            return { path: path + search, headers: sent, kind: worst(kinds), target: operationId };
          });
      });
    });
}

const SEGMENT_WORDS = [
  'extended',
  'v1',
  'v2',
  'v3',
  'ordinals',
  'brc-20',
  'tokens',
  'address',
  'addresses',
  'block',
  'blocks',
  'transactions',
  'events',
  'status',
  'smart-contracts',
  'by_burn_block_height',
  'by_burn_block_hash',
  'transactions_with_transfers',
  '..',
  '.',
  '',
  '%2e%2e',
  '%2F',
  'health',
  '__mock',
  'ordi',
];

function garbageRequest(world: World): fc.Arbitrary<FuzzRequest> {
  const segment = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(...SEGMENT_WORDS).map((text) => ({ text, kind: 'garbage' as const })),
    },
    { weight: 2, arbitrary: nastyPart },
  );
  const structured = fc
    .tuple(fc.array(segment, { maxLength: 8 }), fc.array(querySlot([], {}).any, { maxLength: 4 }))
    .map(([parts, pairs]) => {
      const search = pairs.length > 0 ? `?${pairs.map((pair) => pair.text).join('&')}` : '';
      return `/${parts.map((part) => part.text).join('/')}${search}`;
    });
  const anyBytes = fc
    .string({
      unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
      maxLength: 80,
    })
    .map((text) => `/${text}`);
  return fc
    .tuple(fc.oneof({ weight: 3, arbitrary: structured }, { weight: 1, arbitrary: anyBytes }), headers(world))
    .map(([path, sent]) => ({ path, headers: sent, kind: 'garbage' as const, target: 'garbage' as const }));
}

/** Values past Node's 16 KiB limit on a request head: on the request line, or in a header. */
const OVERSIZED = ['a'.repeat(20_000), '%'.repeat(20_000), pct('€'.repeat(7_000))];

const oversize = fc.oneof(
  { weight: 30, arbitrary: fc.constant((request: FuzzRequest) => request) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...OVERSIZED).map((value) => (request: FuzzRequest) => ({
      ...request,
      path: `${request.path}${request.path.includes('?') ? '&' : '?'}contract_id=${value}`,
      kind: 'garbage' as const,
    })),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom('x-api-key', 'if-none-match', 'x-padding')
      .map((name) => (request: FuzzRequest) => ({
        ...request,
        headers: { ...request.headers, [name]: 'k'.repeat(20_000) },
        kind: 'garbage' as const,
      })),
  },
);

/** Requests to the mock: mostly aimed at one of the seven operations, some at nothing at all, a few oversized. */
export function fuzzRequest(world: World): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(
      fc.oneof(
        { weight: 5, arbitrary: operationRequest(world) },
        { weight: 1, arbitrary: garbageRequest(world) },
      ),
      oversize,
    )
    .map(([request, grow]) => grow(request));
}
