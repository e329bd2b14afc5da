import { describe, expect, it } from 'vitest';
import { cv } from '../../src/world/clarity';
import { ev, indexEvents } from '../../src/world/events';
import { touchedPrincipals } from '../../src/world/indexes';
import type { BlockRecord, TxPayloadRecord, TxRecord } from '../../src/world/model';

const A = 'SP318Q55DEKHRXJK696033DQN5C54D9K2EE6DHRWP';
const B = 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE';
const C = 'SP000000000000000000002Q6VF78';
const TOKEN = `${B}.token`;

/** A confirmed transaction with only what the principal index reads filled in meaningfully. */
function record(parts: Pick<TxRecord, 'sender' | 'sponsor' | 'payload' | 'events'>): TxRecord {
  return {
    txId: `0x${'1'.repeat(64)}`,
    block: {} as BlockRecord,
    txIndex: 0,
    nonce: 0,
    fee: 0n,
    anchorMode: 'any',
    postConditionMode: 'deny',
    postConditions: [],
    status: 'success',
    result: cv.ok(cv.bool(true)),
    vmError: null,
    cost: [0, 0, 0, 0, 0],
    ...parts,
  };
}

const call = (contractId: string): TxPayloadRecord => ({
  type: 'contract_call',
  contractId,
  functionName: 'transfer',
  functionSignature: '(define-public (transfer))',
  args: [],
  params: [],
});

describe('touchedPrincipals', () => {
  it.each<[string, TxRecord, string[]]>([
    [
      'a transfer: sender then recipient, once each',
      record({
        sender: A,
        sponsor: undefined,
        payload: { type: 'token_transfer', recipient: B, amount: 5n, memo: '0x' },
        events: indexEvents([ev.stxTransfer(A, B, 5n)]),
      }),
      [A, B],
    ],
    [
      'a sponsored call: sender, sponsor, contract, then event parties; logs and locks touch nobody new',
      record({
        sender: A,
        sponsor: { address: C, nonce: 3 },
        payload: call(TOKEN),
        events: indexEvents([
          ev.log(`${C}.other-contract`, cv.uint(1)),
          ev.lock(`${B}.locked`, 10n, 100),
          ev.ftMint(`${TOKEN}::t`, B, 1n),
          ev.ftBurn(`${TOKEN}::t`, A, 1n),
          ev.ftTransfer(`${TOKEN}::t`, `${C}.pool`, A, 2n),
        ]),
      }),
      [A, C, TOKEN, B, `${C}.pool`],
    ],
    [
      'a coinbase: only its miner',
      record({
        sender: C,
        sponsor: undefined,
        payload: { type: 'coinbase', payload: { data: '0x00', alt_recipient: A } },
        events: [],
      }),
      [C],
    ],
  ])('%s', (_, tx, expected) => {
    expect([...touchedPrincipals(tx)]).toEqual(expected);
  });
});
