// biome-ignore-all lint: measurement data, not product code.
// Every message of the floor core (core.ts) that an existing test pins, or that no test pins, with the shortest
// text that still passes the assertions pinning it and still says what happened and to which URL / option.
// `at` is the exact text in core.ts; `pinned` keeps every current assertion; `preIssue` keeps only those that
// existed before issue 31 was filed (in the tree at b3fcec9, 2026-11-27 03:46 UTC; the issue quotes the sizes of
// a79342e and the first commit citing it is ab34f21). Class: a = pinned by a test older than the issue, b = pinned
// only by tests written after it, c = not pinned. Rows whose shortest text is today's text are listed with it unchanged.

export interface Message {
  /** What the message is, as the README table names it. */
  what: string;
  /** The exact text in core.ts (must occur exactly once). */
  at: string;
  /** Shortest text passing every current assertion that pins it. */
  pinned: string;
  /** Shortest text passing only the assertions that existed when the issue was filed. */
  preIssue: string;
  cls: 'a' | 'b' | 'c' | 'a+c' | 'a+b';
  /** The assertions (file:line at main 21ebb84; where first added). */
  pins: string;
}

const same = (what: string, at: string, cls: Message['cls'], pins: string): Message => ({
  what,
  at,
  pinned: at,
  preIssue: at,
  cls,
  pins,
});

