/** Most redirects one request follows, as in the Fetch standard. */
const MAX_REDIRECTS = 20;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A redirect the client will not follow: the transport makes it a final (never retried) `RedirectError`. */
export class RedirectRefused extends TypeError {}

/**
 * Sends a GET and follows its redirects by hand (the request is made with `redirect: 'manual'`), because `fetch`
 * forwards custom headers such as `x-api-key` to wherever a redirect points (undici strips only `authorization`).
 * A redirect to another origin, which includes https to http, drops every credential header (`credentialNames`,
 * lower case) and cookies before following; they are not restored if a later hop comes back. Same-origin
 * redirects keep them. More than {@link MAX_REDIRECTS} hops is a {@link RedirectRefused}, as is a target that is not http(s).
 */
export async function fetchFollowingRedirects(
  fetchFn: (request: Request) => Promise<Response>,
  request: Request,
  credentialNames: readonly string[],
): Promise<Response> {
  let current = request;
  for (let hops = 0; ; hops++) {
    const response = await fetchFn(current);
    if (response.type === 'opaqueredirect') {
      // A browser hides the target of a manual redirect: let it follow only what carries no credential.
      if (credentialNames.some((name) => current.headers.has(name))) {
        throw new RedirectRefused(
          'the server redirected, and this runtime hides the target: not followed, to keep credentials at their origin',
        );
      }
      return fetchFn(new Request(current, { redirect: 'follow' }));
    }
    if (!REDIRECT_STATUSES.has(response.status)) return response;
    const location = response.headers.get('location');
    if (location === null) return response;
    await response.body?.cancel().catch(() => {});
    if (hops >= MAX_REDIRECTS)
      throw new RedirectRefused(`redirect loop: more than ${MAX_REDIRECTS} redirects`);
    let target: URL;
    try {
      target = new URL(location, current.url);
    } catch {
      throw new RedirectRefused('the server redirected to an invalid URL');
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      throw new RedirectRefused(`the server redirected to a ${target.protocol} URL`);
    }
    const headers = new Headers(current.headers);
    if (target.origin !== new URL(current.url).origin) {
      for (const name of credentialNames) headers.delete(name);
      headers.delete('cookie');
    }
    current = new Request(target, { method: 'GET', headers, signal: request.signal, redirect: 'manual' });
  }
}
