/** `text` cut to at most `max` characters, an ellipsis marking the cut: the one bound every quoted text shares. */
export const clip = (text: string, max: number): string =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** A caller's value as a message shows it after `got`: a string quoted, `an array`, `null`, `2.5`, ..., cut at 40. */
export const describeValue = (value: unknown): string =>
  typeof value === 'string'
    ? JSON.stringify(clip(value, 40))
    : Array.isArray(value)
      ? 'an array'
      : typeof value === 'function'
        ? 'a function'
        : value === null
          ? 'null'
          : typeof value === 'object'
            ? 'an object'
            : clip(String(value), 40);

/**
 * `text` with every character that must not reach a log line written as an escape (`\n`, `\u001b`, ...): C0 and C1
 * controls, DEL, line and paragraph separators and bidi formatting, so a server's text cannot forge or reorder log lines.
 */
export const escapeControl = (text: string): string => text.replace(UNSAFE, escapeOne);

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

// JSON's escapes for C0 (`\n`, `\t`, `\u001b`), `\uXXXX` for the rest.
const escapeOne = (c: string): string =>
  c < ' ' ? JSON.stringify(c).slice(1, -1) : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** The secrets worth looking for, longest first so that one containing another is replaced whole. */
const active = (secrets: readonly string[] = []): string[] =>
  secrets.filter((secret) => secret).sort((a, b) => b.length - a.length);

/** Every occurrence of a secret in `text` replaced by `[redacted]`; `wanted` as {@link active} gives them. */
const scrub = (text: string, wanted: readonly string[]): string =>
  wanted.reduce((out, secret) => out.split(secret).join('[redacted]'), text);

/** Replaces every occurrence of a secret (the API key) so it can never leak through an error message. */
export const redact = (text: string, secrets: readonly string[] | undefined): string =>
  scrub(text, active(secrets));

/**
 * A JSON value (an error body) with every secret replaced in its strings and keys at any depth: the value itself when
 * it holds none, else a copy. Walks with an explicit stack, so a body nested a million levels deep cannot overflow.
 */
export function redactJson<T>(value: T, secrets: readonly string[] | undefined): T {
  const wanted = active(secrets);
  if (!wanted[0]) return value;
  let changed = false;
  const clean = (text: string): string => {
    const out = scrub(text, wanted);
    changed ||= out !== text;
    return out;
  };
  const copies = new Map<object, unknown>();
  const pending: [object, object][] = [];
  const copy = (node: unknown): unknown => {
    if (typeof node === 'string') return clean(node);
    // Arrays and plain objects: all a parsed JSON body is made of.
    const proto = typeof node === 'object' && node ? Object.getPrototypeOf(node) : undefined;
    if (!Array.isArray(node) && proto !== Object.prototype && proto !== null) return node;
    let known = copies.get(node as object);
    if (!known) {
      known = Array.isArray(node) ? [] : Object.create(proto);
      copies.set(node as object, known);
      pending.push([node as object, known as object]);
    }
    return known;
  };
  const root = copy(value);
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [source, target] = next;
    for (const [key, item] of Object.entries(source)) {
      // Defined, not assigned: a JSON key `__proto__` must stay an own key, not replace the prototype.
      Object.defineProperty(target, clean(key), {
        value: copy(item),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  // Copied throughout, handed back only when something changed: one walk instead of a search and a copy.
  return changed ? (root as T) : value;
}

/** Response headers with the secrets replaced in values, a header whose name holds one dropped; as is if none. */
export function redactHeaders(headers: Headers, secrets: readonly string[] | undefined): Headers {
  const wanted = active(secrets);
  const out = new Headers();
  let dirty = false;
  for (const [name, value] of headers) {
    const clean = scrub(value, wanted);
    if (wanted.some((secret) => name.includes(secret.toLowerCase()))) dirty = true;
    else {
      dirty ||= clean !== value;
      out.append(name, clean);
    }
  }
  return dirty ? out : headers;
}

/**
 * What a core's opt-in guards (guards.ts) add to the errors it makes: deep body redaction, status phrases, an HTML body
 * named as such, an `ApiError`'s `requestId` and `code`, a 401/403's hint about the API key. None by default.
 */
export interface ErrorHooks {
  /** @internal Blanks the secrets out of a body at any depth (`deepRedaction()`). */
  readonly redactBody?: (<T>(body: T, secrets: readonly string[] | undefined) => T) | undefined;
  /** @internal The reason phrase of a status (`statusPhrases()`). */
  readonly phrase?: ((status: number) => string | undefined) | undefined;
  /** @internal Whether a text body is an HTML page, named rather than quoted (`errorDetails()`). */
  readonly html?: ((text: string, headers: Headers) => boolean) | undefined;
  /** @internal Adds `requestId` and `code` to an `ApiError` (`errorDetails()`). */
  readonly details?: ((error: { headers: Headers; body: unknown }) => void) | undefined;
  /** @internal What a status says about the API key, for the message (`errorDetails()`). */
  readonly hint?: ((status: number, sentApiKey: boolean | undefined) => string | undefined) | undefined;
}

/** What an error body says (its `message`, else its `error`, else its text), or a fallback naming the status. */
export function describeBody(status: number, body: unknown, headers: Headers, hooks: ErrorHooks): string {
  const fallback = hooks.phrase?.(status) ?? (status >= 500 ? 'Server error' : 'Request failed');
  const text =
    typeof body === 'string' ? body.trim() : (readString(body, 'message') ?? readString(body, 'error'));
  return !text
    ? `${fallback} (${body == null || typeof body === 'string' ? 'empty' : 'unrecognized'} body)`
    : typeof body === 'string' && hooks.html?.(text, headers)
      ? `${fallback} (HTML body)`
      : clip(typeof body === 'string' ? text.replace(/\s+/g, ' ') : text, 200);
}

/** `body[key]` when it is a non-empty string. */
export function readString(body: unknown, key: string): string | undefined {
  const value = typeof body === 'object' && body ? (body as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' && value ? value : undefined;
}
