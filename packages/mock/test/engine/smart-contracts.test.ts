import { describe, expect, it } from 'vitest';
import { createWorld } from '../../src';
import { buildStatusMap } from '../../src/engine/operations/smart-contracts';
import { createHandlers } from '../../src/msw';
import { call } from '../support/call';

const NOT_FOUND = { found: false } as const;

describe('buildStatusMap', () => {
  it('keeps __proto__, constructor and friends as plain keys, polluting nothing', () => {
    const keys = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype'];
    const map = buildStatusMap(keys, () => NOT_FOUND);
    expect(Object.keys(map)).toEqual(keys);
    for (const key of keys) {
      expect(Object.getOwnPropertyDescriptor(map, key)?.value).toEqual(NOT_FOUND);
    }
    expect(Object.getPrototypeOf(map)).toBeNull();
    expect(Object.keys(JSON.parse(JSON.stringify(map)))).toEqual(keys);
    expect(JSON.stringify(map)).toContain('"__proto__":{"found":false}');
    // Nothing leaked onto the shared prototypes.
    expect(({} as Record<string, unknown>).found).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('found');
  });

  it('orders confirmed ids (sorted), then pending, then unknown, one entry per distinct id', () => {
    const lookup = (id: string) =>
      id.startsWith('c')
        ? {
            found: true as const,
            result: { status: 'success' as const, tx_id: '0x1', contract_id: id, block_height: 1 },
          }
        : id.startsWith('p')
          ? { found: true as const, result: { status: 'pending' as const, tx_id: '0x2', contract_id: id } }
          : NOT_FOUND;
    const map = buildStatusMap(['u2', 'p2', 'c2', 'u1', 'c1', 'p1', 'c2', 'u2'], lookup);
    expect(Object.keys(map)).toEqual(['c1', 'c2', 'p2', 'p1', 'u2', 'u1']);
  });
});

describe('getSmartContractsStatus and prototype pollution', () => {
  const world = createWorld({ seed: 1 });
  const handlers = createHandlers({ world });
  const [deployed] = world.fixtures.contractIds;
  const address = deployed.split('.')[0] ?? '';

  it.each(['__proto__', 'constructor', 'prototype'])(
    'refuses contract_id=%s as malformed (400)',
    async (id) => {
      const answer = await call(handlers, `/extended/v2/smart-contracts/status?contract_id=${id}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'FST_ERR_VALIDATION' });
    },
  );

  it.each(['constructor', 'toString', 'hasOwnProperty', 'valueOf'])(
    'reports <address>.%s as never deployed',
    async (name) => {
      const id = `${address}.${name}`;
      const answer = await call(
        handlers,
        `/extended/v2/smart-contracts/status?contract_id=${id}&contract_id=${deployed}`,
      );
      expect(answer.status).toBe(200);
      expect((answer.body as Record<string, unknown>)[id]).toEqual(NOT_FOUND);
      expect(Object.prototype).not.toHaveProperty('found');
    },
  );

  it('the world answers inherited member names as unknown contracts', () => {
    for (const id of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(world.getSmartContractStatus(id)).toEqual(NOT_FOUND);
    }
  });

  it('serves a contract added at runtime', async () => {
    const id = `${address}.added-later`;
    world.addContract({ contractId: id, status: 'abort_by_response' });
    const answer = await call(handlers, `/extended/v2/smart-contracts/status?contract_id=${id}`);
    expect((answer.body as Record<string, { result?: { status: string } }>)[id]?.result?.status).toBe(
      'abort_by_response',
    );
  });
});
