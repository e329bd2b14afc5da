import { describe, expect, it } from 'vitest';
import { createWorld } from '../../src/world';

describe('principalEtag', () => {
  it('is undefined without activity and a 64-hex digest otherwise', () => {
    const world = createWorld({ seed: 8, blocks: 40 });
    expect(world.principalEtag('SP000000000000000000002Q6VF78.no-activity')).toBeUndefined();
    expect(world.principalEtag(world.fixtures.address)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes when the principal gets a transaction, and only then', () => {
    const world = createWorld({ seed: 8, blocks: 40 });
    const { address } = world.fixtures;
    const quiet = 'SP000000000000000000002Q6VF78.no-activity';
    // This deployer only ever sends its genesis deploy: mining never touches it.
    const bystander = 'SP1JTCR202ECC6333N7ZXD7MK7E3ZTEEE1MJ73C60';
    const [before, bystanderBefore] = [world.principalEtag(address), world.principalEtag(bystander)];
    expect(bystanderBefore).toBeDefined();
    world.mineBlock({ address: quiet, transactions: 0 });
    world.mineBlock({ address });
    expect(world.principalEtag(address)).not.toBe(before);
    expect(world.principalEtag(bystander)).toBe(bystanderBefore);
  });

  it('counts a pending mempool transaction, as the real ETag does', () => {
    const world = createWorld({ seed: 8, blocks: 40 });
    const deployer = 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE';
    const before = world.principalEtag(deployer);
    world.addContract({ contractId: `${deployer}.queued`, status: 'pending' });
    expect(world.principalEtag(deployer)).not.toBe(before);
  });
});

describe('transactionEtag', () => {
  it('is undefined for an unknown transaction and stable for a known one', () => {
    const world = createWorld({ seed: 8, blocks: 40 });
    expect(world.transactionEtag(`0x${'0'.repeat(64)}`)).toBeUndefined();
    const etag = world.transactionEtag(world.fixtures.txId);
    expect(etag).toMatch(/^[0-9a-f]{64}$/);
    world.mineBlock();
    expect(world.transactionEtag(world.fixtures.txId)).toBe(etag);
    expect(createWorld({ seed: 8, blocks: 40 }).transactionEtag(world.fixtures.txId)).toBe(etag);
  });
});
