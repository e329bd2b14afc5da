import { createFetchHandler, createWorld } from '@blockindex/mock';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCore, DEFAULT_MAX_RESPONSE_BYTES, request } from '../../src/core.js';
import { jsonStructureLimit, PARSED_BUDGET_FACTOR } from '../../src/guards.js';
import { createClient, ResponseTooLargeError } from '../../src/index.js';
import { MAX_COST_PER_BYTE, measureJson, parsedBytes } from '../../src/internal/json-cost.js';

const MB = 1024 * 1024;

/** A JSON array of `count` copies of `item`, as a server would send it. */
const repeated = (item: string, count: number) => `[${Array(count).fill(item).join(',')}]`;

const respond = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status: 200, headers: { 'content-type': 'application/json', ...headers } });

/**
 * The body of `response` as a request reads it within `maxBytes` (parsed: any JSON value passes), with the opt-in
 * JSON structure limit on (as `createClient` has it) unless `guards` says otherwise.
 */
async function read(response: Response, maxBytes: number, guards = [jsonStructureLimit()]): Promise<unknown> {
  const core = createCore({ fetch: async () => response, maxResponseBytes: maxBytes, retry: false, guards });
  const op = { id: 'read', path: '/read', shape: () => undefined };
  return (await request(core, op, () => ({}), undefined, undefined)).data;
}

describe('the bounded read of a response body', () => {
  // Each body is far under maxResponseBytes, and parses to far more than it: 20 to 50 times its size.
  it.each([
    ['empty objects', repeated('{}', 300_000)],
    ['empty arrays', repeated('[]', 300_000)],
    ['nested arrays', `${'['.repeat(300_000)}${']'.repeat(300_000)}`],
    ['objects with an index key', repeated('{"7":0}', 120_000)],
    [
      'objects each with a new key',
      `[${Array.from({ length: 80_000 }, (_, i) => `{"${i.toString(36)}":0}`).join(',')}]`,
    ],
  ])('refuses %s that would parse past the budget, before parsing', async (_name, body) => {
    expect(body.length).toBeLessThan(MB + 1);
    const error = await read(respond(body), 8 * MB).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as Error).message).toMatch(
      /would take about \d+ bytes once parsed, more than 1\.5 times maxResponseBytes/,
    );
  });

  it('accepts twenty of the mock API’s largest pages in one body under the default bound', async () => {
    const world = createWorld({ seed: 1 });
    const handler = createFetchHandler({ seed: 1 });
    const url = `http://127.0.0.1:3999/extended/v1/address/${world.fixtures.address}/transactions_with_transfers?limit=50`;
    const page = await (await handler(new Request(url))).text();
    const body = repeated(page, 20); // about 2 MB of transactions
    expect(await read(respond(body), DEFAULT_MAX_RESPONSE_BYTES)).toHaveLength(20);
  });

  it('accepts one long string up to three quarters of the bound: its text and its parsed copy fit 1.5 times it', async () => {
    const string = (length: number) => JSON.stringify('a'.repeat(length));
    await expect(read(respond(string(700_000)), MB)).resolves.toHaveLength(700_000);
    await expect(read(respond(string(800_000)), MB)).rejects.toThrow(/once parsed/);
  });

  it('counts the characters of a text with a character above U+00FF twice (the string is stored wide)', async () => {
    const narrow = JSON.stringify({ a: 'a'.repeat(60_000) });
    const wide = JSON.stringify({ a: `${'a'.repeat(60_000)}\u0100` });
    // Narrow: the text and the parsed copy of its string fit 1.5 times a bound of 82 kB; wide, each takes twice that.
    await expect(read(respond(narrow), 82_000)).resolves.toEqual(JSON.parse(narrow));
    const error = await read(respond(wide), 82_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as Error).message).toMatch(/once parsed/);
  });

  it('still refuses a body past maxResponseBytes while reading, announced or not', async () => {
    await expect(read(respond('"'.padEnd(2000, 'a')), 1000)).rejects.toThrow(/passed maxResponseBytes/);
    await expect(read(respond('{}', { 'content-length': '5000' }), 1000)).rejects.toThrow(
      /announced 5000 bytes/,
    );
  });

  it('reads the text once, as fetch decodes it, and without the structure limit lets any shape through', async () => {
    // The byte order mark dropped, as fetch drops it (JSON.parse refuses one).
    expect(await read(respond('\uFEFF{"a":1}'), MB)).toEqual({ a: 1 });
    const original = respond('[1,2]');
    expect(await read(original, MB, [])).toEqual([1, 2]);
    expect(original.bodyUsed).toBe(true);
    const amplifying = repeated('{}', 300_000);
    expect(await read(respond(amplifying), 8 * MB, [])).toHaveLength(300_000);
  });
});

