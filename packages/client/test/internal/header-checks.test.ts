import { describe, expect, it } from 'vitest';
import { checkHeader, headerChecks } from '../../src/guards.js';
import { createClient, createCore } from '../../src/index.js';
import { buildHeaders, credentialValues } from '../../src/internal/http.js';

const KEY = 'sk-live-0123456789abcdef';

/** What a thrown error shows anywhere: message, string form, JSON. */
function shown(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    return `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack}`;
  }
  throw new Error('expected a TypeError');
}

/** The API key check of headerChecks(): the key and its header. */
const checkApiKey = (key: string, name: string) => checkHeader(name, key, 'apiKey');

describe('checkHeader of the API key', () => {
  it.each([
    ['a CR', `${KEY}\r`, /line break/],
    ['an LF', `${KEY}\nX-Injected: 1`, /line break/],
    ['a NUL', `${KEY}\u0000`, /NUL/],
    ['a tab', `${KEY}\tx`, /control character/],
    ['a DEL', `${KEY}\u007f`, /control character/],
    ['a character above U+00FF', `${KEY}€`, /above U\+00FF/],
    ['a leading space', ` ${KEY}`, /whitespace/],
    ['a trailing space', `${KEY} `, /whitespace/],
  ])('refuses a key with %s, saying why without showing it', (_name, key, why) => {
    const text = shown(() => checkApiKey(key, 'x-api-key'));
    expect(text).toMatch(why);
    expect(text).not.toContain(KEY);
  });

  it.each([KEY, 'a', 'key with inner spaces', 'latin-1 ÿ é'])('accepts %j', (key) => {
    expect(() => checkApiKey(key, 'x-api-key')).not.toThrow();
  });

  it.each(['', 'x api key', 'x-api-key\r\n', 'ключ', 'a:b'])('refuses the header name %j', (name) => {
    expect(shown(() => checkApiKey(KEY, name))).toMatch(/apiKeyHeader must be a header name/);
  });

  it('refuses a key that is not a string', () => {
    // The core checks the key's type before any header check sees it (as a string).
    const options = { apiKey: 42 as never, guards: [headerChecks()] };
    expect(shown(() => createCore(options))).toMatch(/apiKey must be a string; got number/);
  });
});

describe('buildHeaders', () => {
  it('builds the headers, trimming what fetch trims', () => {
    const headers = buildHeaders({ 'user-agent': 'app/1.0 ', skipped: undefined }, 'headers');
    expect([...headers]).toEqual([['user-agent', 'app/1.0']]);
  });

  // The reason is the opt-in headerChecks()'s (createClient has it); a core without it refuses the value as fetch does.
  const check = headerChecks().header;

  it('refuses a bad value naming the header, never quoting the value', () => {
    const text = shown(() =>
      buildHeaders({ authorization: `Bearer ${KEY}\r\nX-Injected: 1` }, 'headers', check),
    );
    expect(text).toMatch(/headers: the value of "authorization" contains a line break/);
    expect(text).not.toContain(KEY);
  });

  it('refuses a bad header name', () => {
    expect(shown(() => buildHeaders({ 'bad name': 'x' }, 'headers'))).toMatch(/"bad name" is not a valid/);
  });
});

describe('header checks of a core without headerChecks()', () => {
  it.each([
    [
      'a header value with a line break',
      { headers: { authorization: `Bearer ${KEY}\r\nX-Injected: 1` } },
      'headers: "authorization"',
    ],
    ['a header value above U+00FF', { headers: { 'x-api-key': `${KEY}€` } }, 'headers: "x-api-key"'],
    ['an API key with a NUL', { apiKey: `${KEY}\u0000` }, 'apiKey: "x-api-key"'],
    [
      'an API key header that is no header name',
      { apiKey: KEY, apiKeyHeader: 'x api key' },
      'apiKey: "x api key"',
    ],
  ])('refuses %s as fetch would, naming the header, never quoting the value', (_name, options, named) => {
    const text = shown(() => createCore(options));
    expect(text).toContain(`${named} is not a valid header name or value (the value is not shown)`);
    expect(text).not.toContain(KEY);
  });

  it('refuses an API key that is not a string without showing it', () => {
    expect(shown(() => createCore({ apiKey: 12345 as never }))).toMatch(
      /apiKey must be a string; got number/,
    );
  });
});

describe('credentialValues', () => {
  const NAMES = ['x-api-key', 'authorization', 'proxy-authorization'];
  it.each([
    ['an API key header', { 'X-Api-Key': KEY }, [KEY]],
    ['a bearer token, whole and alone', { authorization: `Bearer ${KEY}` }, [`Bearer ${KEY}`, KEY]],
    ['a proxy credential', { 'proxy-authorization': `Basic  ${KEY}` }, [`Basic  ${KEY}`, KEY]],
    ['a bare authorization value', { authorization: KEY }, [KEY]],
    ['other headers', { 'x-trace': KEY, accept: 'application/json' }, []],
    ['an empty value', { 'x-api-key': '' }, []],
  ])('finds %s', (_name, given, want) => {
    expect(credentialValues(buildHeaders(given, 'headers'), NAMES)).toEqual(want);
  });
});

describe('header checks through the client', () => {
  it('refuses a malformed key in createClient', () => {
    const text = shown(() => createClient({ apiKey: `${KEY}\r\n` }));
    expect(text).not.toContain(KEY);
  });

  it('refuses a malformed per-call header without sending anything or quoting it', async () => {
    let sent = 0;
    const client = createClient({
      fetch: async () => {
        sent += 1;
        return Response.json({});
      },
    });
    const error = await client
      .getBrc20Token('ordi', { headers: { authorization: `Bearer ${KEY}\n` } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(String(error)).not.toContain(KEY);
    expect(sent).toBe(0);
  });
});
