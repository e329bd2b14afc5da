import { describe, expect, it } from 'vitest';
import { createCore, request } from '../../src/core.js';
import { RedirectError } from '../../src/errors.js';
import type { FetchFn, HeadersOption } from '../../src/options.js';

/** A fetch that answers each URL from a table and records the headers each request carried. */
function fakeFetch(answers: Record<string, () => Response>) {
  const seen: { url: string; headers: Record<string, string> }[] = [];
  const fetch = async (request: Request) => {
    seen.push({ url: request.url, headers: Object.fromEntries(request.headers) });
    const answer = answers[request.url];
    if (!answer) throw new Error(`unexpected ${request.url}`);
    return answer();
  };
  return { fetch, seen };
}

const redirect = (status: number, location: string) => () =>
  new Response(null, { status, headers: { location } });

const ok = () => Response.json({ ok: true });

/** A GET of `url` by a core over `fetch` (at its origin, sending `headers`), as every operation makes it. */
function get(fetch: FetchFn, url: string, headers?: HeadersOption) {
  const { origin, pathname } = new URL(url);
  const core = createCore({ baseUrl: origin, fetch, headers, retry: false });
  return request(core, { id: 'test', path: pathname }, () => ({}), undefined, undefined);
}

describe('the redirects of a request', () => {
  it.each([
    ['an https to http downgrade on the same host', 'https://api.test/a', 'http://api.test/b'],
    ['another host', 'https://api.test/a', 'https://evil.test/b'],
    ['another port', 'http://127.0.0.1:1/a', 'http://127.0.0.1:2/b'],
  ])('drops credentials on %s, and never restores them', async (_name, from, to) => {
    let visits = 0;
    const { fetch: wrapped, seen } = fakeFetch({
      // The first origin redirects away, the other one back: the credentials stay off on the way back.
      [from]: () => (++visits === 1 ? redirect(307, to)() : ok()),
      [to]: redirect(302, from),
    });
    const headers = { 'x-api-key': 'k', authorization: 'Bearer t', cookie: 'c=1', 'x-trace': 't' };
    const { data } = await get(wrapped, from, headers);
    expect(data).toEqual({ ok: true });
    expect(seen[0]?.headers).toMatchObject({ 'x-api-key': 'k', authorization: 'Bearer t' });
    expect(seen[1]?.headers).toEqual({ 'x-trace': 't' });
    expect(seen[2]).toEqual({ url: from, headers: { 'x-trace': 't' } });
  });

  it('keeps credentials on a same-origin redirect', async () => {
    const { fetch, seen } = fakeFetch({
      'https://api.test/a': redirect(301, '/b'),
      'https://api.test/b': ok,
    });
    await get(fetch, 'https://api.test/a', { 'x-api-key': 'k' });
    expect(seen.map((s) => s.headers['x-api-key'])).toEqual(['k', 'k']);
  });

  it('refuses a redirect to a scheme other than http(s)', async () => {
    const { fetch } = fakeFetch({ 'https://api.test/a': redirect(302, 'file:///etc/passwd') });
    const error = await get(fetch, 'https://api.test/a').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RedirectError);
    expect(error).toMatchObject({ message: expect.stringMatching(/redirected to a file: URL/) });
  });
});
