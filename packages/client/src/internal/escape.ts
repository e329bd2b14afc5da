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
