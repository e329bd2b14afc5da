import type { Cv } from './clarity';
import type { AssetClass, AssetEventRecord, EventRecord, TxRecord } from './model';
import type {
  AddressTransactionEvent,
  AssetEventCounts,
  FtTransfer,
  NftTransfer,
  StxTransfer,
} from './types';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An event before it gets its `event_index` within the transaction. */
export type EventDraft = DistributiveOmit<EventRecord, 'index'>;

const asset = (
  kind: AssetClass,
  action: AssetEventRecord['action'],
  parts: {
    sender?: string;
    recipient?: string;
    amount?: bigint;
    assetId?: string;
    value?: Cv;
    memo?: string;
  },
): EventDraft => {
  // Assigned field by field (no spread): one of these is built for every event of large worlds.
  const draft: Record<string, unknown> = { kind, action, amount: parts.amount ?? 0n };
  if (parts.sender !== undefined) draft.sender = parts.sender;
  if (parts.recipient !== undefined) draft.recipient = parts.recipient;
  if (parts.assetId !== undefined) draft.assetId = parts.assetId;
  if (parts.value !== undefined) draft.value = parts.value;
  if (parts.memo !== undefined) draft.memo = parts.memo;
  return draft as unknown as EventDraft;
};

/** Event draft builders (senders omitted for mints, recipients for burns, as the API reports them). */
export const ev = {
  stxTransfer: (sender: string, recipient: string, amount: bigint, memo?: string) =>
    asset(
      'stx',
      'transfer',
      memo === undefined ? { sender, recipient, amount } : { sender, recipient, amount, memo },
    ),
  stxMint: (recipient: string, amount: bigint) => asset('stx', 'mint', { recipient, amount }),
  stxBurn: (sender: string, amount: bigint) => asset('stx', 'burn', { sender, amount }),
  ftTransfer: (assetId: string, sender: string, recipient: string, amount: bigint) =>
    asset('ft', 'transfer', { assetId, sender, recipient, amount }),
  ftMint: (assetId: string, recipient: string, amount: bigint) =>
    asset('ft', 'mint', { assetId, recipient, amount }),
  ftBurn: (assetId: string, sender: string, amount: bigint) =>
    asset('ft', 'burn', { assetId, sender, amount }),
  nftTransfer: (assetId: string, sender: string, recipient: string, value: Cv) =>
    asset('nft', 'transfer', { assetId, sender, recipient, value }),
  nftMint: (assetId: string, recipient: string, value: Cv) =>
    asset('nft', 'mint', { assetId, recipient, value }),
  nftBurn: (assetId: string, sender: string, value: Cv) => asset('nft', 'burn', { assetId, sender, value }),
  log: (contractId: string, value: Cv): EventDraft => ({ kind: 'log', contractId, topic: 'print', value }),
  lock: (lockedAddress: string, lockedAmount: bigint, unlockHeight: number): EventDraft => ({
    kind: 'lock',
    lockedAddress,
    lockedAmount,
    unlockHeight,
  }),
};

/** Numbers the drafts in emission order (`event_index` 0, 1, ...). */
export function indexEvents(drafts: readonly EventDraft[]): EventRecord[] {
  const out: EventRecord[] = new Array(drafts.length);
  for (let index = 0; index < drafts.length; index++) {
    // Drafts are fresh objects owned by their transaction, so numbering them in place is safe (and cheap).
    const record = drafts[index] as EventDraft & { index: number };
    record.index = index;
    out[index] = record as EventRecord;
  }
  return out;
}

/** STX/FT/NFT events in which `principal` is the sender or the recipient (counted once per event). */
export function isAssetEventOf(event: EventRecord, principal: string): event is AssetEventRecord {
  return (
    event.kind !== 'log' &&
    event.kind !== 'lock' &&
    (event.sender === principal || event.recipient === principal)
  );
}

/** Sets `sender` and `recipient` on `target` when the event has them (a mint has no sender, a burn no recipient). */
function withParties<T extends object>(
  target: T,
  e: AssetEventRecord,
): T & { sender?: string; recipient?: string } {
  const out = target as T & { sender?: string; recipient?: string };
  // Assigned, not spread: one of these is built per transfer of every page served.
  if (e.sender !== undefined) out.sender = e.sender;
  if (e.recipient !== undefined) out.recipient = e.recipient;
  return out;
}

const cvCopy = (value: Cv | undefined): Cv => ({ hex: value?.hex ?? '0x', repr: value?.repr ?? '' });

/** The endpoint-3 item of an asset event. */
export function toAddressTransactionEvent(e: AssetEventRecord): AddressTransactionEvent {
  const data = withParties({ type: e.action }, e);
  if (e.kind === 'stx')
    return { type: 'stx', event_index: e.index, data: { ...data, amount: e.amount.toString() } };
  if (e.kind === 'ft') {
    return {
      type: 'ft',
      event_index: e.index,
      data: { ...data, amount: e.amount.toString(), asset_identifier: e.assetId ?? '' },
    };
  }
  return {
    type: 'nft',
    event_index: e.index,
    data: { ...data, asset_identifier: e.assetId ?? '', value: cvCopy(e.value) },
  };
}

/** An STX event as an endpoint-4 `stx_transfers` item. */
export const toStxTransfer = (e: AssetEventRecord): StxTransfer =>
  withParties({ amount: e.amount.toString() }, e);
/** An FT event as an endpoint-4 `ft_transfers` item. */
export const toFtTransfer = (e: AssetEventRecord): FtTransfer =>
  withParties({ amount: e.amount.toString(), asset_identifier: e.assetId ?? '' }, e);
/** An NFT event as an endpoint-4 `nft_transfers` item. */
export const toNftTransfer = (e: AssetEventRecord): NftTransfer =>
  withParties({ asset_identifier: e.assetId ?? '', value: cvCopy(e.value) }, e);

/** Who pays the fee: the sponsor of a sponsored transaction, otherwise its sender (as the real SQL does). */
export function feePayer(tx: TxRecord): string {
  return tx.sponsor?.address ?? tx.sender;
}

/** STX sent (fee included when `principal` pays it) and received by `principal` in `tx`. */
export function stxFlows(tx: TxRecord, principal: string): { sent: bigint; received: bigint } {
  let sent = feePayer(tx) === principal ? tx.fee : 0n;
  let received = 0n;
  for (const e of tx.events) {
    if (e.kind !== 'stx') continue;
    if (e.sender === principal) sent += e.amount;
    if (e.recipient === principal) received += e.amount;
  }
  return { sent, received };
}

/** Per asset class and kind, the events of `tx` touching `principal`. */
export function eventCounts(
  tx: TxRecord,
  principal: string,
): { stx: AssetEventCounts; ft: AssetEventCounts; nft: AssetEventCounts } {
  const counts = {
    stx: { transfer: 0, mint: 0, burn: 0 },
    ft: { transfer: 0, mint: 0, burn: 0 },
    nft: { transfer: 0, mint: 0, burn: 0 },
  };
  for (const e of tx.events) if (isAssetEventOf(e, principal)) counts[e.kind][e.action] += 1;
  return counts;
}
