import { c32addressDecode } from 'c32check';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../../src/server';
import { answerProblem } from './helpers/fuzz-oracle';
import type { FuzzRequest } from './helpers/fuzz-requests';
import { pct } from './helpers/fuzz-values';
import { type RawAnswer, rawClient } from './helpers/raw-http';
import { ROUTES } from './helpers/routes';
import { fuzzSeed } from './helpers/stress-mode';
import {
  type PublishedOperationId,
  UPSTREAM_MAX_PARAM_LENGTH,
  UPSTREAM_ROUTES,
  type UpstreamParameter,
} from './helpers/upstream-published';

// Requests built only from what upstream's published documents allow (its patterns, types and bounds): upstream's
// validation accepts every one of them, so the mock must not refuse one at validation either. A 400 is allowed
// only where upstream's handler refuses the same input after its validation, or where upstream fails with a 500
// and UPSTREAM.md documents the mock's 400 instead. Every answer also goes through the shared fuzz oracle (spec-valid
// bodies, documented statuses, headers).
const RUNS = 400;
const INT32_MAX = 2_147_483_647;

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0, seed: 1 });
});
afterAll(async () => {
  await server.close();
});

interface Generated {
  operationId: PublishedOperationId;
  params: Record<string, string>;
  query: [string, string][];
}

/** Free text as a client may send it: ASCII, any Unicode, digits, hex, and the empty string. */
const freeText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.stringMatching(/^[0-9]{1,12}$/),
  fc.stringMatching(/^(0x)?[0-9a-fA-F]{0,70}$/),
  fc.constant(''),
);

function generatorOf(
  name: string,
  parameter: UpstreamParameter,
  fixtures: Record<string, fc.Arbitrary<string>>,
) {
  const known = fixtures[name];
  const generated = ((): fc.Arbitrary<string> => {
    switch (parameter.type) {
      case 'boolean':
        return fc.constantFrom('true', 'false');
      case 'integer': {
        const min = parameter.minimum ?? -(2 ** 40);
        const max = parameter.maximum ?? Number.MAX_SAFE_INTEGER;
        return fc
          .oneof(
            fc.integer({ min: Math.max(min, -1000), max: Math.min(max, 1000) }),
            fc.integer({ min, max }),
          )
          .map(String);
      }
      case 'string-list':
      case 'string': {
        const patterns =
          parameter.type === 'string'
            ? [...(parameter.anyOf ?? []), ...(parameter.pattern === undefined ? [] : [parameter.pattern])]
            : [parameter.pattern];
        if (patterns.length === 0) return freeText;
        // fast-check fills what an unanchored pattern leaves open with anything: the junk after an address.
        return fc.oneof(...patterns.map((pattern) => fc.stringMatching(new RegExp(pattern))));
      }
    }
  })();
  return known === undefined ? generated : fc.oneof(generated, known);
}

