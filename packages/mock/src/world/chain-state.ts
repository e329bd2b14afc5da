import { Accounts } from './accounts';
import { CORE_CONTRACTS, type ContractKind, type ContractSpec } from './contracts';
import { flat } from './flat-string';
import { contractId } from './ids';
import type { Random } from './random';

/** An NFT collection and who owns each token (`owners[id - 1]`, `undefined` once burned). */
export interface NftCollection {
  readonly spec: ContractSpec;
  readonly assetId: string;
  readonly deployer: string;
  readonly owners: (string | undefined)[];
}

const NAME_WORDS = [
  'alex',
  'vault',
  'pool',
  'lottery',
  'dao',
  'staking',
  'bridge',
  'oracle',
  'wrapped',
  'punks',
  'farm',
  'governance',
  'escrow',
  'multisig',
  'launchpad',
  'rewards',
] as const;

/**
 * Mutable generation state shared by every block the world appends: the population, and which contracts
 * exist and can be called. Queries never read it (they read the indexes), so it may change freely.
 */
export class ChainState {
  readonly accounts: Accounts;
  readonly fts: ContractSpec[] = [];
  readonly nfts: NftCollection[] = [];
  readonly generics: ContractSpec[] = [];
  readonly core: Readonly<
    Record<'lockup' | 'pox' | 'bns' | 'dex' | 'sendMany' | 'marketplace', ContractSpec>
  >;
  /** Contracts of block 1, in deployment order. */
  readonly genesisContracts: readonly ContractSpec[];
  private deploySeq = 0;

  /** A new population drawn from `rng`, or (given `Accounts`) that population with nothing generated yet. */
  constructor(rng: Random | Accounts, addressCount = 0) {
    this.accounts = rng instanceof Accounts ? rng.emptyCopy() : new Accounts(rng, addressCount);
    const marketDeployer = this.accounts.regular[2] ?? this.accounts.busy[1];
    const monkeysDeployer = this.accounts.regular[3] ?? this.accounts.busy[1];
    const generated: ContractSpec[] = [
      { id: contractId(marketDeployer, 'nft-marketplace-v2'), kind: 'marketplace', clarityVersion: 2 },
      {
        id: contractId(monkeysDeployer, 'bitcoin-monkeys'),
        kind: 'nft',
        asset: 'bitcoin-monkeys',
        clarityVersion: 1,
      },
    ];
    this.genesisContracts = [...CORE_CONTRACTS, ...generated];
    const byKind = (kind: ContractKind): ContractSpec => {
      const spec = this.genesisContracts.find((c) => c.kind === kind);
      if (!spec) throw new Error(`no core ${kind} contract`);
      return spec;
    };
    this.core = {
      lockup: byKind('lockup'),
      pox: byKind('pox'),
      bns: byKind('bns'),
      dex: byKind('dex'),
      sendMany: byKind('send-many'),
      marketplace: byKind('marketplace'),
    };
  }

  /** An independent copy (nonces, contracts, token owners): generating from it leaves this one as it is. */
  copy(): ChainState {
    // Every field as it is (the population, the core contracts, the counter), then copies of what changes.
    const copy = Object.create(ChainState.prototype) as ChainState;
    return Object.assign(copy, this, {
      accounts: this.accounts.copy(),
      fts: [...this.fts],
      nfts: this.nfts.map((collection) => ({ ...collection, owners: [...collection.owners] })),
      generics: [...this.generics],
    });
  }

  /** How many user contracts `newUserContract` has named so far. */
  get deploySequence(): number {
    return this.deploySeq;
  }

  set deploySequence(value: number) {
    this.deploySeq = value;
  }

  /** Makes a successfully deployed contract callable. */
  registerDeployed(spec: ContractSpec): void {
    if (spec.kind === 'ft') this.fts.push(spec);
    else if (spec.kind === 'nft') {
      this.nfts.push({
        spec,
        assetId: flat(`${spec.id}::${spec.asset}`),
        deployer: spec.id.split('.')[0] ?? '',
        owners: [],
      });
    } else if (spec.kind === 'generic') this.generics.push(spec);
  }

  /** A fresh contract for a user deployment by `deployer` (mostly plain contracts, some tokens). */
  newUserContract(rng: Random, deployer: string): ContractSpec {
    this.deploySeq += 1;
    const name = flat(`${rng.pick(NAME_WORDS)}-${rng.pick(NAME_WORDS)}-v${this.deploySeq}`);
    const id = contractId(deployer, name);
    const clarityVersion = rng.pick([null, 1, 2, 3] as const);
    const kind = rng.weighted<ContractKind>([
      ['generic', 6],
      ['ft', 2],
      ['nft', 2],
    ]);
    if (kind === 'ft') return { id, kind, asset: name, decimals: rng.pick([6, 8]), clarityVersion };
    if (kind === 'nft') return { id, kind, asset: name, clarityVersion };
    return { id, kind, clarityVersion };
  }

  /** A token of `collection` that has an owner (undefined when none after a few tries). */
  pickOwnedToken(rng: Random, collection: NftCollection, notOwnedBy?: string): number | undefined {
    if (collection.owners.length === 0) return undefined;
    for (let attempt = 0; attempt < 8; attempt++) {
      const id = rng.int(1, collection.owners.length);
      const owner = collection.owners[id - 1];
      if (owner !== undefined && owner !== notOwnedBy) return id;
    }
    return undefined;
  }
}
