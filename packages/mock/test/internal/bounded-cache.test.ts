import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../src/internal/bounded-cache';

describe('BoundedCache', () => {
  it('beyond maxEntries, forgets the oldest entry not read since it was stored', () => {
    const cache = new BoundedCache<string, number>({ maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // `b` is now the oldest
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([1, undefined, 3]);
    expect(cache.size).toBe(2);
  });

  it('gives a read entry one second chance, and never evicts the entry being stored', () => {
    const cache = new BoundedCache<string, number>({ maxEntries: 3 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    cache.get('a');
    cache.get('b');
    cache.get('c');
    cache.set('d', 4); // every older entry was read: each loses its mark once, then the oldest goes
    expect([cache.get('a'), cache.get('d'), cache.size]).toEqual([undefined, 4, 3]);
    cache.set('e', 5); // `b` and `c` lost their marks in that pass, and `b` is the oldest: it goes
    expect([cache.get('b'), cache.get('c'), cache.get('d'), cache.get('e')]).toEqual([undefined, 3, 4, 5]);
  });

  it('stores nothing when it may keep no entry', () => {
    const cache = new BoundedCache<string, number>({ maxEntries: 0 });
    cache.set('a', 1);
    expect([cache.get('a'), cache.size, cache.weight]).toEqual([undefined, 0, 0]);
  });

  it('keeps the total weight within maxWeight, and never keeps a value heavier than it', () => {
    const cache = new BoundedCache<string, string>({ maxEntries: 100, maxWeight: 10 });
    cache.set('a', 'x', 4);
    cache.set('b', 'y', 4);
    cache.set('c', 'z', 4);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.weight).toBe(8);
    cache.set('huge', 'w', 11);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.weight).toBe(8);
  });

  it('replaces a key in place and forgets everything on clear', () => {
    const cache = new BoundedCache<string, number>({ maxEntries: 3, maxWeight: 10 });
    cache.set('a', 1, 5);
    cache.set('a', 2, 3);
    expect([cache.get('a'), cache.weight, cache.size]).toEqual([2, 3, 1]);
    cache.delete('a');
    expect([cache.size, cache.weight]).toEqual([0, 0]);
    cache.set('b', 1, 1);
    cache.clear();
    expect([cache.get('b'), cache.size, cache.weight]).toEqual([undefined, 0, 0]);
  });
});
