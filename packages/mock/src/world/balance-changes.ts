import type { ChainIndex } from './indexes';
import type { TxRecord } from './model';
import type { PageCursor } from './principal-transactions';
import type { PrincipalTransactionBalanceChange } from './types';

/**
 * The balance changes of one transaction for one principal (`getPrincipalTransactionBalanceChanges`), built
 * as upstream's ingestion builds them: one row per asset, the fee on the fee payer's STX row, STX and FT
 * amounts summed over the principal's events, NFT tokens counted one per event.
 */

/** A validated request: `limit` 1–50, `cursor` already matching `^[0-9]+:\S+$` when given. */
export interface BalanceChangesRequest {
  readonly limit: number;
  readonly cursor?: string;
}

/** A page of balance changes. */
export interface BalanceChangesPage {
  readonly total: number;
  readonly cursor: PageCursor;
  readonly results: PrincipalTransactionBalanceChange[];
}

/** Upstream's numeric asset tags, the first part of a cursor. */
const ASSET_TYPE = { stx: 1, ft: 2, nft: 3 } as const;
/** The identifier of the STX row. */
const STX_ID = 'stx';

interface ChangeRow {
  readonly type: 1 | 2 | 3;
  readonly identifier: string;
  sent: bigint;
  received: bigint;
}

/** Every balance change of `principal` in `tx`, by asset type then identifier (code-unit order). */
function balanceChangeRows(tx: TxRecord, principal: string): ChangeRow[] {
  const rows = new Map<string, ChangeRow>();
  const add = (type: 1 | 2 | 3, identifier: string, sent: bigint, received: bigint) => {
    const key = `${type}:${identifier}`;
    const row = rows.get(key) ?? { type, identifier, sent: 0n, received: 0n };
    row.sent += sent;
    row.received += received;
    rows.set(key, row);
  };
  if ((tx.sponsor?.address ?? tx.sender) === principal) add(ASSET_TYPE.stx, STX_ID, tx.fee, 0n);
  for (const e of tx.events) {
    if (e.kind === 'log' || e.kind === 'lock') continue;
    const type = ASSET_TYPE[e.kind];
    const identifier = e.kind === 'stx' ? STX_ID : (e.assetId ?? '');
    const amount = e.kind === 'nft' ? 1n : e.amount;
    if (e.sender === principal) add(type, identifier, amount, 0n);
    if (e.recipient === principal) add(type, identifier, 0n, amount);
  }
  return [...rows.values()].sort((a, b) => compareAssets(a, b.type, b.identifier));
}

function compareAssets(row: ChangeRow, type: number, identifier: string): number {
  if (row.type !== type) return row.type - type;
  return row.identifier < identifier ? -1 : row.identifier > identifier ? 1 : 0;
}

const cursorOf = (row: ChangeRow | undefined): string | null =>
  row ? `${row.type}:${row.identifier}` : null;

/**
 * A page of `principal`'s balance changes in the canonical transaction `txId`, from the cursor's asset on (rows
 * at or after it). An unknown transaction, or one not concerning the principal, is an empty page.
 */
export function listBalanceChanges(
  index: ChainIndex,
  principal: string,
  txId: string,
  request: BalanceChangesRequest,
): BalanceChangesPage {
  const tx = index.txById.get(txId);
  const rows = tx ? balanceChangeRows(tx, principal) : [];
  let start = 0;
  if (request.cursor !== undefined) {
    // Split at the first colon only: asset identifiers hold `::`.
    const colon = request.cursor.indexOf(':');
    const type = Number.parseInt(request.cursor.slice(0, colon), 10);
    const identifier = request.cursor.slice(colon + 1);
    while (start < rows.length && compareAssets(rows[start] as ChangeRow, type, identifier) < 0) start += 1;
  }
  const { limit } = request;
  const page = rows.slice(start, start + limit);
  return {
    total: page.length === 0 ? 0 : rows.length,
    cursor: {
      next: cursorOf(rows[start + limit]),
      // Upstream looks exactly `limit` rows back: fewer than a page before this one gives no cursor.
      previous: page.length > 0 && start - limit >= 0 ? cursorOf(rows[start - limit]) : null,
      current: cursorOf(page[0]),
    },
    results: page.map((row) => ({
      asset:
        row.type === ASSET_TYPE.stx
          ? { type: 'stx' }
          : { type: row.type === 2 ? 'ft' : 'nft', identifier: row.identifier },
      balance_change: {
        sent: row.sent.toString(),
        received: row.received.toString(),
        net: (row.received - row.sent).toString(),
      },
    })),
  };
}
