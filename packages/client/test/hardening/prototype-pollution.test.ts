import { createWorld } from '@blockindex/mock';
import { type MockServer, startMockServer } from '@blockindex/mock/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError, createClient, ResponseParseError } from '../../src/index.js';

// The contract-status map is the one map the client keys by caller input (and by the server's answer): ids
// such as __proto__, constructor or prototype must stay plain keys, one per distinct id, polluting nothing.
const PROTO_IDS = ['__proto__', 'constructor', 'prototype'];
const blank = () => ({}) as Record<string, unknown>;

/** A fetch answering the status route with a raw JSON text, as a hostile or buggy server could. */
const answering = (text: string) => async () =>
  new Response(text, { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  expect(blank().found).toBeUndefined();
  expect(blank().polluted).toBeUndefined();
  expect(Object.keys(Object.prototype)).toEqual([]);
});

describe('getSmartContractsStatus with prototype-named ids', () => {
  it('returns exactly one own entry per distinct id, __proto__ included', async () => {
    const text = '{"__proto__":{"found":false},"constructor":{"found":false},"prototype":{"found":false}}';
    const client = createClient({ fetch: answering(text) });
    const statuses = await client.getSmartContractsStatus([...PROTO_IDS, '__proto__', 'constructor']);
    expect(Object.keys(statuses).sort()).toEqual([...PROTO_IDS].sort());
    for (const id of PROTO_IDS) {
      expect(Object.hasOwn(statuses, id)).toBe(true);
      expect(Object.getOwnPropertyDescriptor(statuses, id)?.value).toEqual({ found: false });
    }
    expect(JSON.parse(JSON.stringify(statuses))).toEqual(JSON.parse(text));
  });

  it('drops keys it did not ask for, polluting nothing, even a server-sent __proto__ with a payload', async () => {
    const id = 'SP000000000000000000002Q6VF78.pox';
    const text = `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"${id}":{"found":false}}`;
    const statuses = await createClient({ fetch: answering(text) }).getSmartContractsStatus([id]);
    expect(Object.keys(statuses)).toEqual([id]);
    expect((statuses as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses an answer that names only __proto__ instead of the requested id (no inherited entry counts)', async () => {
    const text = '{"__proto__":{"found":false}}';
    const error = await createClient({ fetch: answering(text) })
      .getSmartContractsStatus(['SP000000000000000000002Q6VF78.pox'])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseParseError);
  });
});

describe('getSmartContractsStatus against the standalone mock', () => {
  let server: MockServer;
  const world = createWorld({ seed: 1 });
  const [deployed] = world.fixtures.contractIds;
  const owner = deployed.split('.')[0] ?? '';

  beforeAll(async () => {
    server = await startMockServer({ port: 0, world });
  });

  afterAll(async () => {
    await server.close();
  });

  it('answers ids named after Object.prototype members with one key per distinct id', async () => {
    const ids = ['constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'].map(
      (name) => `${owner}.${name}`,
    );
    const client = createClient({ baseUrl: server.url });
    const statuses = await client.getSmartContractsStatus([...ids, deployed, ...ids]);
    expect(Object.keys(statuses).sort()).toEqual([...ids, deployed].sort());
    for (const id of ids) expect(statuses[id]).toEqual({ found: false });
    expect(statuses[deployed]).toMatchObject({ found: true });
  });

  it('surfaces the server’s 400 for ids that are not contract ids at all', async () => {
    const client = createClient({ baseUrl: server.url, retry: false });
    const error = await client.getSmartContractsStatus(PROTO_IDS).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
  });
});
