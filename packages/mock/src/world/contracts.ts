import { BOOT_ADDRESS, contractId, splitPrincipal } from './ids';
import type { DeployState } from './model';
import type { SmartContractStatus } from './types';

/** What a contract does, which decides the calls made to it and the events they emit. */
export type ContractKind =
  | 'lockup'
  | 'pox'
  | 'bns'
  | 'ft'
  | 'nft'
  | 'dex'
  | 'marketplace'
  | 'send-many'
  | 'generic';

/** A public function: name and `[parameter, Clarity type]` pairs. */
export interface FunctionSpec {
  readonly name: string;
  readonly params: readonly (readonly [string, string])[];
}

/** A contract the generator knows how to deploy and call. */
export interface ContractSpec {
  readonly id: string;
  readonly kind: ContractKind;
  /** FT / NFT asset name (`<id>::<asset>`). */
  readonly asset?: string;
  readonly decimals?: number;
  readonly clarityVersion: number | null;
}

const BUFF34 = '(optional (buff 34))';
const POX_ADDR = '(tuple (hashbytes (buff 32)) (version (buff 1)))';

/** Public functions by contract kind. */
export const FUNCTIONS = {
  ftTransfer: {
    name: 'transfer',
    params: [
      ['amount', 'uint'],
      ['sender', 'principal'],
      ['recipient', 'principal'],
      ['memo', BUFF34],
    ],
  },
  ftMint: {
    name: 'mint',
    params: [
      ['amount', 'uint'],
      ['recipient', 'principal'],
    ],
  },
  ftBurn: {
    name: 'burn',
    params: [
      ['amount', 'uint'],
      ['owner', 'principal'],
    ],
  },
  nftTransfer: {
    name: 'transfer',
    params: [
      ['id', 'uint'],
      ['sender', 'principal'],
      ['recipient', 'principal'],
    ],
  },
  nftClaim: { name: 'claim', params: [] },
  nftBurn: { name: 'burn', params: [['id', 'uint']] },
  swap: {
    name: 'swap-x-for-y',
    params: [
      ['token-x', 'principal'],
      ['token-y', 'principal'],
      ['dx', 'uint'],
      ['min-dy', '(optional uint)'],
    ],
  },
  purchase: {
    name: 'purchase-asset',
    params: [
      ['nft-asset-contract', 'principal'],
      ['id', 'uint'],
    ],
  },
  sendMany: {
    name: 'send-many',
    params: [['recipients', '(list 200 (tuple (memo (buff 34)) (to principal) (ustx uint)))']],
  },
  stackStx: {
    name: 'stack-stx',
    params: [
      ['amount-ustx', 'uint'],
      ['pox-addr', POX_ADDR],
      ['start-burn-ht', 'uint'],
      ['lock-period', 'uint'],
      ['signer-sig', '(optional (buff 65))'],
      ['signer-key', '(buff 33)'],
      ['max-amount', 'uint'],
      ['auth-id', 'uint'],
    ],
  },
  delegateStx: {
    name: 'delegate-stx',
    params: [
      ['amount-ustx', 'uint'],
      ['delegate-to', 'principal'],
      ['until-burn-ht', '(optional uint)'],
      ['pox-addr', `(optional ${POX_ADDR})`],
    ],
  },
  namePreorder: {
    name: 'name-preorder',
    params: [
      ['hashed-salted-fqn', '(buff 20)'],
      ['stx-to-burn', 'uint'],
    ],
  },
  setValue: {
    name: 'set-value',
    params: [
      ['key', '(string-ascii 32)'],
      ['value', 'uint'],
    ],
  },
} as const satisfies Record<string, FunctionSpec>;

/** `(define-public (name (p type) ...))`, the form the API reports as `function_signature`. */
export function functionSignature(fn: FunctionSpec): string {
  let signature = signatures.get(fn);
  if (signature === undefined) {
    const params = fn.params.map(([name, type]) => ` (${name} ${type})`).join('');
    signature = `(define-public (${fn.name}${params}))`;
    signatures.set(fn, signature);
  }
  return signature;
}

const signatures = new WeakMap<FunctionSpec, string>();

/**
 * Contracts deployed at the start of every world. The ids are real mainnet contracts (notes §7), so
 * examples read naturally; what happens to them here is synthetic.
 */
