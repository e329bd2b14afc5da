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
 * The real service's `validatePrincipal`: an address with a valid checksum, optionally followed by `.` and a
 * contract name of 1–128 characters starting with a letter. As upstream splits on every `.` and reads the first two
 * parts only, anything after a second `.` is not looked at (`SP….name.more` passes).
 */
export function isValidPrincipal(principal: string): boolean {
  const [address = '', name] = principal.split('.', 2);
  if (name === undefined) return isValidStxAddress(principal);
  return isValidStxAddress(address) && name.length <= 128 && CONTRACT_NAME.test(name);
}

/** A principal as a Stacks node writes one: an address with a valid checksum, and at most one contract name. */
export function isWellFormedPrincipal(principal: string): boolean {
  return isValidPrincipal(principal) && principal.split('.').length <= 2;
}