describe('measureJson', () => {
  it('never counts less than the text itself costs to hold as a string, for any JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value) ?? 'null';
        const bytes = new TextEncoder().encode(text);
        const cost = measureJson(bytes);
        const wide = /[^\0-\xff]/.test(text);
        // Every value costs something beyond its characters, and every character of a string value is counted.
        return parsedBytes(cost, wide) >= cost.characters && cost.fixed >= 0 && Number.isFinite(cost.fixed);
      }),
    );
  });

  it('never counts more than MAX_COST_PER_BYTE per byte, for any bytes (so short bodies may skip the count)', () => {
    // JSON's own characters, weighted towards the dear ones, plus anything else a hostile server may send.
    const token = fc.oneof(
      fc.constantFrom(
        '{',
        '[',
        '}',
        ']',
        ':',
        ',',
        '"',
        '\\',
        'u',
        '"1":',
        '"a":',
        '"":',
        '.',
        'e',
        '1',
        't',
        ' ',
      ),
      fc.string({ maxLength: 3 }),
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 400 }), (tokens) => {
        const bytes = new TextEncoder().encode(tokens.join(''));
        return parsedBytes(measureJson(bytes), true) <= MAX_COST_PER_BYTE * bytes.length;
      }),
      { numRuns: 2000 },
    );
    // The dearest shapes, long enough for every amortized charge to show.
    for (const body of [
      '{'.repeat(5000),
      '['.repeat(5000),
      repeated('{"1":0,"2":0}', 2000),
      `[${Array.from({ length: 3000 }, (_, i) => `{${Array.from({ length: 30 }, (_, k) => `"${k}":0`).join(',')},"${i}x":0}`).join(',')}]`,
    ]) {
      const bytes = new TextEncoder().encode(body);
      expect(parsedBytes(measureJson(bytes), true)).toBeLessThanOrEqual(MAX_COST_PER_BYTE * bytes.length);
    }
  });

  it('charges a key path once: repeated objects of one shape cost less than objects of new shapes', () => {
    const same = new TextEncoder().encode(repeated('{"a":0,"b":0}', 1000));
    const varied = new TextEncoder().encode(
      `[${Array.from({ length: 1000 }, (_, i) => `{"${(i % 100).toString(36).padStart(2, 'x')}":0,"b":0}`).join(',')}]`,
    );
    expect(measureJson(varied).fixed).toBeGreaterThan(measureJson(same).fixed + 50 * 256);
  });
});

describe('maxResponseBytes through the client', () => {
  it('ends a call whose body would parse past the budget in a ResponseTooLargeError, in one request', async () => {
    let requests = 0;
    const body = repeated('{}', 1_000_000); // 3 MB: under the default 8 MiB, about 150 MB once parsed
    const client = createClient({
      fetch: async () => {
        requests++;
        return respond(body);
      },
    });
    const error = await client.getBrc20Token('ordi').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect((error as ResponseTooLargeError).maxBytes).toBe(DEFAULT_MAX_RESPONSE_BYTES);
    expect((error as Error).message).toMatch(/would take about \d+ bytes once parsed/);
    expect(requests).toBe(1);
    expect(PARSED_BUDGET_FACTOR).toBe(1.5);
  });
});

describe('the body read in chunks', () => {
  /** A response whose body arrives as `chunks` (bytes). */
  const chunked = (chunks: Uint8Array[]) =>
    new Response(
      new ReadableStream({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          controller.close();
        },
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  const text = JSON.stringify({ name: 'caf\u00e9 \u{1f600}', list: [1, 2, 3] });
  const bytes = new TextEncoder().encode(text);

  it.each([
    ['one chunk', [bytes]],
    ['a character split between chunks', [bytes.subarray(0, 13), bytes.subarray(13, 17), bytes.subarray(17)]],
    ['a chunk per byte', Array.from(bytes, (byte) => Uint8Array.of(byte))],
  ])('decodes the same value from %s', async (_name, chunks) => {
    expect(chunks.reduce((n, c) => n + c.byteLength, 0)).toBe(bytes.byteLength);
    expect(await read(chunked(chunks), 8 * MB)).toEqual(JSON.parse(text));
  });

  it('counts every chunk against maxResponseBytes', async () => {
    const error = await read(
      chunked([bytes.subarray(0, 20), bytes.subarray(20)]),
      bytes.byteLength - 1,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
  });
});
