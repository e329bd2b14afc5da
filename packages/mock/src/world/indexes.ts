import type { BlockRecord, DeployState, MempoolDeploy, TxRecord } from './model';
import { PrincipalLists } from './principal-lists';
import type { Brc20TokenDetails, SmartContractDeploymentStatus } from './types';

/** A deployment in a block added by `addLaterBlock`: `[tx_index, contract id, status]`. */
export type LaterDeploy = readonly [
  txIndex: number,
  contractId: string,
  status: Exclude<SmartContractDeploymentStatus, 'pending'>,
];

/**
 * Every principal `tx` touches, without duplicates, in a fixed order: the per-principal index keys. Computed
 * when the block is indexed rather than kept on the record (an array per transaction).
 */
export function touchedPrincipals(tx: TxRecord): Set<string> {
  const touched = new Set<string>([tx.sender]);
  if (tx.sponsor) touched.add(tx.sponsor.address);
  const p = tx.payload;
  if (p.type === 'token_transfer') touched.add(p.recipient);
  else if (p.type === 'contract_call' || p.type === 'smart_contract') touched.add(p.contractId);
  for (const e of tx.events) {
    if (e.kind === 'log' || e.kind === 'lock') continue;
    if (e.sender !== undefined) touched.add(e.sender);
    if (e.recipient !== undefined) touched.add(e.recipient);
  }
  return touched;
}

/**
 * Every lookup structure the queries read. Appending a block updates all of them in time proportional to
 * the block; per-principal lists are kept oldest first, so the newest page is read from the end.
 * All maps are `Map`s: keys come from user input (`__proto__` is just a key).
 */
export class ChainIndex {
  /** Blocks by ascending height (`blocks[0]` is height 1). */
  readonly blocks: BlockRecord[] = [];
  readonly #blockByHash = new Map<string, BlockRecord>();
  readonly #blockByIndexHash = new Map<string, BlockRecord>();
  /** The latest Stacks block anchored to each burn block. */
  readonly burnByHeight = new Map<number, BlockRecord>();
  readonly #burnByHash = new Map<string, BlockRecord>();
  /** Blocks added by `addLaterBlock` that the three hash maps do not have yet. */
  #unhashed: BlockRecord[] = [];
  readonly #txById = new Map<string, TxRecord>();
  /** Blocks added by `addLaterBlock` whose transactions `txById` does not have yet. */
  #unkeyed: BlockRecord[] = [];
  /** Per principal, its transactions in chain order (oldest first). */
  readonly principalTxs = new PrincipalLists();
  /** The latest confirmed deployment attempt of each contract id. */
  readonly deploys = new Map<string, DeployState>();
  /** Pending deployments by contract id (lowest nonce kept). */
  readonly mempoolDeploys = new Map<string, MempoolDeploy>();
  /** BRC-20 tokens by lower-case ticker. */
  readonly brc20 = new Map<string, Brc20TokenDetails>();
  /** Transactions of orphaned blocks not taken back since: known, not canonical, back in the mempool. */
  readonly orphanedTxs = new Map<string, TxRecord>();
  /** Per burn height (and hash), the highest orphaned block: what lookups find when no canonical block is there. */
  readonly orphanBurnByHeight = new Map<number, BlockRecord>();
  readonly orphanBurnByHash = new Map<string, BlockRecord>();
  transactionCount = 0;

  /** Blocks (orphaned ones too) by hash. Keyed on first use for blocks added by `addLaterBlock`, as are the next two. */
  get blockByHash(): Map<string, BlockRecord> {
    this.#keyHashes();
    return this.#blockByHash;
  }

  get blockByIndexHash(): Map<string, BlockRecord> {
    this.#keyHashes();
    return this.#blockByIndexHash;
  }

  /** The latest Stacks block anchored to each burn block, by burn block hash. */
  get burnByHash(): Map<string, BlockRecord> {
    this.#keyHashes();
    return this.#burnByHash;
  }

