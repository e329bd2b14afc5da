import type { AddressTransaction } from '@blockindex/client';

/** Event families and kinds counted per transaction by the API (`AddressTransaction.events`). */
export const FAMILIES = ['stx', 'ft', 'nft'] as const;
export const KINDS = ['transfer', 'mint', 'burn'] as const;

type Family = (typeof FAMILIES)[number];
type Kind = (typeof KINDS)[number];

/** What the script prints at the end: totals over every transaction of one address. */
export interface Summary {
  count: number;
  /** Sum of `stx_sent`, in micro-STX (1 STX = 1 000 000 µSTX). */
  stxSent: bigint;
  /** Sum of `stx_received`, in micro-STX. */
  stxReceived: bigint;
  events: Record<Family, Record<Kind, number>>;
}

/** A summary of zero transactions, to feed to {@link addTransaction} one item at a time. */
export function emptySummary(): Summary {
  const counts = () => ({ transfer: 0, mint: 0, burn: 0 });
  return { count: 0, stxSent: 0n, stxReceived: 0n, events: { stx: counts(), ft: counts(), nft: counts() } };
}

/**
 * Adds one transaction to a running summary (mutates it: the script streams thousands of items).
 *
 * @example
 * const summary = emptySummary();
 * for await (const tx of client.getAddressTransactions(address)) addTransaction(summary, tx);
 */
export function addTransaction(summary: Summary, tx: AddressTransaction): Summary {
  summary.count += 1;
  // Amounts are decimal strings because they can exceed Number.MAX_SAFE_INTEGER: add them as BigInt.
  summary.stxSent += BigInt(tx.stx_sent);
  summary.stxReceived += BigInt(tx.stx_received);
  for (const family of FAMILIES) {
    for (const kind of KINDS) summary.events[family][kind] += tx.events[family][kind];
  }
  return summary;
}

/** Summarises a whole list at once (handy in tests). */
export function summarize(txs: Iterable<AddressTransaction>): Summary {
  const summary = emptySummary();
  for (const tx of txs) addTransaction(summary, tx);
  return summary;
}

/** Formats micro-STX as STX with all 6 decimals and thousands separators: `1234500000n` → `1,234.500000 STX`. */
export function formatStx(microStx: bigint): string {
  const sign = microStx < 0n ? '-' : '';
  const abs = microStx < 0n ? -microStx : microStx;
  const whole = (abs / 1_000_000n).toLocaleString('en-US');
  const fraction = (abs % 1_000_000n).toString().padStart(6, '0');
  return `${sign}${whole}.${fraction} STX`;
}

/** Renders the summary as the plain-text report the script prints (no colours: it is often piped). */
export function formatSummary(address: string, summary: Summary): string {
  const width = Math.max(...FAMILIES.map((f) => f.length)) + 2;
  const header = `${''.padEnd(width)}${KINDS.map((k) => k.padStart(10)).join('')}`;
  const rows = FAMILIES.map(
    (family) =>
      `${family.toUpperCase().padEnd(width)}${KINDS.map((k) => String(summary.events[family][k]).padStart(10)).join('')}`,
  );
  return [
    `Address:      ${address}`,
    `Transactions: ${summary.count}`,
    `STX sent:     ${formatStx(summary.stxSent)}`,
    `STX received: ${formatStx(summary.stxReceived)}`,
    '',
    'Events of this address, by family:',
    header,
    ...rows,
  ].join('\n');
}
