const REDACTED = '[redacted]';

/** The secrets worth looking for, longest first so that one containing another is replaced whole. */
function active(secrets: readonly string[] | undefined): string[] {
  return (secrets ?? []).filter((secret) => secret.length > 0).sort((a, b) => b.length - a.length);
}

/** Replaces every occurrence of a secret (the API key) so it can never leak through an error message. */
export function redact(text: string, secrets: readonly string[] | undefined): string {
  let out = text;
  for (const secret of active(secrets)) out = out.split(secret).join(REDACTED);
  return out;
}

/**
 * A JSON value (an error body) with every occurrence of a secret replaced in its strings and object keys, at any
 * depth. The value comes back as is when it holds none, and as a copy otherwise: the response it came from is left
 * alone. Walks with an explicit stack, so a hostile body nested a million levels deep cannot overflow the call stack.
 */
export function redactJson<T>(value: T, secrets: readonly string[] | undefined): T {
  const wanted = active(secrets);
  if (wanted.length === 0 || !containsSecret(value, wanted)) return value;
  const copies = new Map<object, unknown>();
  const copy = (node: unknown): unknown => {
    if (typeof node === 'string') return redact(node, wanted);
    if (!isContainer(node)) return node;
    const known = copies.get(node);
    if (known !== undefined) return known;
    const empty = Array.isArray(node) ? [] : Object.create(Object.getPrototypeOf(node));
    copies.set(node, empty);
    pending.push([node, empty]);
    return empty;
  };
  const pending: [object, Record<string, unknown>][] = [];
  const root = copy(value);
  while (pending.length > 0) {
    const [source, target] = pending.pop() as [object, Record<string, unknown>];
    for (const key of Object.keys(source)) {
      // Defined, not assigned: a JSON key `__proto__` must stay an own key, not replace the prototype.
      Object.defineProperty(target, redact(key, wanted), {
        value: copy((source as Record<string, unknown>)[key]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return root as T;
}

/**
 * Response headers with every occurrence of a secret replaced in their values; a header whose name holds a secret
 * is dropped (a name cannot carry the placeholder). The same object comes back when nothing needed replacing.
 */
export function redactHeaders(headers: Headers, secrets: readonly string[] | undefined): Headers {
  const wanted = active(secrets);
  const leaks = (text: string) => wanted.some((secret) => text.includes(secret));
  const nameLeaks = (name: string) => wanted.some((secret) => name.includes(secret.toLowerCase()));
  let dirty = false;
  for (const [name, value] of headers) {
    if (leaks(value) || nameLeaks(name)) dirty = true;
  }
  if (!dirty) return headers;
  const out = new Headers();
  for (const [name, value] of headers) {
    if (!nameLeaks(name)) out.append(name, redact(value, wanted));
  }
  return out;
}

function containsSecret(value: unknown, secrets: readonly string[]): boolean {
  const leaks = (text: string) => secrets.some((secret) => text.includes(secret));
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (leaks(node)) return true;
      continue;
    }
    if (!isContainer(node) || seen.has(node)) continue;
    seen.add(node);
    for (const key of Object.keys(node)) {
      if (leaks(key)) return true;
      stack.push((node as Record<string, unknown>)[key]);
    }
  }
  return false;
}

/** Arrays and plain objects: all a parsed JSON body is made of. */
function isContainer(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
