/** Micro-STX decimal string → `"1,234.500000 STX"` (BigInt: amounts can exceed 2^53). */
export function formatStx(microStx: string): string {
  const value = BigInt(microStx);
  const fraction = (value % 1_000_000n).toString().padStart(6, '0');
  return `${(value / 1_000_000n).toLocaleString('en-US')}.${fraction} STX`;
}

/** Share of `part` in `whole` for decimal strings with the same number of decimals, e.g. `"42.17%"`. */
export function percent(part: string, whole: string): string {
  const a = BigInt(part.replace('.', ''));
  const b = BigInt(whole.replace('.', ''));
  if (b === 0n) return '–';
  const basisPoints = (a * 10_000n) / b;
  return `${basisPoints / 100n}.${(basisPoints % 100n).toString().padStart(2, '0')}%`;
}
