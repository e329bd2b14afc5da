/**
 * Strings the world keeps for its lifetime are stored in one piece. V8 represents a string built with `+` or a
 * template literal (13 characters or more) as a tree of its parts, 32 bytes per join plus every part: a tx id
 * built eight hex characters at a time weighed 440 bytes instead of 80. Reading one character flattens such a
 * tree in place and the garbage collector then drops the parts. Other engines store strings as they please; the
 * text is the same everywhere.
 */

// Keeps the read observable, so an optimizing compiler cannot drop it as dead code.
let lastCode = 0;

/** `text` itself, flattened into one contiguous string (see the file comment). */
export function flat(text: string): string {
  lastCode = text.charCodeAt(0) | lastCode;
  return text;
}
