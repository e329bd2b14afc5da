import { describe, expect, it } from 'vitest';
import { fetchFollowingRedirects } from '../../src/internal/http.js';

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

describe('fetchFollowingRedirects', () => {
  it.each([
    ['an https to http downgrade on the same host', 'https://api.test/a', 'http://api.test/b'],
    ['another host', 'https://api.test/a', 'https://evil.test/b'],
    ['another port', 'http://127.0.0.1:1/a', 'http://127.0.0.1:2/b'],
  ])('drops credentials on %s, and never restores them', async (_name, from, to) => {
    let visits = 0;
    const { fetch: wrapped, seen } = fakeFetch({
      // The first origin redirects away, the other one back: the credentials stay off on the way back.
      [from]: () => (++visits === 1 ? redirect(307, to)() : new Response('ok')),
      [to]: redirect(302, from),
    });
    const request = new Request(from, {
      headers: { 'x-api-key': 'k', authorization: 'Bearer t', cookie: 'c=1', 'x-trace': 't' },
      redirect: 'manual',
    });
    const response = await fetchFollowingRedirects(wrapped, request, ['x-api-key', 'authorization']);
    expect(await response.text()).toBe('ok');
    expect(seen[0]?.headers).toMatchObject({ 'x-api-key': 'k', authorization: 'Bearer t' });
    expect(seen[1]?.headers).toEqual({ 'x-trace': 't' });
    expect(seen[2]).toEqual({ url: from, headers: { 'x-trace': 't' } });
  });

  it('keeps credentials on a same-origin redirect', async () => {
    const { fetch, seen } = fakeFetch({
      'https://api.test/a': redirect(301, '/b'),
      'https://api.test/b': () => new Response('ok'),
    });
    const request = new Request('https://api.test/a', { headers: { 'x-api-key': 'k' }, redirect: 'manual' });
    await fetchFollowingRedirects(fetch, request, ['x-api-key']);
    expect(seen.map((s) => s.headers['x-api-key'])).toEqual(['k', 'k']);
  });

  it('refuses a redirect to a scheme other than http(s)', async () => {
    const { fetch } = fakeFetch({ 'https://api.test/a': redirect(302, 'file:///etc/passwd') });
    const request = new Request('https://api.test/a', { redirect: 'manual' });
    await expect(fetchFollowingRedirects(fetch, request, [])).rejects.toThrow(/redirected to a file: URL/);
  });
});
