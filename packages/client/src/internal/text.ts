/** `text` cut to at most `max` characters, an ellipsis marking the cut: the one bound every quoted text shares. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * A caller's value as a message shows it after `got`: a string quoted (at most 40 characters), `an array`, `an
 * object`, `a function`, `null`, or the primitive as text (`2.5`, `true`, `undefined`), cut like a string: a
 * function's source or a symbol's description can be any length.
 */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(clip(value, 40));
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'function') return 'a function';
  return value === null ? 'null' : typeof value === 'object' ? 'an object' : clip(String(value), 40);
}

/**
 * Characters that must not reach a log line as they are: C0 and C1 controls and DEL (line breaks, ANSI escape
 * sequences, backspaces), the Unicode line and paragraph separators, and the bidirectional formatting characters
 * that can make a line read differently from what it holds.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * `text` with every control character written as an escape (`\n`, `\u001b`, ...), so that text a server chose
 * (an error body, a `Warning` header) cannot forge log lines, recolour a terminal or reorder what it shows.
 * Text without one comes back unchanged.
 */
export function escapeControl(text: string): string {
  return text.replace(
    UNSAFE,
    (char) => NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const REDACTED = '[redacted]';

/** The secrets worth looking for, longest first so that one containing another is replaced whole. */
function active(secrets: readonly string[] | undefined): string[] {
  return (secrets ?? []).filter((secret) => secret.length > 0).sort((a, b) => b.length - a.length);
}

function scrub(text: string, wanted: readonly string[]): string {
  let out = text;
  for (const secret of wanted) out = out.split(secret).join(REDACTED);
  return out;
}

/** Replaces every occurrence of a secret (the API key) so it can never leak through an error message. */
export function redact(text: string, secrets: readonly string[] | undefined): string {
  return scrub(text, active(secrets));
}

/**
 * A JSON value (an error body) with every occurrence of a secret replaced in its strings and object keys, at any
 * depth. The value comes back as is when it holds none, and as a copy otherwise: the response it came from is left
 * alone. Walks with an explicit stack, so a hostile body nested a million levels deep cannot overflow the call stack.
 */
export function redactJson<T>(value: T, secrets: readonly string[] | undefined): T {
  const wanted = active(secrets);
  if (wanted.length === 0) return value;
  let changed = false;
  const clean = (text: string): string => {
    const out = scrub(text, wanted);
    if (out !== text) changed = true;
    return out;
  };
  const copies = new Map<object, unknown>();
  const pending: [object, object][] = [];
  const copy = (node: unknown): unknown => {
    if (typeof node === 'string') return clean(node);
    if (!isContainer(node)) return node;
    let known = copies.get(node);
    if (known === undefined) {
      known = Array.isArray(node) ? [] : Object.create(Object.getPrototypeOf(node));
      copies.set(node, known);
      pending.push([node, known as object]);
    }
    return known;
  };
  const root = copy(value);
  while (pending.length > 0) {
    const [source, target] = pending.pop() as [object, object];
    for (const key of Object.keys(source)) {
      // Defined, not assigned: a JSON key `__proto__` must stay an own key, not replace the prototype.
      Object.defineProperty(target, clean(key), {
        value: copy((source as Record<string, unknown>)[key]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  // Copied throughout, handed back only when something changed: one walk instead of a search and a copy.
  return changed ? (root as T) : value;
}

/**
 * Response headers with every occurrence of a secret replaced in their values; a header whose name holds a secret
 * is dropped (a name cannot carry the placeholder). The same object comes back when nothing needed replacing.
 */
export function redactHeaders(headers: Headers, secrets: readonly string[] | undefined): Headers {
  const wanted = active(secrets);
  if (wanted.length === 0) return headers;
  const nameLeaks = (name: string) => wanted.some((secret) => name.includes(secret.toLowerCase()));
  const out = new Headers();
  let dirty = false;
  for (const [name, value] of headers) {
    const clean = scrub(value, wanted);
    if (nameLeaks(name) || clean !== value) dirty = true;
    if (!nameLeaks(name)) out.append(name, clean);
  }
  return dirty ? out : headers;
}

/** Arrays and plain objects: all a parsed JSON body is made of. */
function isContainer(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** `"<status> <METHOD> <path>: <what>"`: how every error about a response begins. */
export function headline(status: number, method: string, url: string, what: string): string {
  return `${status} ${method} ${truncate(pathOf(url))}: ${what}`;
}

const MAX_DETAIL = 200;

/** The reason phrase of a status, once the opt-in `statusPhrases()` is in use. */
let phraseOf: (status: number) => string | undefined = () => undefined;

/** Installs the reason phrases (`statusPhrases()`). */
export function setStatusPhrases(lookup: (status: number) => string | undefined): void {
  phraseOf = lookup;
}

/** What an error body says, or a fallback naming the status when it says nothing useful. */
export function describeBody(status: number, body: unknown, headers: Headers): string {
  const fallback = phraseOf(status) ?? (status >= 500 ? 'Server error' : 'Request failed');
  if (body === undefined || body === null) return `${fallback} (empty body)`;
  if (typeof body === 'string') {
    const text = body.trim();
    if (text === '') return `${fallback} (empty body)`;
    const contentType = headers.get('content-type') ?? '';
    if (contentType.includes('html') || text.startsWith('<')) return `${fallback} (HTML body)`;
    return truncate(text.replace(/\s+/g, ' '));
  }
  const message = readString(body, 'message');
  const error = readString(body, 'error');
  if (message) return truncate(message);
  if (error) return truncate(error);
  return `${fallback} (unrecognized body)`;
}

/**
 * Path and query of a URL (shown shortened: the host is the same for every call and only makes messages longer),
 * or the text itself when it is not one.
 */
function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}

function truncate(text: string): string {
  return clip(text, MAX_DETAIL);
}

export function readString(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