function requests(fixtures: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<Generated> {
  const operationIds = Object.keys(UPSTREAM_ROUTES) as PublishedOperationId[];
  return fc.constantFrom(...operationIds).chain((operationId) => {
    const route = UPSTREAM_ROUTES[operationId];
    const path = fc.record(
      Object.fromEntries(
        Object.entries(route.path).map(([name, parameter]) => [
          name,
          // A path segment upstream's router takes: not empty, not a dot segment, at most 100 characters.
          generatorOf(name, parameter, fixtures).filter((value) => {
            const segment = pct(value);
            return (
              value !== '' && value !== '.' && value !== '..' && segment.length <= UPSTREAM_MAX_PARAM_LENGTH
            );
          }),
        ]),
      ),
    );
    const optional = [
      ...Object.entries(route.query),
      ...(route.undeclared ?? []).map((name) => [name, { type: 'string' } as const] as const),
    ];
    const query = fc.tuple(
      ...optional.map(([name, parameter]) => {
        const values =
          parameter.type === 'string-list'
            ? fc.array(generatorOf(name, parameter, fixtures), { minLength: 1, maxLength: 3 })
            : generatorOf(name, parameter, fixtures).map((value) => [value]);
        const required = parameter.type === 'string-list';
        return (required ? values : fc.option(values, { nil: undefined })).map((list) =>
          (list ?? []).map((value) => [name, value] as [string, string]),
        );
      }),
    );
    return fc.record({ operationId: fc.constant(operationId), params: path, query }).map((request) => ({
      ...request,
      query: request.query.flat(),
    }));
  });
}

function toPath({ operationId, params, query }: Generated): string {
  const segments = ROUTES[operationId].map((part) => {
    const name = /^\{(\w+)\}$/.exec(part)?.[1];
    return name === undefined ? part : pct(params[name] ?? '');
  });
  const search = query.map(([name, value]) => `${name}=${pct(value)}`).join('&');
  return `/${segments.join('/')}${search === '' ? '' : `?${search}`}`;
}

/** Upstream's `validatePrincipal`: c32check of the address, and a contract name read from the second part. */
function upstreamValidPrincipal(principal: string): boolean {
  const valid = (address: string) => {
    try {
      c32addressDecode(address);
      return true;
    } catch {
      return false;
    }
  };
  if (!principal.includes('.')) return valid(principal);
  const [address = '', name = ''] = principal.split('.');
  return (
    valid(address) && name.length >= 1 && name.length <= 128 && /^[a-zA-Z]([a-zA-Z0-9]|[-_])*$/.test(name)
  );
}

const queryValue = (request: Generated, name: string) => request.query.find(([key]) => key === name)?.[1];

/**
 * Why upstream fails this request with a 500 after its validation (the mock answers a documented 400 there), or
 * undefined. UPSTREAM.md, differences: 32-bit heights, integers past 2^53, a NUL byte in a v2 address, a burn block
 * hash that is not even-length hex.
 */
function upstreamFails(request: Generated): string | undefined {
  const height = queryValue(request, 'height');
  if (height !== undefined && Math.abs(Number(height)) > INT32_MAX) return 'a height past 32 bits';
  const untilBlock = queryValue(request, 'until_block');
  if (untilBlock !== undefined && !untilBlock.startsWith('0x') && Number.parseInt(untilBlock, 10) > INT32_MAX)
    return 'an until_block height past 32 bits';
  for (const name of ['offset', 'burn_block_height']) {
    const value = queryValue(request, name) ?? request.params[name];
    if (value !== undefined && Number(value) > Number.MAX_SAFE_INTEGER) return `${name} past 2^53`;
  }
  if (request.params.address?.includes('\u0000')) return 'a NUL byte in the address';
  const hash = request.params.burn_block_hash;
  if (hash?.startsWith('0x') && !/^0x([0-9a-fA-F]{2})*$/.test(hash))
    return 'a burn block hash that is not hex';
  return undefined;
}

/** Why a 400 is right (upstream's handler refuses the same after validation, or upstream fails), or undefined. */
function justified400(request: Generated, message: string, code: string | undefined): string | undefined {
  const failing = upstreamFails(request);
  if (failing !== undefined) return failing;
  if (code === 'FST_ERR_VALIDATION') return undefined;
  const principal = request.params.principal;
  if (principal !== undefined && message === `invalid STX address "${principal}"`) {
    return upstreamValidPrincipal(principal) ? undefined : 'invalid principal';
  }
  const untilBlock = queryValue(request, 'until_block') ?? '';
  const unanchored = queryValue(request, 'unanchored') === 'true';
  const height = Number(queryValue(request, 'height') ?? 0);
  if (untilBlock === '') return undefined;
  if (message === `can't handle both 'unanchored=true' and 'until_block' in the same request`)
    return unanchored ? 'until_block with unanchored' : undefined;
  if (message === 'Unexpected integer value for block height path parameter') {
    const parsed = Number.parseInt(untilBlock, 10);
    return !untilBlock.startsWith('0x') && (Number.isNaN(parsed) || parsed < 1) ? 'not a height' : undefined;
  }
  if (message === `can't handle until_block and block_height in the same request`)
    return height !== 0 ? 'until_block with height' : undefined;
  return undefined;
}

describe("requests upstream's validation accepts (its published patterns)", () => {
  it('are never refused by the mock at validation, and every answer is one the spec allows', async () => {
    const fixtures = server.world.fixtures;
    const known: Record<string, fc.Arbitrary<string>> = {
      address: fc.constant(fixtures.address),
      principal: fc.constant(fixtures.address),
      tx_id: fc.constant(fixtures.txId),
      ticker: fc.constant(fixtures.ticker),
      burn_block_height: fc.constant(String(fixtures.burnBlockHeight)),
      burn_block_hash: fc.constant(fixtures.burnBlockHash),
      contract_id: fc.constantFrom(...fixtures.contractIds),
    };
    const client = rawClient(server.url);
    const statuses = new Map<number, number>();
    const seed = fuzzSeed();
    try {
      await fc.assert(
        fc.asyncProperty(requests(known), async (generated) => {
          const request: FuzzRequest = {
            path: toPath(generated),
            kind: 'valid',
            target: generated.operationId,
          };
          const answer: RawAnswer = await client.send(request);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          const problem = answerProblem(request, answer);
          expect(problem, `${request.path}: ${answer.status} ${answer.body.slice(0, 300)}`).toBeUndefined();
          expect(answer.status, `${request.path}: ${answer.body.slice(0, 300)}`).not.toBe(500);
          if (answer.status === 400) {
            const body = JSON.parse(answer.body) as { message: string; code?: string };
            expect(
              justified400(generated, body.message, body.code),
              `${request.path} refused although upstream's validation accepts it: ${body.message}`,
            ).toBeDefined();
          }
          // Every generated request names an operation: never the router's 404.
          expect(answer.body, request.path).not.toMatch(/"message":"Route GET:/);
        }),
        { numRuns: RUNS, ...(seed === undefined ? {} : { seed }) },
      );
    } finally {
      client.close();
    }
    // The generator reaches answers from the world, not only errors.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(RUNS / 5);
  });

  it.each([
    [
      'the issue’s address with junk after it',
      '/extended/v2/addresses/D0924XKDB6GCEGHEHKG6HHZECXG72Q610RJJC2WYJH%C2%8EkT%C3%98/transactions',
      200,
    ],
    [
      'a contract id with a second dot',
      '/extended/v2/addresses/SP000000000000000000002Q6VF78.pox-4.x/transactions',
      200,
    ],
  ])('answers %s as upstream does', async (_name, path, status) => {
    const client = rawClient(server.url);
    try {
      const answer = await client.send({ path });
      expect(answer.status).toBe(status);
      expect(
        answerProblem({ path, kind: 'valid', target: 'getAddressTransactions' }, answer),
      ).toBeUndefined();
      expect(JSON.parse(answer.body)).toMatchObject({ total: 0, results: [] });
    } finally {
      client.close();
    }
  });
});
