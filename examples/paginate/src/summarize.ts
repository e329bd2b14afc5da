import type { PrincipalTransaction } from '@blockindex/client';

/** The balances a transaction may change for a principal (`PrincipalTransaction.affected_balances`). */
export const FAMILIES = ['stx', 'ft', 'nft'] as const;

type Family = (typeof FAMILIES)[number];

/** What the script prints at the end: totals over every transaction of one principal. */
export interface Summary {
  count: number;
  /** Sum of `balance_changes.stx.sent` (the fees it paid included), in micro-STX (1 STX = 1 000 000 µSTX). */
  stxSent: bigint;
  /** Sum of `balance_changes.stx.received`, in micro-STX. */
  stxReceived: bigint;
  /** How many transactions changed each of its balances. */
  affected: Record<Family, number>;
}

/** A summary of zero transactions, to feed to {@link addTransaction} one item at a time. */
export function emptySummary(): Summary {
  return { count: 0, stxSent: 0n, stxReceived: 0n, affected: { stx: 0, ft: 0, nft: 0 } };
}

/**
 * Adds one transaction to a running summary (mutates it: the script streams thousands of items).
 *
 * @example
 * const summary = emptySummary();
 * for await (const row of client.getPrincipalTransactions(principal)) addTransaction(summary, row);
 */
export function addTransaction(summary: Summary, row: PrincipalTransaction): Summary {
  summary.count += 1;
  // Amounts are decimal strings because they can exceed Number.MAX_SAFE_INTEGER: add them as BigInt.
  summary.stxSent += BigInt(row.balance_changes.stx.sent);
  summary.stxReceived += BigInt(row.balance_changes.stx.received);
  for (const family of FAMILIES) if (row.affected_balances[family]) summary.affected[family] += 1;
  return summary;
}

/** Summarises a whole list at once (handy in tests). */
export function summarize(rows: Iterable<PrincipalTransaction>): Summary {
  const summary = emptySummary();
  for (const row of rows) addTransaction(summary, row);
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
  return [
    `Address:      ${address}`,
    `Transactions: ${summary.count}`,
    `STX sent:     ${formatStx(summary.stxSent)}`,
    `STX received: ${formatStx(summary.stxReceived)}`,
    '',
    'Transactions that changed a balance of this address:',
    ...FAMILIES.map(
      (family) => `  ${family.toUpperCase().padEnd(5)}${String(summary.affected[family]).padStart(8)}`,
    ),
  ].join('\n');
}
