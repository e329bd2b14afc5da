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
