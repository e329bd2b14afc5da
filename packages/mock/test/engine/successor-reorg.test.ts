import { describe, expect, it } from 'vitest';
import { createFetchHandler, createWorld } from '../../src';
import { schemaErrors } from '../support/spec-schemas';

// What the v3 list answers for a cursor whose block a re-org removed. Upstream's cursor is a position
// (`<height>:<microblock_sequence>:<tx_index>`), not a block: its store reads the canonical rows at or older than
// that position (`(block_height, microblock_sequence, tx_index) <= cursor`), so the answer is a 200 holding the
// rows of the replacement block at that height, if any, then older ones. Never a 404, unlike the v2 list's
// `Invalid cursor: block not found`. The balance changes of a transaction the re-org removed are an empty 200, as
// upstream reads canonical rows only.

interface Page {
  total: number;
  cursor: { next: string | null; previous: string | null; current: string | null };
  results: { transaction: { tx_id: string; block: { height: number; tx_index: number } } }[];
}

async function page(handler: ReturnType<typeof createFetchHandler>, path: string) {
  const response = await handler(new Request(`https://api.hiro.so${path}`));
  const body = (await response.json()) as Page;
  expect(schemaErrors('getPrincipalTransactions', response.status, body)).toBeUndefined();
  return { status: response.status, body };
}

describe('a v3 cursor whose block a re-org removed', () => {
  it('still answers 200: the canonical rows at or older than its position', async () => {
    const world = createWorld({ seed: 1 });
    const handler = createFetchHandler({ world });
    const { address } = world.fixtures;
    for (let i = 0; i < 4; i++) world.mineBlock({ address });
    const list = `/extended/v3/principals/${address}/transactions`;
    const first = await page(handler, `${list}?limit=1`);
    // A cursor into the block mined two blocks below the tip.
    const target = world.tip.height - 1;
    let cursor = first.body.cursor.current as string;
    while (Number(cursor.split(':')[0]) > target) {
      cursor = (await page(handler, `${list}?limit=1&cursor=${cursor}`)).body.cursor.next as string;
    }
    const [height] = cursor.split(':').map(Number);
    const orphanedBlock = world.getBlockByHeight(height as number)?.index_block_hash;
    world.reorg({ depth: world.tip.height - (height as number) + 1, replaceWith: 3 });
    expect(world.getBlockByHeight(height as number)?.index_block_hash).not.toBe(orphanedBlock);

    const after = await page(handler, `${list}?limit=5&cursor=${cursor}`);
    expect(after.status).toBe(200);
    // Exactly the rows the whole list now holds at or below that position, in order.
    const whole = await page(handler, `${list}?limit=50`);
    const key = (r: Page['results'][number]) => [r.transaction.block.height, r.transaction.block.tx_index];
    const [, , txIndex] = cursor.split(':').map(Number);
    const expected = whole.body.results.filter((row) => {
      const [h, i] = key(row) as [number, number];
      return h < (height as number) || (h === height && i <= (txIndex as number));
    });
    expect(after.body.results.map((r) => r.transaction.tx_id)).toEqual(
      expected.slice(0, 5).map((r) => r.transaction.tx_id),
    );
  });

  it('refuses a malformed cursor with the validation 400 upstream sends', async () => {
    const world = createWorld({ seed: 1 });
    const handler = createFetchHandler({ world });
    const response = await handler(
      new Request(
        `https://api.hiro.so/extended/v3/principals/${world.fixtures.address}/transactions?cursor=abc`,
      ),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      code: 'FST_ERR_VALIDATION',
      error: 'Bad Request',
      message: 'querystring/cursor must match pattern "^[0-9]+:[0-9]+:[0-9]+$"',
    });
  });

  it('reads <height>:0:0 as the whole height when no row sits exactly there', async () => {
    const world = createWorld({ seed: 1 });
    const { address } = world.fixtures;
    const newest = world.listPrincipalTransactions(address, { limit: 1 });
    if ('error' in newest) throw new Error(newest.error);
    const height = newest.results[0]?.transaction.block.height as number;
    const page = world.listPrincipalTransactions(address, { limit: 1, cursor: `${height}:0:0` });
    if ('error' in page) throw new Error(page.error);
    expect(page.cursor.current).toBe(newest.cursor.current);
  });

  it('answers the balance changes of a transaction the re-org removed with an empty 200 (canonical rows only)', async () => {
    const world = createWorld({ seed: 1 });
    const handler = createFetchHandler({ world });
    const { address } = world.fixtures;
    for (let i = 0; i < 2; i++) world.mineBlock({ address });
    const newest = await page(handler, `/extended/v3/principals/${address}/transactions?limit=1`);
    const txId = newest.body.results[0]?.transaction.tx_id as string;
    const path = `/extended/v3/principals/${address}/transactions/${txId}/balance-changes`;
    const before = await changes(handler, path);
    expect(before.status).toBe(200);
    expect(before.body.total).toBeGreaterThan(0);
    expect(before.etag).toBe(`"${world.transactionEtag(txId)}"`);
    // No replacement block, so no block takes the transaction back.
    const { orphanedTransactions } = world.reorg({ depth: 1 });
    expect(orphanedTransactions).toContain(txId);

    const after = await changes(handler, path);
    expect(after.status).toBe(200);
    expect(after.body).toEqual({
      total: 0,
      limit: 20,
      cursor: { next: null, previous: null, current: null },
      results: [],
    });
    // The transaction is back in the mempool: its ETag is the pending one, so a client revalidating the old page
    // gets the new one, not a 304.
    expect(after.etag).toBe(`"${world.transactionEtag(txId)}"`);
    expect(after.etag).not.toBe(before.etag);
  });
});

async function changes(handler: ReturnType<typeof createFetchHandler>, path: string) {
  const response = await handler(new Request(`https://api.hiro.so${path}`));
  const body = (await response.json()) as { total: number };
  expect(schemaErrors('getPrincipalTransactionBalanceChanges', response.status, body)).toBeUndefined();
  return { status: response.status, body, etag: response.headers.get('etag') };
}
