import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactHeaders, redactJson } from '../../src/internal/text.js';

const KEY = 'sk-live-0123456789';

describe('redactJson', () => {
  it.each([
    ['a string', `key ${KEY}`, 'key [redacted]'],
    ['an array', [1, KEY, null, true], [1, '[redacted]', null, true]],
    ['nested objects', { a: { b: [{ c: `${KEY}${KEY}` }] } }, { a: { b: [{ c: '[redacted][redacted]' }] } }],
    ['an object key', { [KEY]: 1 }, { '[redacted]': 1 }],
  ])('replaces the key in %s', (_name, given, want) => {
    expect(redactJson(given, [KEY])).toEqual(want);
  });

  it('hands back the very value when it holds no secret, or when there is no secret', () => {
    const body = { statusCode: 400, error: 'Bad Request', message: 'limit must be <= 50' };
    expect(redactJson(body, [KEY])).toBe(body);
    const leaking = { message: KEY };
    expect(redactJson(leaking, [])).toBe(leaking);
    expect(redactJson(leaking, [''])).toBe(leaking);
  });

  it('copies what it changes and leaves the original alone', () => {
    const body = { message: KEY, other: { untouched: true } };
    const out = redactJson(body, [KEY]);
    expect(out).not.toBe(body);
    expect(body.message).toBe(KEY);
  });

  it('keeps a JSON `__proto__` key an own key, polluting nothing', () => {
    const body = JSON.parse(`{"__proto__": {"polluted": "${KEY}"}}`) as Record<string, unknown>;
    const out = redactJson(body, [KEY]) as Record<string, unknown>;
    expect(Object.hasOwn(out, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ polluted: '[redacted]' });
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('survives a body nested far deeper than the call stack', () => {
    const depth = 200_000;
    const body = JSON.parse(`${'['.repeat(depth)}"${KEY}"${']'.repeat(depth)}`) as unknown;
    let node = redactJson(body, [KEY]);
    for (let i = 0; i < depth; i++) node = (node as unknown[])[0];
    expect(node).toBe('[redacted]');
  });

  it('leaves no occurrence of the secret in any JSON value', () => {
    // Secrets sharing no character with the placeholder, which could otherwise spell them anew.
    const secrets = fc
      .string({ minLength: 1, maxLength: 6 })
      .filter((s) => ![...s].some((c) => '[redacted]'.includes(c)));
    fc.assert(
      fc.property(fc.jsonValue(), secrets, (value, secret) => {
        // Planted in a key and in strings, so that every run has something to find.
        const planted = { value, at: `x${secret}y`, [secret]: [secret] };
        const out = redactJson(planted, [secret]);
        expect(containsDeep(out, secret)).toBe(false);
        expect(containsDeep(planted, secret)).toBe(true);
      }),
    );
  });
});

describe('redactHeaders', () => {
  it('replaces the key in values and drops a header named after it', () => {
    const headers = new Headers({ 'x-echo': `key=${KEY}`, [`x-${KEY}`]: '1', etag: '"abc"' });
    const out = redactHeaders(headers, [KEY]);
    expect([...out]).toEqual([
      ['etag', '"abc"'],
      ['x-echo', 'key=[redacted]'],
    ]);
    expect(headers.get('x-echo')).toBe(`key=${KEY}`);
  });

  it('hands back the same headers when nothing leaks', () => {
    const headers = new Headers({ etag: '"abc"' });
    expect(redactHeaders(headers, [KEY])).toBe(headers);
  });
});

function containsDeep(value: unknown, secret: string): boolean {
  if (typeof value === 'string') return value.includes(secret);
  if (Array.isArray(value)) return value.some((v) => containsDeep(v, secret));
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([k, v]) => k.includes(secret) || containsDeep(v, secret));
  }
  return false;
}
