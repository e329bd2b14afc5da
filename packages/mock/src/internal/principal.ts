import { c32addressDecode } from './c32';

const CONTRACT_NAME = /^[a-zA-Z]([a-zA-Z0-9]|[-_])*$/;

/** True when `address` is a c32check-encoded Stacks address whose checksum matches. */
export function isValidStxAddress(address: string): boolean {
  try {
    c32addressDecode(address);
    return true;
  } catch {
    return false;
  }
}

/**
 * The real service's `validatePrincipal`: an address with a valid checksum, optionally followed by
 * `.` and a contract name of 1–128 characters starting with a letter.
 */
export function isValidPrincipal(principal: string): boolean {
  const dot = principal.indexOf('.');
  if (dot === -1) return isValidStxAddress(principal);
  const name = principal.slice(dot + 1);
  return isValidStxAddress(principal.slice(0, dot)) && name.length <= 128 && CONTRACT_NAME.test(name);
}
