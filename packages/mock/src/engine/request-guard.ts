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
  return isListed(hostname, allowed);
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
 * True for a loopback name: `localhost` and its subdomains, `127.0.0.0/8` and `::1` (with or without an
 * IPv4-mapped prefix). Other IP literals may be anyone's page, so they are not this machine's origins.
 */
function isLoopback(hostname: string): boolean {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  if (hostname === '::1' || hostname === '0:0:0:0:0:0:0:1') return true;
  // An IPv4-mapped address, as the URL parser writes it (`[::ffff:127.0.0.1]` becomes `[::ffff:7f00:1]`).
  const mapped = /^::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}$/.exec(hostname);
  if (mapped !== null) return Number.parseInt(mapped[1] as string, 16) >> 8 === 127;
  const v4 = IPV4.exec(hostname.startsWith('::ffff:') ? hostname.slice(7) : hostname);
  return v4 !== null && v4[1] === '127' && v4.slice(2).every((part) => Number(part) <= 255);
}

/** Addresses that mean "every interface" when bound: never the name of a page. */
const UNSPECIFIED = new Set(['0.0.0.0', '::', '0:0:0:0:0:0:0:0']);

/**
 * True for the host name of a page allowed to drive the control routes (Vite's `server.cors` default): a
 * loopback page, the bound `--host` when it is a real name or address, or a name the user listed.
 */
function isAllowedOriginHostname(hostname: string, bound: string, allowed: AllowedHosts): boolean {
  if (allowed === true || isLoopback(hostname)) return true;
  const boundName = nameOf(bound);
  if (hostname === boundName && !UNSPECIFIED.has(boundName)) return true;
  return isListed(hostname, allowed);
}

/** A listed (or bound) name, which has no port: an IPv6 address may come with or without brackets. */
function nameOf(listed: string): string {
  return listed
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

function isListed(hostname: string, allowed: readonly string[]): boolean {
  return allowed.some((name) => {
    const lower = nameOf(name);
    return lower.startsWith('.')
      ? hostname === lower.slice(1) || hostname.endsWith(lower)
      : hostname === lower;
  });
}

/**
 * The refusal of a page's request to a control route, or undefined when `Origin` is absent (not a browser
 * page) or names a page of this machine (loopback), of the bound `--host`, or of an allowed host. Preflights
 * of control routes are checked with it too, so a foreign page learns nothing it could act on.
 */
export function originRefusal(
  origin: string | undefined | null,
  bound: string,
  allowed: AllowedHosts,
): string | undefined {
  if (origin === undefined || origin === null) return undefined;
  let hostname: string | undefined;
  try {
    hostname = hostnameOf(new URL(origin).host);
  } catch {
    hostname = undefined; // `Origin: null` (sandboxed frames, file://) is foreign too
  }
  if (hostname !== undefined && isAllowedOriginHostname(hostname, bound, allowed)) return undefined;
  return (
    `Blocked request: control routes answer only pages of this machine (localhost, 127.0.0.1, [::1]) and of ` +
    `allowed hosts, not Origin ${origin.slice(0, 200)}; to allow its site, start the mock with ` +
    `--allowed-hosts <its host name> (startMockServer option allowedHosts)`
  );
}

/** What the 415 of a control POST says: the JSON requirement, and why it stays. */
export const CONTROL_JSON_REQUIREMENT =
  'control routes take a JSON body, even an empty one: send Content-Type: application/json (a page of another ' +
  'site cannot send that header without a CORS preflight, which keeps it out)';

/**
 * The refusal of a control request (`POST /__mock/*`), or undefined: its body must be declared
 * `application/json` (a form or `text/plain` POST needs no CORS preflight, so any page could send one), and an
 * `Origin`, when sent, must be allowed by {@link originRefusal}.
 */
export function controlRefusal(
  contentType: string | undefined | null,
  origin: string | undefined | null,
  bound: string,
  allowed: AllowedHosts,
): { status: 403 | 415; message: string } | undefined {
  const refusedOrigin = originRefusal(origin, bound, allowed);
  if (refusedOrigin !== undefined) return { status: 403, message: refusedOrigin };
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    const got = contentType ? `"${contentType.slice(0, 200)}"` : 'none';
    return { status: 415, message: `${CONTROL_JSON_REQUIREMENT} (got ${got})` };
  }
  return undefined;
}
