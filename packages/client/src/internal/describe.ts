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
