/** Hiro's mainnet API, the default base URL (apart from {@link BASE_URLS} so that the checks below ship without it). */
export const MAINNET_URL = 'https://api.hiro.so';

/** Base URLs of the hosted API and of the local mock (`blockindex-mock` / `pnpm mock`). */
export const BASE_URLS = /* @__PURE__ */ Object.freeze({
  /** Hiro's mainnet API, the default. */
  mainnet: MAINNET_URL,
  /** Hiro's testnet API. */
  testnet: 'https://api.testnet.hiro.so',
  /** The standalone mock server's default address. */
  mock: 'http://127.0.0.1:3999',
} as const);

/**
 * Checks a base URL and returns it without a trailing slash. Node's `Request` only accepts absolute URLs, so a
 * relative or malformed one is rejected here, where the message can say what is wrong, instead of on every call.
 */
export function normalizeBaseUrl(baseUrl: string, option = 'baseUrl'): string {
  const refuse = (rule: string, got = `got ${JSON.stringify(baseUrl)}`) =>
    new TypeError(`${option} must ${rule}; ${got}`);
  const absolute = `be an absolute http(s) URL such as ${MAINNET_URL}`;
  if (typeof baseUrl !== 'string' || baseUrl.trim() === '') throw refuse(absolute, 'got an empty value');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw refuse(absolute);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('use http or https');
  if (url.search !== '' || url.hash !== '') throw refuse('not contain a query string or fragment');
  // Not quoted: the credentials are what must not be shown.
  if (url.username !== '' || url.password !== '')
    throw refuse('not contain credentials', 'pass an apiKey instead');
  return url.href.replace(/\/+$/, '');
}
