/** Base URL the handlers answer on by default: the real mainnet API, so an unconfigured client hits the mock. */
export const DEFAULT_BASE_URL = 'https://api.hiro.so';
