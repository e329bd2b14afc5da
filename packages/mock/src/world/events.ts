import type { Cv } from './clarity';
import type { AssetEventRecord, EventRecord, TxRecord } from './model';
import type {
  AddressTransactionEvent,
  AssetEventCounts,
  FtTransfer,
  NftTransfer,
  StxTransfer,
} from './types';

/**
 * An event as the builders make it: `index` is 0 until {@link indexEvents} numbers it. The field is there from
 * the start, in each builder's object literal with every other field, so records keep one compact shape
 * (a field added later moves an object's fields to a separate store, about 40 bytes more per event).
 */
export type EventDraft = EventRecord;

/** Event draft builders (senders omitted for mints, recipients for burns, as the API reports them). */
export const ev = {
  stxTransfer: (sender: string, recipient: string, amount: bigint, memo?: string): EventDraft =>
    memo === undefined
      ? { kind: 'stx', index: 0, action: 'transfer', sender, recipient, amount }
      : { kind: 'stx', index: 0, action: 'transfer', sender, recipient, amount, memo },
  stxMint: (recipient: string, amount: bigint): EventDraft => ({
    kind: 'stx',
    index: 0,
    action: 'mint',
    recipient,
    amount,
  }),
  stxBurn: (sender: string, amount: bigint): EventDraft => ({
    kind: 'stx',
    index: 0,
    action: 'burn',
    sender,
    amount,
  }),
  ftTransfer: (assetId: string, sender: string, recipient: string, amount: bigint): EventDraft => ({
    kind: 'ft',
    index: 0,
    action: 'transfer',
    sender,
    recipient,
    amount,
    assetId,
  }),
  ftMint: (assetId: string, recipient: string, amount: bigint): EventDraft => ({
    kind: 'ft',
    index: 0,
    action: 'mint',
    recipient,
    amount,
    assetId,
  }),
  ftBurn: (assetId: string, sender: string, amount: bigint): EventDraft => ({
    kind: 'ft',
    index: 0,
    action: 'burn',
    sender,
    amount,
    assetId,
  }),
  nftTransfer: (assetId: string, sender: string, recipient: string, value: Cv): EventDraft => ({
    kind: 'nft',
    index: 0,
    action: 'transfer',
    sender,
    recipient,
    amount: 0n,
    assetId,
    value,
  }),
  nftMint: (assetId: string, recipient: string, value: Cv): EventDraft => ({
    kind: 'nft',
    index: 0,
    action: 'mint',
    recipient,
    amount: 0n,
    assetId,
    value,
  }),
  nftBurn: (assetId: string, sender: string, value: Cv): EventDraft => ({
    kind: 'nft',
    index: 0,
    action: 'burn',
    sender,
    amount: 0n,
    assetId,
    value,
  }),
  log: (contractId: string, value: Cv): EventDraft => ({
    kind: 'log',
    index: 0,
    contractId,
    topic: 'print',
    value,
  }),
  lock: (lockedAddress: string, lockedAmount: bigint, unlockHeight: number): EventDraft => ({
    kind: 'lock',
    index: 0,
    lockedAddress,
    lockedAmount,
    unlockHeight,
  }),
};

// Shared by every transaction without events: records are read-only (the type says so). Not frozen: a frozen
// array has other elements than the rest, and every loop over events would then take V8's slow path.
const NO_EVENTS: readonly EventRecord[] = [];

/** Numbers the drafts in emission order (`event_index` 0, 1, ...). */
export function indexEvents(drafts: readonly EventDraft[]): readonly EventRecord[] {
  if (drafts.length === 0) return NO_EVENTS;
  const out: EventRecord[] = new Array(drafts.length);
  for (let index = 0; index < drafts.length; index++) {
    // Drafts are fresh objects owned by their transaction, so numbering them in place is safe (and cheap).
    const record = drafts[index] as { index: number };
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
function feePayer(tx: TxRecord): string {
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
