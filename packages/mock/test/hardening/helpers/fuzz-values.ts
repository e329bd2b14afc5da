import fc from 'fast-check';

/** How a request was made: from valid values, from values one mistake away, or from anything. */
export type FuzzKind = 'valid' | 'near-valid' | 'garbage';

/** One piece of a request (a path segment, a query pair) and how it was made. */
export interface Part {
  text: string;
  kind: FuzzKind;
}

const WORST: readonly FuzzKind[] = ['valid', 'near-valid', 'garbage'];
/** The least valid of several kinds. */
export const worst = (kinds: readonly FuzzKind[]): FuzzKind =>
  kinds.reduce<FuzzKind>((a, b) => (WORST.indexOf(b) > WORST.indexOf(a) ? b : a), 'valid');

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Percent-encodes the UTF-8 bytes of `value` (lone surrogates become U+FFFD, as a browser would send). */
export function pct(value: string, everything = false): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out +=
      !everything && byte < 0x80 && UNRESERVED.test(char)
        ? char
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** `value` as it could go on the wire untouched: printable ASCII kept verbatim (`%`, `/`, `?`, `#` too). */
function wire(value: string): string {
  return [...value].map((char) => (/^[\x21-\x7e]$/.test(char) ? char : pct(char))).join('');
}

/** `value` encoded the usual way (mostly), every byte escaped, or raw where the wire allows it. */
export const encoded = (value: string, kind: FuzzKind): fc.Arbitrary<Part> =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant({ text: pct(value), kind }) },
    { weight: 1, arbitrary: fc.constant({ text: pct(value, true), kind }) },
    { weight: 1, arbitrary: fc.constant({ text: wire(value), kind: worst([kind, 'near-valid']) }) },
  );

/** Encodings that decoders trip on, inserted verbatim. */
const PERCENT_TRICKS = [
  '%',
  '%2',
  '%zz',
  '%%',
  '%00',
  '%2e%2e%2f',
  '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
  '%252F',
  '%25',
  '%0d%0a',
  '%0d%0aX-Injected:%201',
  '%E0%A4%A',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '%F0%9F%92%A9',
  '+',
  '%20',
  '%2B',
  '%u0041',
  '&',
  '=',
  '==',
  '?',
  '??',
  '#frag',
  ';jsessionid=1',
  '//',
  '/./',
  '/../',
  '..',
  '.',
  '%2F',
];

const SPECIAL_STRINGS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  'null',
  'undefined',
  'true',
  'false',
  '[]',
  '{}',
  '[object Object]',
  'NaN',
  'Infinity',
  '-Infinity',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '\u0000',
  '\r\nX-Injected: 1',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j-style payload, literally.
  '${jndi:ldap://x}',
  '\u202e',
  '\ufeff',
  'ａｂｃ',
  'İ',
  'ß',
  '😀',
  '\ud800',
  ' ',
  '\t',
];

const NUMBER_STRINGS = [
  '0',
  '-0',
  '1',
  '-1',
  '00',
  '08',
  '1.0',
  '1.',
  '.5',
  '1e3',
  '1E-3',
  '0x10',
  '0b1',
  '1_000',
  ' 1',
  '1 ',
  '+1',
  '9007199254740993',
  '18446744073709551616',
  '1e308',
  '1e309',
  '5e-324',
  '9'.repeat(400),
];

/** Anything a careless or hostile caller might put in a parameter. */
export const nastyValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 3, arbitrary: fc.constantFrom(...NUMBER_STRINGS) },
  { weight: 2, arbitrary: fc.integer().map(String) },
  { weight: 2, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String) },
  { weight: 1, arbitrary: fc.constant('') },
);

/** A nasty value, encoded one way or another, or a raw encoding trick. */
export const nastyPart: fc.Arbitrary<Part> = fc.oneof(
  { weight: 4, arbitrary: nastyValue.chain((value) => encoded(value, 'garbage')) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(...PERCENT_TRICKS).map((text) => ({ text, kind: 'garbage' as const })),
  },
);

/** Values one mistake away from `base`: wrong case, a character too many or too few, a prefix lost. */
export function nearly(base: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      base.toUpperCase(),
      base.toLowerCase(),
      base.slice(0, -1),
      `${base}0`,
      `${base}g`,
      base.replace(/^0x/, '0X'),
      base.replace(/^0x/, ''),
      `0x${base}`,
      ` ${base}`,
      `${base} `,
      `${base}.`,
      `${base}${base}`,
      `-${base}`,
      `${base}.5`,
    ),
    fc.nat({ max: Math.max(0, base.length - 1) }).map((i) => base.slice(0, i) + base.slice(i + 1)),
    fc
      .tuple(
        fc.nat({ max: base.length }),
        fc.constantFrom('0', 'Z', 'I', 'O', '.', '-', '_', '/', '%', '~', 'é'),
      )
      .map(([i, char]) => base.slice(0, i) + char + base.slice(i)),
  );
}
