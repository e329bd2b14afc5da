import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bySize } from './helpers/stress-mode';

// Issue 21.6: iterating a long list must not keep something per row. A child process (its own heap, bounded by
// --max-old-space-size) iterates a synthetic list through the built client and reports the heap after a full
// collection at two points of the same iteration; the growth between them, per row, must stay near zero.

const ROWS = bySize({ short: 60_000, full: 300_000 });
const FIRST = 5_000;
const dist = pathToFileURL(resolve(__dirname, '../../dist/index.js')).href;
const dir = mkdtempSync(join(tmpdir(), 'iteration-memory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const child = `
import { createClient } from ${JSON.stringify(dist)};
const [mode, rows, first] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const id = (i) => '0x' + i.toString(16).padStart(64, '0');
// Row i (0 = newest) of a list of \`rows\` rows; its cursor is its index.
const row = (i) => ({ tx: { tx_id: id(rows - i), block_hash: '0x' + (rows - i).toString(16), tx_index: 0, block_height: rows - i },
  stx_sent: '0', stx_received: '0', events: { stx: { transfer: 0, mint: 0, burn: 0 }, ft: { transfer: 0, mint: 0, burn: 0 }, nft: { transfer: 0, mint: 0, burn: 0 } } });
const fetch = async (request) => {
  const url = new URL(request.url);
  const start = (url.searchParams.has('cursor') ? Number(url.searchParams.get('cursor')) : 0) + Number(url.searchParams.get('offset'));
  const limit = Number(url.searchParams.get('limit'));
  const results = [];
  for (let i = start; i < Math.min(rows, start + limit); i++) results.push(row(i));
  const body = { limit, offset: Number(url.searchParams.get('offset')), total: results.length ? rows : 0, results };
  if (mode === 'cursor') Object.assign(body, { cursor: results.length ? String(start) : null, next_cursor: null,
    prev_cursor: start + limit < rows ? String(start + limit) : null });
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
};
const client = createClient({ fetch, retry: false, onWarning: () => {} });
const list = mode === 'cursor' ? client.getAddressTransactions('SP2ZP4GJDZJ1FDHTQ963F0292PE9J9752TZJ68F21')
  : client.getAccountTransactionsWithTransfers('SP2ZP4GJDZJ1FDHTQ963F0292PE9J9752TZJ68F21');
// Collections with turns between them: undici frees each Request's abort wiring from a FinalizationRegistry
// callback, which only runs once the collection that found it dead has returned to the event loop.
const heap = async () => {
  for (let i = 0; i < 6; i++) { globalThis.gc(); await new Promise((done) => setImmediate(done)); }
  return process.memoryUsage().heapUsed;
};
let n = 0, atFirst = 0, atLast = 0;
for await (const item of list) {
  n++;
  if (n === first) atFirst = await heap();
  if (n === rows - 100) atLast = await heap();
}
process.stdout.write(JSON.stringify({ n, perRow: (atLast - atFirst) / (rows - 100 - first) }));
`;

function run(mode: 'cursor' | 'offset'): Promise<{ n: number; perRow: number }> {
  const file = join(dir, 'iterate.mjs');
  writeFileSync(file, child);
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      ['--expose-gc', '--max-old-space-size=256', file, mode, String(ROWS), String(FIRST)],
      { timeout: 300_000 },
      (error, stdout, stderr) =>
        error ? fail(new Error(`${error.message}\n${stderr}`)) : done(JSON.parse(stdout)),
    );
  });
}

describe('iteration memory', () => {
  it.each(['cursor', 'offset'] as const)(
    'keeps nothing per row past the first ones (%s mode)',
    async (mode) => {
      const { n, perRow } = await run(mode);
      expect(n).toBe(ROWS);
      // Was about 120-150 B per row (every identity kept). The iterator now keeps nothing per row past the first
      // 1,000; what is left, about 10 B per row, is per request (undici's abort wiring of each Request, freed by a
      // finalizer, about 200 B for a page of 49 new rows) and collection noise.
      expect(perRow).toBeLessThan(25);
    },
  );
});
