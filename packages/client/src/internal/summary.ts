import { clip } from './describe.js';

/** Longest summary of a body an error carries in `toJSON()` and `util.inspect`. */
const MAX_SUMMARY_CHARS = 1000;
const MAX_DEPTH = 4;
const MAX_ENTRIES = 10;

/**
 * A short JSON-like text of `value` for logs: at most {@link MAX_DEPTH} levels, {@link MAX_ENTRIES} entries per
 * level and {@link MAX_SUMMARY_CHARS} characters, so a body nested 100 000 levels deep or megabytes long costs a
 * few microseconds and can never throw (`JSON.stringify` overflows the stack on the former).
 */
export function summarize(value: unknown): string {
  return clip(walk(value, 0), MAX_SUMMARY_CHARS);
}

function walk(value: unknown, depth: number): string {
  if (typeof value === 'string') return JSON.stringify(clip(value, 200));
  if (value === null || typeof value !== 'object') return String(value);
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? '[…]' : '{…}';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ENTRIES).map((v) => walk(v, depth + 1));
    if (value.length > MAX_ENTRIES) items.push(`…${value.length - MAX_ENTRIES} more`);
    return `[${items.join(',')}]`;
  }
  const keys = Object.keys(value);
  const entries = keys
    .slice(0, MAX_ENTRIES)
    .map((k) => `${JSON.stringify(k)}:${walk((value as Record<string, unknown>)[k], depth + 1)}`);
  if (keys.length > MAX_ENTRIES) entries.push(`…${keys.length - MAX_ENTRIES} more`);
  return `{${entries.join(',')}}`;
}