  /** Keys the blocks `addLaterBlock` left unkeyed, in the order they were added (a later block wins a burn hash). */
  #keyHashes(): void {
    if (this.#unhashed.length === 0) return;
    const blocks = this.#unhashed;
    this.#unhashed = [];
    for (const block of blocks) {
      this.#blockByHash.set(block.hash, block);
      this.#blockByIndexHash.set(block.indexBlockHash, block);
      this.#burnByHash.set(block.burnHash, block);
    }
  }

  /** Confirmed transactions by id. Keyed on first use for blocks added by `addLaterBlock`. */
  get txById(): Map<string, TxRecord> {
    if (this.#unkeyed.length > 0) {
      const blocks = this.#unkeyed;
      this.#unkeyed = [];
      for (const block of blocks) {
        // A block orphaned meanwhile keyed its transactions then (orphanTip reads this map first).
        if (!this.isCanonical(block)) continue;
        for (const tx of block.txs) this.#txById.set(tx.txId, tx);
      }
    }
    return this.#txById;
  }

  /** The newest block. */
  get tip(): BlockRecord {
    const tip = this.blocks[this.blocks.length - 1];
    if (!tip) throw new Error('the chain has no blocks');
    return tip;
  }

  /** Block at a Stacks height, if any. */
  blockAt(height: number): BlockRecord | undefined {
    return Number.isInteger(height) && height >= 1 ? this.blocks[height - 1] : undefined;
  }

  /** True when `block` is on the canonical chain (`blockByHash` also keeps orphaned blocks). */
  isCanonical(block: BlockRecord): boolean {
    return this.blocks[block.height - 1] === block;
  }

  /** Indexes a new tip block and its transactions. */
  addBlock(block: BlockRecord): void {
    this.#addHeader(block);
    const txById = this.txById;
    for (const tx of block.txs) {
      txById.set(tx.txId, tx);
      this.orphanedTxs.delete(tx.txId);
      this.transactionCount += 1;
      for (const principal of touchedPrincipals(tx)) {
        const list = this.principalTxs.get(principal);
        if (list) list.push(tx);
        else this.principalTxs.set(principal, [tx]);
      }
      if (tx.payload.type === 'smart_contract') {
        const contractId = tx.payload.contractId;
        this.deploys.set(contractId, { status: tx.status, tx });
        this.mempoolDeploys.delete(contractId);
      }
    }
  }

  /**
   * Indexes a new tip block without reading its transactions (their ids are read when `txById` is first used):
   * `deploys` are its deployments, as `addBlock` would have found them. The caller fills `principalTxs`.
   */
  addLaterBlock(block: BlockRecord, deploys: readonly LaterDeploy[]): void {
    this.#addHeight(block);
    this.#unhashed.push(block);
    this.#unkeyed.push(block);
    const { txs } = block;
    this.transactionCount += txs.length;
    for (const [txIndex, contractId, status] of deploys) {
      this.deploys.set(contractId, { status, tx: txs[txIndex] as TxRecord });
      this.mempoolDeploys.delete(contractId);
    }
  }

  #addHeader(block: BlockRecord): void {
    this.#addHeight(block);
    this.blockByHash.set(block.hash, block);
    this.blockByIndexHash.set(block.indexBlockHash, block);
    this.burnByHash.set(block.burnHash, block);
  }

  #addHeight(block: BlockRecord): void {
    if (block.height !== this.blocks.length + 1)
      throw new Error(`block ${block.height} is not the next height`);
    this.blocks.push(block);
    this.burnByHeight.set(block.burnHeight, block);
  }

  /** Records a pending deployment (lowest nonce wins, as the real mempool query orders by nonce). */
  addMempoolDeploy(deploy: MempoolDeploy): void {
    const current = this.mempoolDeploys.get(deploy.contractId);
    if (!current || deploy.nonce < current.nonce) this.mempoolDeploys.set(deploy.contractId, deploy);
  }

  /** Confirmed deployment first, then the mempool, as the real status endpoint searches. */
  deployState(contractId: string): DeployState | undefined {
    const confirmed = this.deploys.get(contractId);
    if (confirmed) return confirmed;
    const pending = this.mempoolDeploys.get(contractId);
    return pending ? { status: 'pending', deploy: pending } : undefined;
  }
}
