import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createFetchHandler } from '../src';

// UPSTREAM.md's table of statuses that differ from upstream must say what the mock answers: every row is sent
// to the engine, with the fixtures filled in, and its `Mock` column compared with the status it gets.
const readme = readFileSync(new URL('../UPSTREAM.md', import.meta.url), 'utf8');
const handler = createFetchHandler({ seed: 1 });
const fx = handler.world.fixtures;
const placeholders: Record<string, string> = {
  address: fx.address,
  contractName41: `c${'a'.repeat(40)}`,
  txId: fx.txId,
  longCursor: 'x'.repeat(1025),
  longTicker: 'x'.repeat(1025),
};

interface Row {
  request: string;
  upstream: number;
  mock: number;
}

/** The rows of every table whose header has `Request`, `Upstream` and `Mock` columns. */
function statusRows(markdown: string): Row[] {
  const rows: Row[] = [];
  let columns: string[] | undefined;
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) {
      columns = undefined;
      continue;
    }
    const cells = line
      .slice(1, -1)
      .split(' | ')
      .map((cell) => cell.trim());
    if (columns === undefined) {
      columns = cells;
      continue;
    }
    if (/^-+$/.test(cells[0] ?? '')) continue;
    const at = (name: string) => cells[columns?.indexOf(name) ?? -1];
    const request = at('Request');
    if (request === undefined || at('Mock') === undefined) continue;
    rows.push({
      request: request.replace(/^`|`$/g, ''),
      upstream: Number(at('Upstream')),
      mock: Number(at('Mock')),
    });
  }
  return rows;
}

const rows = statusRows(readme);

describe('UPSTREAM.md status tables', () => {
  it('has the table of differences, with a status in every cell', () => {
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const row of rows) {
      expect(Number.isInteger(row.upstream), row.request).toBe(true);
      expect(Number.isInteger(row.mock), row.request).toBe(true);
    }
  });

  it.each(rows.map((row) => [row.request, row.mock] as const))('%s → %i', async (request, status) => {
    const path = request.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = placeholders[name];
      if (value === undefined) throw new Error(`unknown placeholder {${name}} in UPSTREAM.md`);
      return value;
    });
    const response = await handler(new Request(`http://localhost${path}`));
    expect(response.status).toBe(status);
  });
});
