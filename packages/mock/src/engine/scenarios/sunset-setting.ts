import { SUNSET_OPERATIONS, type SunsetOperation } from './scenarios';

/** A sunset as `Scenarios.sunset` takes it: `'all'`, some deprecated operations, or `null` for none. */
export type SunsetSetting = readonly SunsetOperation[] | 'all' | null;

/** Where a sunset was written, which words its error message: the CLI flag or the control body's field. */
export type SunsetSource = '--sunset' | 'body/sunset';

/**
 * Reads a sunset the one way both control surfaces write it (`--sunset` on the command line, `"sunset"` in
 * `POST /__mock/scenario`): `all` alone, or deprecated operation ids, comma-separated in a string or as a JSON
 * list. `null` or an empty list is none (the CLI refuses an empty flag). The result, or an error message naming
 * the source, what it takes and what it got.
 */
export function readSunset(value: unknown, source: SunsetSource): SunsetSetting | { message: string } {
  if (value === null && source === 'body/sunset') return null;
  const names = typeof value === 'string' ? value.split(',').map((name) => name.trim()) : value;
  if (!Array.isArray(names)) return { message: expected(source, JSON.stringify(value)?.slice(0, 80) ?? '') };
  const listed = names.filter((name) => name !== '');
  if (listed.length === 0) return source === '--sunset' ? { message: expected(source, '') } : [];
  if (listed.includes('all') && listed.some((name) => name !== 'all')) {
    const got = listed.map((name) => (typeof name === 'string' ? name : JSON.stringify(name))).join(',');
    return {
      message: `${source}: "all" already names every deprecated operation and cannot be combined with other names (got "${got.slice(0, 200)}")`,
    };
  }
  const wrong = listed.find((name) => typeof name !== 'string' || !isSunsetName(name));
  if (wrong !== undefined) return { message: expected(source, String(JSON.stringify(wrong)).slice(0, 80)) };
  return listed.includes('all') ? 'all' : [...new Set(listed as SunsetOperation[])];
}

function isSunsetName(name: string): boolean {
  return name === 'all' || (SUNSET_OPERATIONS as readonly string[]).includes(name);
}

// The two surfaces keep their own wording (a flag "takes", a body field "must be"), with the same content.
function expected(source: SunsetSource, got: string): string {
  const operations = SUNSET_OPERATIONS.join(', ');
  return source === '--sunset'
    ? `--sunset takes "all" or deprecated operations among ${operations}, comma-separated, got "${got.replace(/^"|"$/g, '')}"`
    : `body/sunset must be a list of at most ${SUNSET_OPERATIONS.length} of: ${operations} (or that list comma-separated in a string, or "all", or null), got ${got}`;
}