export const MESSAGES: Message[] = [
  same(
    'clip marker',
    '}…` : t)',
    'a',
    'hardening/hostile-input.test.ts:164 (ec3a0d7, 11-21); internal/describe.test.ts:9 (46c41e2, 11-26)',
  ),
  same(
    'redaction marker',
    "'[redacted]'",
    'a',
    'errors.test.ts:191 (d200d19, 11-24); internal/transport.test.ts:360 (08e0938, 11-21)',
  ),
  same(
    'describe a value: an array / a function / null / an object',
    "? 'an array'\n      : typeof v == 'function'\n        ? 'a function'\n        : v === null\n          ? 'null'\n          : typeof v == 'object'\n            ? 'an object'",
    'a',
    'internal/describe.test.ts:28-34 (46c41e2, f96f1a1, 11-26)',
  ),
  same(
    'API error head `<status> <method> <path>: <what>`',
    '`${st} ${m} ${clip(p, 200)}: ${w}`',
    'a',
    'errors.test.ts:94 and the whole table 80-145 (08e0938, 11-21)',
  ),
  same(
    "fallbacks 'Server error' / 'Request failed'",
    "(st >= 500 ? 'Server error' : 'Request failed')",
    'a',
    'errors.test.ts:133 (08e0938, 11-21), :138 (07625ad, 11-24)',
  ),
  same(
    "' (empty body)' / ' (unrecognized body)'",
    "`${fb} (${body == null || typeof body == 'string' ? 'empty' : 'unrecognized'} body)`",
    'a',
    'errors.test.ts:104, :143 (08e0938, 11-21); hardening/fault-injection.test.ts:161',
  ),
  same(
    "' (HTML body)'",
    '`${fb} (HTML body)`',
    'a',
    'errors.test.ts:123; internal/transport.test.ts:130 (08e0938, 11-21)',
  ),
  same('detail in parentheses', '`${msg} (${detail})`', 'a', 'errors.test.ts:191 (d200d19, 11-24)'),
  same(
    'GoneError: disabled upstream; use ... instead',
    "`the operation was disabled upstream${i.replacement ? `; use ${i.replacement} instead` : ''}`",
    'a',
    'hardening/hostile-server.test.ts:518 (0f01809, 11-24)',
  ),
  same(
    'option check `<name> must be <what>; got <value>`',
    '`${w} must be ${what}; got ${show(v)}`',
    'a',
    'core.test.ts:124, :130 (46c41e2, 11-26)',
  ),
  same("'a number'", "'a number'", 'a', 'core.test.ts:130 (46c41e2, 11-26)'),
  same(
    "'be a finite number'",
    "'be a finite number'",
    'a',
    'query/test/shared-policy.test.ts:75 (efcbe0c, 11-26)',
  ),
  same("'be an integer'", "'be an integer'", 'a', 'hardening/hostile-server.test.ts:608 (0f01809, 11-24)'),
  same(
    "'be at least N'",
    '`be at least ${min}`',
    'a',
    'hardening/hostile-server.test.ts:610 (0f01809, 11-24)',
  ),
  same("'be at most N'", '`be at most ${max}`', 'a', 'page-param.test.ts:158 (2f3a311, 11-24)'),
  same(
    'range check `<name> must <p>; got <value>`',
    '`${name} must ${p}; got ${v}`',
    'a',
    'hardening/hostile-server.test.ts:608-612 (0f01809, 11-24)',
  ),
  same(
    "default place 'options' (and the '.' joiner); noun 'option'",
    "where = 'options', noun = 'option'",
    'a+b',
    "'options': hardening/hostile-server.test.ts:625 (at b3fcec9 :586, 11-24) /options\\.maxItems must be/; 'option' only in user-input.test.ts:43-120 (ab34f21, 11-28)",
  ),
  same(
    "options not an object: 'an object'",
    "typeof o == 'object' && o, 'an object')",
    'b',
    'client.test.ts:152 (cbcbe64, 11-28 05:02); the same words describe a value (internal/describe.test.ts:29, 11-26)',
  ),
  {
    what: 'unknown key: `<where> has no option "<key>"; did you mean <near>?`',
    at: '`${where} has no ${noun} ${JSON.stringify(key.slice(0, 40))}${near && `; did you mean ${near}?`}`',
    pinned:
      '`${where} has no ${noun} ${JSON.stringify(key.slice(0, 40))}${near && `; did you mean ${near}?`}`',
    preIssue: '`${where}: unknown ${noun} ${JSON.stringify(key.slice(0, 40))}${near && ` (${near}?)`}`',
    cls: 'b',
    pins: 'user-input.test.ts:43-120 (ab34f21, 11-28 01:05, issue 31 item 7)',
  },
  {
    what: 'retry not an object or false',
    at: '} must be an object or false; got ${String(v)}`',
    pinned: '} must be an object or false; got ${String(v)}`',
    preIssue: '} must be an object or false; got ${String(v)}`',
    cls: 'c',
    pins: '-',
  },
  same("'a function'", "'function', 'a function')", 'a', 'core.test.ts:124 (46c41e2, 11-26)'),
  {
    what: "'a pacer from createPacer() or false'",
    at: "'a pacer from createPacer() or false'",
    pinned: "'a pacer from createPacer or false'",
    preIssue: "'a pacer from createPacer or false'",
    cls: 'a+c',
    pins: "core.test.ts:114 (1f04cba, 11-26) /rateLimit must be a pacer from createPacer/; '() or false' unpinned",
  },
  same("'an AbortSignal'", "'an AbortSignal'", 'b', 'user-input.test.ts:128-129, :151 (ab34f21, 11-28)'),
  {
    what: "'an array of header names'",
    at: "'an array of header names'",
    pinned: "'an array of header names'",
    preIssue: "'an array'",
    cls: 'b',
    pins: 'user-input.test.ts:131 (ab34f21, 11-28)',
  },
  {
    what: "'a header name' (credentialHeaders[i])",
    at: "'a header name'",
    pinned: "'a header name'",
    preIssue: "'a string'",
    cls: 'b',
    pins: 'user-input.test.ts:132 (ab34f21, 11-28); the older header-checks.test.ts:40 pins it for apiKeyHeader, which the floor does not check',
  },
  {
    what: 'baseUrl not absolute',
    at: "'be an absolute http(s) URL such as https://api.hiro.so'",
    pinned: "'be an absolute http(s) URL'",
    preIssue: "'be an absolute http(s) URL'",
    cls: 'a+c',
    pins: "base-urls.test.ts:19-20 (08e0938, 11-21); ' such as https://api.hiro.so' unpinned",
  },
  same("baseUrl 'use http or https'", "'use http or https'", 'a', 'base-urls.test.ts:21-22 (08e0938, 11-21)'),
  {
    what: 'baseUrl with a query or fragment',
    at: "'not contain a query string or fragment'",
    pinned: "'have no query string or fragment'",
    preIssue: "'have no query string or fragment'",
    cls: 'a+c',
    pins: 'base-urls.test.ts:23 (08e0938, 11-21) /query string/',
  },
  {
    what: 'baseUrl with credentials',
    at: "'not contain credentials'",
    pinned: "'have no credentials'",
    preIssue: "'have no credentials'",
    cls: 'a+c',
    pins: 'base-urls.test.ts:24 (08e0938, 11-21) /credentials/',
  },
  {
    what: "baseUrl hint 'pass an apiKey instead'",
    at: "'pass an apiKey instead'",
    pinned: "'use apiKey'",
    preIssue: "'use apiKey'",
    cls: 'c',
    pins: '- (base-urls.test.ts:30 only requires the password not be shown)',
  },
  {
    what: "baseUrl 'got an empty value'",
    at: "'got an empty value'",
    pinned: "'empty value'",
    preIssue: "'empty value'",
    cls: 'a+c',
    pins: 'base-urls.test.ts:17-18 (08e0938, 11-21) /empty value/',
  },
  {
    what: 'invalid header name or value',
    at: '} is not a valid header name or value (the value is not shown)`',
    pinned: '} is not a valid header name or value (the value is not shown)`',
    preIssue: '} is not a valid header name or value`',
    cls: 'b',
    pins: 'internal/header-checks.test.ts:78-86 (970886a, 11-28 04:15, issue 31 item 3)',
  },
  same(
    'cause in parentheses `<message> (<code>)`',
    '`${e.message} (${d})`',
    'a',
    'internal/transport.test.ts:38 (08e0938, 11-21)',
  ),
  same(
    'console Warning line',
    "`[@blockindex/client] ${w.operation}: the API sent Warning: ${w.warning}${w.replacement ? `; use ${w.replacement} instead` : ''}`",
    'a',
    'hardening/hostile-server.test.ts:562, :580 (at b3fcec9 :523, :541; text of the replacement changed since, the wording not)',
  ),
  same(
    "'createCore options'",
    "'createCore options'",
    'a',
    'core.test.ts:124, :130 (46c41e2, 11-26); user-input.test.ts:71-74',
  ),
  same(
    "'apiKey must be a string; got <type>'",
    '`apiKey must be a string; got ${typeof apiKey}`',
    'a',
    'internal/header-checks.test.ts:44 (at b3fcec9 :43), :92',
  ),
  {
    what: 'query parameter that is an object',
    at: '`query parameter ${n} must be a string, number or boolean; got an object`',
    pinned: '`query.${n} must not be an object`',
    preIssue: '`query.${n} must not be an object`',
    cls: 'c',
    pins: '-',
  },
  same(
    'base URL check `<option> must <p>; got "<value>"`',
    '`${opt} must ${p}; ${u?.username',
    'a',
    'base-urls.test.ts:19 (08e0938, 11-21) /absolute http\\(s\\) URL.*"\\/extended"/',
  ),
  same(
    'base URL check: `got "<value>"`',
    '`got ${JSON.stringify(b)}`',
    'a',
    'base-urls.test.ts:19 (08e0938, 11-21)',
  ),
  same(
    'invalid header: `<what>: "<name>"` (null / its type when not a string)',
    "`${what}: ${typeof n != 'string' ? (n === null ? 'null' : typeof n)",
    'b',
    'internal/header-checks.test.ts:78-81 (970886a, 11-28 04:15)',
  ),
  same(
    "path parameter 'is missing'",
    "no('is missing')",
    'a',
    'internal/request.test.ts:399 (at b3fcec9 get-client.test.ts:354); internal/path-serializer.test.ts:37-38 (28d1d6e, 11-21)',
  ),
  same(
    "path parameter 'must be a string or a number; got <type>' / 'an array'",
    "no(`must be a string or a number; got ${Array.isArray(v) ? 'an array' : typeof v}`)",
    'a',
    'internal/request.test.ts:401 (at b3fcec9 get-client.test.ts:356); internal/path-serializer.test.ts:40 (28d1d6e, 11-21)',
  ),
  same(
    "path parameter 'must not be empty'",
    "no('must not be empty')",
    'a',
    'internal/request.test.ts:400 (at b3fcec9 get-client.test.ts:355); internal/path-serializer.test.ts:39 (28d1d6e, 11-21)',
  ),
  same(
    "'Path parameter <name> <reason>'",
    '`Path parameter ${k} ${w}`',
    'a',
    'internal/request.test.ts:399-401 (moved from internal/get-client.test.ts, at b3fcec9 :354-356); internal/path-serializer.test.ts:37-40 (28d1d6e, 11-21)',
  ),
  {
    what: "path parameter 'is not well-formed Unicode (it holds a lone surrogate)'",
    at: "no('is not well-formed Unicode (it holds a lone surrogate)')",
    pinned: "no('is not well-formed Unicode')",
    preIssue: "no('is not well-formed Unicode')",
    cls: 'a+c',
    pins: 'internal/request.test.ts:394 (from get-client.test.ts:349 at b3fcec9); path-serializer.test.ts:42 (28d1d6e); the parenthesis unpinned',
  },
  same(
    'connection error head `GET <url>: <what>`',
    '`GET ${shown()}: ${w}`',
    'a',
    'internal/transport.test.ts:38, :240, :360 (08e0938, d200d19, 11-21..24)',
  ),
  {
    what: "'the request was aborted'",
    at: "'the request was aborted'",
    pinned: "'aborted'",
    preIssue: "'aborted'",
    cls: 'c',
    pins: '- (tests check AbortError only)',
  },
  {
    what: "'the call's deadline of N ms passed'",
    at: "`the call's deadline of ${deadlineMs} ms passed`",
    pinned: "`the call's deadline of ${deadlineMs} ms passed`",
    preIssue: '`deadline of ${deadlineMs} ms passed`',
    cls: 'a+b',
    pins: 'hardening/hostile-server.test.ts:370 (0f01809, 11-24) /deadline of 5000 ms passed/; internal/signals.test.ts:69 (ff9b495, 11-28 04:02) adds "the call\'s"',
  },
  same(
    "'timed out after N ms'",
    '`timed out after ${timeoutMs} ms`',
    'a',
    'internal/transport.test.ts:240 (d200d19, 11-24); internal/signals.test.ts:58 (ff9b495, 11-28)',
  ),
  same(
    "'the body is not valid JSON'",
    '`the body is not valid JSON${',
    'a',
    'internal/transport.test.ts:206 (08e0938, 11-21); hardening/fault-injection.test.ts:182',
  ),
  {
    what: "' (syntax error at position N)'",
    at: '` (syntax error at ${at[0]})`',
    pinned: '` (${at[0]})`',
    preIssue: '` (${at[0]})`',
    cls: 'c',
    pins: '-',
  },
  {
    what: "'the response body could not be read (<cause>)'",
    at: '`the response body could not be read (${cause(e)})`',
    pinned: '`body could not be read (${cause(e)})`',
    preIssue: '`body could not be read (${cause(e)})`',
    cls: 'a+c',
    pins: "internal/transport.test.ts:87 (08e0938, 11-21) 'could not be read'",
  },
  {
    what: "timeout abort reason 'Timed out after N ms' (a DOMException, the TimeoutError's cause)",
    at: '`Timed out after ${ms} ms`',
    pinned: '`timed out after ${ms} ms`',
    preIssue: '`timed out after ${ms} ms`',
    cls: 'c',
    pins: '- (internal/signals.test.ts:55 checks only its name TimeoutError); lower-cased, it repeats the text above, which gzip takes back',
  },
  {
    what: 'redirect to a hidden target refused',
    at: "'the server redirected to a hidden target: not followed, to keep credentials at their origin'",
    pinned: "'redirected to a hidden target, not followed'",
    preIssue: "'redirected to a hidden target, not followed'",
    cls: 'c',
    pins: '-',
  },
  same(
    "'redirect loop: more than 20 redirects'",
    "'redirect loop: more than 20 redirects'",
    'a',
    'hardening/hostile-server.test.ts:96 (0f01809, 11-24)',
  ),
  {
    what: "'the server redirected to an invalid URL'",
    at: "'the server redirected to an invalid URL'",
    pinned: "'redirected to an invalid URL'",
    preIssue: "'redirected to an invalid URL'",
    cls: 'a+c',
    pins: 'hardening/hostile-server.test.ts:102 (4f32ab1, 11-26) /redirected to an invalid URL/',
  },
  {
    what: "'the server redirected to a <scheme> URL'",
    at: '`the server redirected to a ${to.protocol} URL`',
    pinned: '`redirected to a ${to.protocol} URL`',
    preIssue: '`redirected to a ${to.protocol} URL`',
    cls: 'a+c',
    pins: 'hardening/hostile-server.test.ts:101 (4f32ab1, 11-26); internal/redirects.test.ts:55 (0f01809, 11-24)',
  },
  {
    what: "'the response announced N bytes, more than maxResponseBytes (M bytes)'",
    at: '`the response announced ${n} bytes, more than maxResponseBytes (${max} bytes)`',
    pinned: '`announced ${n} bytes, over maxResponseBytes (${max})`',
    preIssue: '`announced ${n} bytes, over maxResponseBytes (${max})`',
    cls: 'a+c',
    pins: 'internal/body-limit.test.ts:79 (bbbb3a6, 11-26) /announced 5000 bytes/',
  },
  {
    what: "'the response body passed maxResponseBytes (M bytes)'",
    at: '`the response body passed maxResponseBytes (${max} bytes)`',
    pinned: '`body passed maxResponseBytes (${max})`',
    preIssue: '`body passed maxResponseBytes (${max})`',
    cls: 'a+c',
    pins: 'internal/body-limit.test.ts:76 (bbbb3a6, 11-26) /passed maxResponseBytes/',
  },
  same(
    "'expected a JSON body, got an empty one'",
    "'expected a JSON body, got an empty one'",
    'a',
    'hardening/fault-injection.test.ts:196 (f4bc940, 11-21); internal/transport.test.ts:215',
  ),
  same(
    "'expected a JSON object'",
    "'expected a JSON object'",
    'a',
    'hardening/fault-injection.test.ts:203 (f4bc940, 11-21); internal/transport.test.ts:217-218',
  ),
  {
    what: "backoff AbortError 'The request was aborted' (carries no URL)",
    at: "'The request was aborted'",
    pinned: "'aborted'",
    preIssue: "'aborted'",
    cls: 'c',
    pins: '- (hardening/hostile-server.test.ts:403, retry.test.ts:173-207 check AbortError only)',
  },
  same(
    "'core must come from createCore() or createClient()'",
    "'core must come from createCore() or createClient()'",
    'a',
    'params.test.ts:140 (1f04cba, 11-26)',
  ),
  same(
    "'<name> must be a non-empty string; got <value>'",
    '} must be a non-empty string; got ',
    'a',
    'params.test.ts:80 (1f04cba, 11-26); query/test/query-keys.test.ts:120',
  ),
  {
    what: "'<name> is not well-formed Unicode (it holds a lone surrogate)'",
    at: '`${name} is not well-formed Unicode (it holds a lone surrogate)`',
    pinned: '`${name} is not well-formed Unicode`',
    preIssue: '`${name} is not well-formed Unicode`',
    cls: 'a+c',
    pins: 'params.test.ts:74 (1f04cba, 11-26) /^ticker is not well-formed Unicode/',
  },
];

/** `core` with every message worded by `pick`; each `at` must occur exactly once, changed or not. */
export const worded = (core: string, pick: (m: Message) => string): string =>
  MESSAGES.reduce((c, m) => {
    const parts = c.split(m.at);
    if (parts.length !== 2) throw new Error(`${parts.length - 1} matches (want 1): ${m.at.slice(0, 60)}`);
    return parts.join(pick(m));
  }, core);