export const CORE_CONTRACTS: readonly ContractSpec[] = [
  { id: contractId(BOOT_ADDRESS, 'lockup'), kind: 'lockup', clarityVersion: null },
  { id: contractId(BOOT_ADDRESS, 'pox-4'), kind: 'pox', clarityVersion: 2 },
  { id: contractId(BOOT_ADDRESS, 'bns'), kind: 'bns', clarityVersion: null },
  {
    id: 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token',
    kind: 'ft',
    asset: 'sbtc-token',
    decimals: 8,
    clarityVersion: 3,
  },
  {
    id: 'SP3Y2ZSH8P7D50B0VBTSX11S7XSG24M1VB9YFQA4K.token-aeusdc',
    kind: 'ft',
    asset: 'aeUSDC',
    decimals: 6,
    clarityVersion: 2,
  },
  {
    id: 'SP466FNC0P7JWTNM2R9T199QRZN1MYEDTAR0KP27.miamicoin-token',
    kind: 'ft',
    asset: 'miamicoin',
    decimals: 6,
    clarityVersion: null,
  },
  {
    id: 'SP3D6PV2ACBPEKYJTCMH7HEN02KP87QSP8KTEH335.megapont-ape-club-nft',
    kind: 'nft',
    asset: 'Megapont-Ape-Club',
    clarityVersion: null,
  },
  { id: 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE.send-many-memo', kind: 'send-many', clarityVersion: null },
  {
    id: 'SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.swap-helper-bridged-v1-1',
    kind: 'dex',
    clarityVersion: 2,
  },
  { id: 'SP1JTCR202ECC6333N7ZXD7MK7E3ZTEEE1MJ73C60.name-registrar', kind: 'generic', clarityVersion: null },
];

const SOURCES: Record<ContractKind, (spec: ContractSpec) => string> = {
  lockup: () =>
    ';; Genesis STX allocations.\n(define-map lockups uint (list 4430 { recipient: principal, amount: uint }))\n',
  pox: () =>
    ';; PoX-4: stacking and signer sets.\n(define-constant ERR_STACKING_UNREACHABLE 255)\n' +
    '(define-public (stack-stx (amount-ustx uint) (pox-addr { version: (buff 1), hashbytes: (buff 32) }) ...))\n',
  bns: () =>
    ';; Blockchain Naming System.\n(define-non-fungible-token names { name: (buff 48), namespace: (buff 20) })\n',
  ft: (s) =>
    `(impl-trait 'SP3FBR2AGK5H9QBDH3EEN6DF8EK8JY7RX8QJ5SVTE.sip-010-trait-ft-standard.sip-010-trait)\n` +
    `(define-fungible-token ${s.asset})\n` +
    `(define-read-only (get-decimals) (ok u${s.decimals ?? 6}))\n` +
    `(define-public (transfer (amount uint) (sender principal) (recipient principal) (memo (optional (buff 34))))\n` +
    `  (begin\n    (asserts! (is-eq tx-sender sender) (err u4))\n    (try! (ft-transfer? ${s.asset} amount sender recipient))\n` +
    `    (match memo to-print (print to-print) 0x)\n    (ok true)))\n`,
  nft: (s) =>
    `(impl-trait 'SP2PABAF9FTAJYNFZH93XENAJ8FVY99RRM50D2JG9.nft-trait.nft-trait)\n` +
    `(define-non-fungible-token ${s.asset} uint)\n(define-data-var last-id uint u0)\n` +
    `(define-public (transfer (id uint) (sender principal) (recipient principal))\n` +
    `  (begin\n    (asserts! (is-eq tx-sender sender) (err u403))\n    (nft-transfer? ${s.asset} id sender recipient)))\n`,
  dex: () =>
    ';; Constant-product swaps between a STX pool and SIP-010 tokens.\n' +
    '(define-public (swap-x-for-y (token-x principal) (token-y principal) (dx uint) (min-dy (optional uint))) ...)\n',
  marketplace: () =>
    ';; Fixed-price NFT listings paid in STX, with loyalty rewards.\n' +
    '(define-map listings { contract: principal, id: uint } { maker: principal, price: uint })\n',
  'send-many': () =>
    '(define-private (send-stx (recipient { to: principal, ustx: uint, memo: (buff 34) }))\n' +
    '  (begin (print (get memo recipient)) (stx-transfer? (get ustx recipient) tx-sender (get to recipient))))\n',
  generic: (s) =>
    `;; ${splitPrincipal(s.id).name}\n(define-map store (string-ascii 32) uint)\n` +
    '(define-public (set-value (key (string-ascii 32)) (value uint))\n' +
    '  (begin (print { key: key, value: value }) (ok (map-set store key value))))\n',
};

/** Clarity source shown in `smart_contract.source_code`. */
export function contractSource(spec: ContractSpec): string {
  return SOURCES[spec.kind](spec);
}

/** Formats a deployment state as the smart-contracts/status entry. */
export function toSmartContractStatus(state: DeployState | undefined): SmartContractStatus {
  if (state === undefined) return { found: false };
  if (state.status === 'pending') {
    return {
      found: true,
      result: { status: 'pending', tx_id: state.deploy.txId, contract_id: state.deploy.contractId },
    };
  }
  const payload = state.tx.payload;
  return {
    found: true,
    result: {
      status: state.status,
      tx_id: state.tx.txId,
      contract_id: payload.type === 'smart_contract' ? payload.contractId : '',
      block_height: state.tx.block.height,
    },
  };
}
