/**
 * What a dev server left running must refuse (the rules of Vite's `server.allowedHosts` and
 * webpack-dev-server's host checks): requests whose `Host` names a host that is not this machine's (DNS
 * rebinding), and control requests from a foreign page. Pure functions over header values, for any host.
 */

/** Host names a server accepts besides localhost and IP literals: names, or `.example.com` for subdomains. */
export type AllowedHosts = readonly string[] | true;

/** The host name of a `Host` header or URL authority, lower case, without port or IPv6 brackets. */
function hostnameOf(authority: string): string {
  const trimmed = authority.trim().toLowerCase();
  if (trimmed.startsWith('['))
    return trimmed.slice(1, trimmed.indexOf(']') === -1 ? undefined : trimmed.indexOf(']'));
  const colon = trimmed.lastIndexOf(':');
  return (colon === -1 ? trimmed : trimmed.slice(0, colon)).replace(/\.$/, '');
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/**
 * True for a name this machine answers to whatever DNS says: `localhost` and its subdomains, IP literals
 * (a rebinding page cannot make its own `Host` an address), the bound name, and the allowed names.
 */
function isAllowedHostname(hostname: string, bound: string, allowed: AllowedHosts): boolean {
  if (allowed === true) return true;
  if (hostname === '' || hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  if (IPV4.test(hostname) || hostname.includes(':')) return true;
  if (hostname === hostnameOf(bound)) return true;
  return allowed.some((name) => {
    const lower = name.toLowerCase();
    return lower.startsWith('.')
      ? hostname === lower.slice(1) || hostname.endsWith(lower)
      : hostname === lower;
  });
}

/** The refusal of a request whose `Host` is not allowed, or undefined when it is (or absent, as in HTTP/1.0). */
export function hostRefusal(
  hostHeader: string | undefined | null,
  bound: string,
  allowed: AllowedHosts,
): string | undefined {
  if (hostHeader === undefined || hostHeader === null) return undefined;
  const hostname = hostnameOf(hostHeader);
  if (isAllowedHostname(hostname, bound, allowed)) return undefined;
  return (
    `Blocked request: the host "${hostname}" is not allowed. To allow it, start the mock with ` +
    `--allowed-hosts ${hostname} (startMockServer option allowedHosts)`
  );
}

/**
 * The refusal of a control request (`POST /__mock/*`), or undefined: its body must be declared
 * `application/json` (a form or `text/plain` POST needs no CORS preflight, so any page could send one), and an
 * `Origin`, when sent, must be a page of this machine or of an allowed host.
 */
export function controlRefusal(
  contentType: string | undefined | null,
  origin: string | undefined | null,
  bound: string,
  allowed: AllowedHosts,
): { status: 403 | 415; message: string } | undefined {
  if (origin !== undefined && origin !== null) {
    let hostname: string | undefined;
    try {
      hostname = hostnameOf(new URL(origin).host);
    } catch {
      hostname = undefined; // `Origin: null` (sandboxed frames, file://) is foreign too
    }
    if (hostname === undefined || !isAllowedHostname(hostname, bound, allowed)) {
      return {
        status: 403,
        message: `Blocked request: control routes refuse pages of other sites (Origin ${origin}); allow the site's host with --allowed-hosts`,
      };
    }
  }
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    return {
      status: 415,
      message: `control routes take a JSON body: send Content-Type: application/json (got ${contentType ? `"${contentType}"` : 'none'})`,
    };
  }
  return undefined;
}
