/**
 * The one spelling of a hex identifier (transaction id, block hash) that requests and cache keys use: `0x` followed
 * by the digits in lower case. The API compares these ids as bytes, so `0XAB`, `ab` and `0xab` name the same thing;
 * a value that is not hex keeps its characters (only the prefix is added) and the server says what is wrong with it.
 * @example
 * normalizeHex('0XAB12'); // '0xab12'
 */
export function normalizeHex(value: string): string {
  const digits = /^0x/i.test(value) ? value.slice(2) : value;
  return `0x${/^[\da-f]*$/i.test(digits) ? digits.toLowerCase() : digits}`;
}
