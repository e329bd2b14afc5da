import { beforeAll, describe, expect, it } from 'vitest';
import { createWorld, type World } from '../../src/world';
import { principalsByActivity } from './helpers';
import { schemaErrors } from './schemas';

let world: World;
let principals: string[];

beforeAll(() => {
  world = createWorld({ seed: 21, blocks: 150 });
  principals = principalsByActivity(world).slice(0, 25);
});

describe('world answers against the spec schemas', () => {
  it('validates endpoint-5 pages (every transaction variant inside)', () => {
    for (const address of principals) {
      for (const offset of [0, 50, 100, 150]) {
        const p = world.listAddressTransactions(address, { limit: 50, offset });
        if ('error' in p) throw new Error(p.error);
        expect(schemaErrors('AddressTransactionPage', { limit: 50, offset, ...p })).toBe('');
      }
    }
  });

  it('validates endpoint-4 pages', () => {
    for (const address of principals) {
      const p = world.listTransactionsWithTransfers(address, { limit: 50, offset: 0, unanchored: false });
      expect(schemaErrors('AddressTransactionWithTransfersPage', { limit: 50, offset: 0, ...p })).toBe('');
    }
  });

  it('validates endpoint-3 pages', () => {
    for (const address of principals) {
      const p = world.listAddressTransactions(address, { limit: 50, offset: 0 });
      if ('error' in p) throw new Error(p.error);
      for (const row of p.results) {
        const events = world.listAddressTransactionEvents(address, row.tx.tx_id, { limit: 50, offset: 0 });
        expect(schemaErrors('AddressTransactionEventPage', { limit: 50, offset: 0, ...events })).toBe('');
      }
    }
  });

  it('validates blocks, contract statuses and BRC-20 tokens', () => {
    for (let height = 1; height <= world.tip.height; height++) {
      expect(schemaErrors('Block', world.getBlockByHeight(height))).toBe('');
    }
    const statuses = Object.fromEntries(
      [...world.fixtures.contractIds, ...principals.filter((p) => p.includes('.'))].map((id) => [
        id,
        world.getSmartContractStatus(id),
      ]),
    );
    expect(schemaErrors('SmartContractsStatusResponse', statuses)).toBe('');
    for (const ticker of ['ordi', 'sats', 'piin', '🐸', 'pizza', 'btcs']) {
      expect(schemaErrors('Brc20TokenDetails', world.getBrc20Token(ticker))).toBe('');
    }
    expect(schemaErrors('Brc20TokenDetails', world.addBrc20Token({ ticker: 'abcd', mint_limit: null }))).toBe(
      '',
    );
  });
});
