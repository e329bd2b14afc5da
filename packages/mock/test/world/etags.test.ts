import { describe, expect, it } from 'vitest';
import { createWorld } from '../../src/world';
import { digestHex } from '../../src/world/hash';

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

  // Both address lists use upstream's `handlePrincipalCache`, whose query leaves the mempool part out
  // (`getPrincipalLastActivityTxIds(principal, includeMempool = false)`): a pending transaction changes nothing.
  it('ignores pending mempool transactions, as the address lists upstream do', () => {
    const world = createWorld({ seed: 8, blocks: 40 });
    const deployer = 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE';
    const before = world.principalEtag(deployer);
    expect(before).toBeDefined();
    world.addContract({ contractId: `${deployer}.queued`, status: 'pending' });
    expect(world.principalEtag(deployer)).toBe(before);
    const newcomer = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
    expect(world.principalEtag(newcomer)).toBeUndefined();
    world.addContract({ contractId: `${newcomer}.only-pending`, status: 'pending' });
    expect(world.getSmartContractStatus(`${newcomer}.only-pending`)).toMatchObject({
      found: true,
      result: { status: 'pending' },
    });
    expect(world.principalEtag(newcomer)).toBeUndefined();
  });
});

describe('transactionEtag', () => {
  // Upstream's `DbTxStatus` (src/datastore/common.ts, v9.0.2 and main): the number its ETag hashes.
  const DB_TX_STATUS: [string, number][] = [
    ['success', 1],
    ['abort_by_response', -1],
    ['abort_by_post_condition', -2],
    ['problematic_skipped', -3],
  ];
  it.each(DB_TX_STATUS)('hashes a %s transaction with upstream status number %i', (status, code) => {
    const world = createWorld({ seed: 1 });
    let found: { tx_id: string; index_block_hash: string } | undefined;
    for (let height = 1; height <= world.tip.height && !found; height++) {
      const block = world.getBlockByHeight(height);
      const txId = block?.txs.find((id) => world.getTransaction(id)?.tx_status === status);
      if (block && txId) found = { tx_id: txId, index_block_hash: block.index_block_hash };
    }
    if (!found) throw new Error(`the default world has no ${status} transaction`);
    expect(world.transactionEtag(found.tx_id)).toBe(
      digestHex(`${found.tx_id}:${found.index_block_hash}:0x:${code}`),
    );
  });

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
