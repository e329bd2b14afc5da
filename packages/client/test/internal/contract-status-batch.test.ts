import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_STATUS_URL_LENGTH,
  mapWithConcurrency,
  mergeStatusMaps,
  planStatusBatches,
  statusShape,
} from '../../src/contract-status.js';
import { AbortError } from '../../src/errors.js';

const PREFIX = 'https://api.hiro.so/extended/v2/smart-contracts/status';
const id = (i: number) => `SP2ZP4GJDZJ1FDHTQ963F0292PE9J9752TZJ68F21.contract-number-${i}`;
const urlOf = (batch: readonly string[]) =>
  `${PREFIX}?${batch.map((v) => `contract_id=${encodeURIComponent(v)}`).join('&')}`;

describe('planStatusBatches', () => {
  it('keeps a small request in one batch and drops duplicates, keeping first-seen order', () => {
    expect(planStatusBatches([id(2), id(1), id(2), id(3), id(1)], PREFIX.length)).toEqual([
      [id(2), id(1), id(3)],
    ]);
  });

  it('returns no batch for no ids', () => {
    expect(planStatusBatches([], PREFIX.length)).toEqual([]);
  });

  it('splits 1,000 ids into URLs under the limit that together hold every id once', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => id(i));
    const batches = planStatusBatches(ids, PREFIX.length);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(urlOf(batch).length).toBeLessThanOrEqual(MAX_STATUS_URL_LENGTH);
    expect(batches.flat()).toEqual(ids);
  });

  it('measures the encoded length (non-ASCII and reserved characters count as sent)', () => {
    const wide = Array.from({ length: 40 }, (_, i) => `SP1.ünïcødé/${'é'.repeat(40)}-${i}`);
    for (const batch of planStatusBatches(wide, PREFIX.length, 2000)) {
      expect(urlOf(batch).length).toBeLessThanOrEqual(2000);
    }
  });

  it('gives an id too long for any URL a batch of its own', () => {
    const huge = `SP1.${'x'.repeat(9000)}`;
    expect(planStatusBatches([id(1), huge, id(2)], PREFIX.length)).toEqual([[id(1)], [huge], [id(2)]]);
  });

  it('always covers every distinct id exactly once and respects the limit (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, maxLength: 120 }), { maxLength: 300 }),
        fc.integer({ min: 300, max: 8000 }),
        (ids, max) => {
          const batches = planStatusBatches(ids, PREFIX.length, max);
          expect(batches.flat()).toEqual([...new Set(ids)]);
          for (const batch of batches) {
            if (batch.length > 1) expect(urlOf(batch).length).toBeLessThanOrEqual(max);
          }
        },
      ),
    );
  });
});

describe('mergeStatusMaps', () => {
  it('merges batches into one entry per id on a prototype-less map, safe for __proto__ and constructor', () => {
    const bodies = [
      JSON.parse('{"__proto__":{"found":false},"a":{"found":false}}'),
      { constructor: { found: true } },
    ];
    const merged = mergeStatusMaps<{ found: boolean }>([['__proto__', 'a'], ['constructor']], bodies);
    expect(Object.getPrototypeOf(merged)).toBeNull();
    expect(Object.keys(merged)).toEqual(['__proto__', 'a', 'constructor']);
    // biome-ignore lint/suspicious/noProto: reading the own key named __proto__ is what this test checks
    expect(merged.__proto__).toEqual({ found: false });
    expect(merged.constructor).toEqual({ found: true });
    expect(({} as Record<string, unknown>).found).toBeUndefined(); // Object.prototype untouched
  });

  it('ignores keys the batch did not ask for', () => {
    expect(Object.keys(mergeStatusMaps([['a']], [{ a: 1, extra: 2 }]))).toEqual(['a']);
  });
});

describe('statusShape', () => {
  it('needs an own key per id, so inherited names do not count', () => {
    expect(statusShape(['a', 'constructor', 'toString'])({ a: {} })).toBe(
      'the status map has no entry for 2 requested id(s): constructor, toString',
    );
    expect(statusShape(['a'])({ a: {} })).toBeUndefined();
    expect(statusShape(['a'])(null)).toBe('expected a JSON object');
  });
});

describe('mapWithConcurrency', () => {
  it('keeps input order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const results = await mapWithConcurrency([5, 1, 4, 2, 3, 0], 2, async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      for (let i = 0; i < n; i++) await Promise.resolve();
      running -= 1;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 0]);
    expect(peak).toBe(2);
  });

  it('rejects with the first failure and aborts the tasks still running', async () => {
    const aborted: number[] = [];
    const promise = mapWithConcurrency([0, 1, 2], 3, (n, signal) => {
      if (n === 1) return Promise.reject(new Error('boom'));
      return new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => {
          aborted.push(n);
          reject(new AbortError('stopped'));
        });
      });
    });
    await expect(promise).rejects.toThrow('boom');
    expect(aborted.sort()).toEqual([0, 2]);
  });

  it('stops with AbortError when the caller aborts between tasks', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const promise = mapWithConcurrency(
      [0, 1, 2, 3],
      1,
      async (n) => {
        seen.push(n);
        if (n === 1) controller.abort();
        return n;
      },
      controller.signal,
    );
    await expect(promise).rejects.toBeInstanceOf(AbortError);
    expect(seen).toEqual([0, 1]);
  });
});
