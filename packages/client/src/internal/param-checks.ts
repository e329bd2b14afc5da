import { describeValue } from './text.js';

/**
 * The one spelling of a hex id (transaction id, block hash) that requests and cache keys use: `0x` and lower-case
 * digits (`0XAB`, `ab` and `0xab` name the same thing); a value that is not hex keeps its characters.
 * @example
 * normalizeHex('0XAB12'); // '0xab12'
 */
export function normalizeHex(value: string): string {
  const digits = /^0x/i.test(value) ? value.slice(2) : value;
  return `0x${/^[\da-f]*$/i.test(digits) ? digits.toLowerCase() : digits}`;
}

/** Checks an identifier argument (ticker, address, id): a non-empty string of well-formed Unicode. */
export function checkId(name: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') {
    throw new TypeError(`${name} must be a non-empty string; got ${describeValue(value)}`);
  }
  try {
    // Throws for a lone surrogate, which has no UTF-8 form (and so no percent-encoding into a URL).
    encodeURIComponent(value);
  } catch {
    throw new TypeError(`${name} is not well-formed Unicode (it holds a lone surrogate)`);
  }
  return value;
}

/** Checks a hex id (`txId`, `hash`) and returns it as it is sent: `0x` and lower-case digits. */
export function checkHex(name: string, value: unknown): string {
  const hex = normalizeHex(checkId(name, value));
  if (hex === '0x') throw new TypeError(`${name} must hold hex digits after its 0x prefix; got "${value}"`);
  return hex;
}

/** Checks a list of ids: an array (a lone string would be split into characters) of identifiers. */
export function checkIds(name: string, value: unknown): readonly string[] {
  if (!Array.isArray(value))
    throw new TypeError(`${name} must be an array of strings; got ${describeValue(value)}`);
  for (const [i, id] of value.entries()) checkId(`${name}[${i}]`, id);
  return value;
}

/** Checks a burn block argument (`'latest'`, a height or a 64-hex hash), returned as it is sent. */
export function checkBurnBlock(name: string, value: unknown): string | number {
  if (value === 'latest') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  const id = typeof value === 'number' ? String(value) : checkId(name, value);
  if (/^(0x)?[0-9a-fA-F]{64}$/.test(id)) return checkHex(name, id);
  if (/^[0-9]{1,10}$/.test(id)) return id;
  throw new TypeError(
    `${name} must be 'latest', a non-negative integer height or a 64-hex burn block hash; got ${JSON.stringify(id.slice(0, 70))}`,
  );
}
