import { beforeAll, describe, expect, it } from 'vitest';
import { generateChain } from '../../src/world/genesis';
import type { TxRecord } from '../../src/world/model';
import { toTransaction } from '../../src/world/transactions';
import type { Transaction } from '../../src/world/types';

let records: TxRecord[];
let txs: Transaction[];

beforeAll(() => {
  const { chain } = generateChain(1, { blocks: 300, transactionsPerBlock: 10, addresses: 40 });
  records = chain.index.blocks.flatMap((b) => b.txs);
  txs = records.map((r) => toTransaction(r));
});

const values = <T>(pick: (tx: Transaction) => T | T[] | undefined): Set<T> =>
  new Set(txs.flatMap((tx) => pick(tx) ?? []) as T[]);

describe('generated transactions', () => {
  it('number a few thousand, with event_count equal to their events and events: [] in the view', () => {
    expect(records.length).toBeGreaterThan(2_000);
    records.forEach((record, i) => {
      expect(txs[i]?.event_count).toBe(record.events.length);
      expect(txs[i]?.events).toEqual([]);
      expect(record.events.map((e) => e.index)).toEqual(record.events.map((_, index) => index));
    });
  });

  it('cover every transaction type, status, anchor mode and post-condition mode', () => {
    expect(values((tx) => tx.tx_type)).toEqual(
      new Set([
        'coinbase',
        'token_transfer',
        'smart_contract',
        'contract_call',
        'poison_microblock',
        'tenure_change',
      ]),
    );
    expect(values((tx) => tx.tx_status)).toEqual(
      new Set(['success', 'abort_by_response', 'abort_by_post_condition', 'problematic_skipped']),
    );
    expect(values((tx) => tx.anchor_mode)).toEqual(new Set(['on_chain_only', 'off_chain_only', 'any']));
    expect(values((tx) => tx.post_condition_mode)).toEqual(new Set(['allow', 'deny', 'originator']));
  });

  it('cover every post-condition variant, principal kind and condition code', () => {
    const pcs = txs.flatMap((tx) => tx.post_conditions);
    expect(new Set(pcs.map((pc) => pc.type))).toEqual(
      new Set(['stx', 'fungible', 'non_fungible', 'staking', 'pox']),
    );
    expect(new Set(pcs.map((pc) => pc.principal.type_id))).toEqual(
      new Set(['principal_origin', 'principal_standard', 'principal_contract']),
    );
    expect(new Set(pcs.map((pc) => pc.condition_code))).toEqual(
      new Set([
        'sent_equal_to',
        'sent_greater_than',
        'sent_greater_than_or_equal_to',
        'sent_less_than',
        'sent_less_than_or_equal_to',
        'sent',
        'not_sent',
        'maybe_sent',
        'not_performed',
        'maybe_performed',
        'performed',
      ]),
    );
  });

  it('carry contract calls with typed function args, sponsored transactions and tenure-change causes', () => {
    const calls = txs.filter((tx) => tx.tx_type === 'contract_call');
    for (const tx of calls) {
      if (tx.tx_type !== 'contract_call') continue;
      const args = tx.contract_call.function_args ?? [];
      const params = args.map((arg) => ` (${arg.name} ${arg.type})`).join('');
      expect(tx.contract_call.function_signature).toBe(
        `(define-public (${tx.contract_call.function_name}${params}))`,
      );
      for (const arg of args) expect(arg.hex).toMatch(/^0x[0-9a-f]+$/);
    }
    const sponsored = txs.filter((tx) => tx.sponsored);
    expect(sponsored.length).toBeGreaterThan(0);
    for (const tx of sponsored) expect(tx.sponsor_address).toMatch(/^S[PM]/);
    for (const tx of txs.filter((t) => !t.sponsored))
      expect('sponsor_address' in tx || 'sponsor_nonce' in tx).toBe(false);
    const causes = values((tx) =>
      tx.tx_type === 'tenure_change' ? tx.tenure_change_payload.cause : undefined,
    );
    expect(causes.has('block_found')).toBe(true);
    expect(causes.size).toBeGreaterThan(2);
  });

  it('keep per-sender nonces consecutive in chain order', () => {
    const next = new Map<string, number>();
    for (const tx of txs) {
      expect(tx.nonce).toBe(next.get(tx.sender_address) ?? 0);
      next.set(tx.sender_address, tx.nonce + 1);
    }
  });

  it('fail without asset events, as aborted transactions roll them back', () => {
    for (const tx of txs.filter((t) => t.tx_status !== 'success')) expect(tx.event_count).toBe(0);
  });
});
