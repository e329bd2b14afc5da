import { embed, embedArray, type RawJson } from '../internal/raw-json';
import type { ChainIndex } from './indexes';
import {
  type AddressTransactionsPage,
  type AddressTransactionsRequest,
  addressTransactionRow,
  addressTransactionsWindow,
  type CursorError,
  type TransfersRequest,
  transfersRow,
  transfersWindow,
} from './queries';
import { TransactionJson } from './transaction-json';
import type { AddressTransaction, AddressTransactionWithTransfers } from './types';
import type { World } from './world';

/** A page whose rows may come as one piece of JSON text. */
type WithRawResults<Page extends { results: unknown[] }> = Omit<Page, 'results'> & {
  readonly results: Page['results'] | RawJson<Page['results']>;
};

/** Endpoint-5 page as the handlers consume it. */
type AddressTransactionsListing = WithRawResults<AddressTransactionsPage>;
/** Endpoint-4 page as the handlers consume it. */
type TransfersListing = WithRawResults<{ total: number; results: AddressTransactionWithTransfers[] }>;

/**
 * The two large list answers in the form the handlers write straight out: the same pages as the World
 * methods of the same name, with the rows already serialized (each transaction's JSON kept once, never
 * copied). The World methods themselves keep answering fresh objects a caller may modify.
 */
export interface WorldListings {
  listAddressTransactions(
    address: string,
    page: AddressTransactionsRequest,
  ): AddressTransactionsListing | CursorError;
  listTransactionsWithTransfers(principal: string, q: TransfersRequest): TransfersListing;
}

interface WorldInternals {
  /** Moves on every mutation of the world. */
  version(): number;
  listings: WorldListings;
}

const internals = new WeakMap<World, WorldInternals>();

/** Creates the JSON listings over a world's index. */
export function createJsonListings(index: ChainIndex): WorldListings {
  const transactions = new TransactionJson();
  return {
    listAddressTransactions(address, page) {
      const window = addressTransactionsWindow(index, address, page);
      if ('error' in window) return window;
      const exclude = page.excludeFunctionArgs === true;
      const rows = window.rows.map((tx) =>
        embed<AddressTransaction>(addressTransactionRow(tx, address, transactions.of(tx, exclude))),
      );
      return {
        total: window.total,
        results: embedArray(rows),
        cursor: window.cursor,
        prev_cursor: window.prev_cursor,
        next_cursor: window.next_cursor,
      };
    },
    listTransactionsWithTransfers(principal, q) {
      const window = transfersWindow(index, principal, q);
      const rows = window.rows.map((tx) =>
        embed<AddressTransactionWithTransfers>(transfersRow(tx, principal, transactions.of(tx))),
      );
      return { total: window.total, results: embedArray(rows) };
    },
  };
}

/** Registers what `createWorld` knows about a world and the World interface does not say. */
export function registerWorldInternals(world: World, value: WorldInternals): void {
  internals.set(world, value);
}

/**
 * The world's version, moved by every mutation (`mineBlock`, `addBrc20Token`, `addContract`); undefined for
 * a World not made by `createWorld`, whose changes cannot be seen.
 */
export function worldVersion(world: World): number | undefined {
  return internals.get(world)?.version();
}

/** The serialized listings of a world made by `createWorld`; any other World answers through its methods. */
export function listingsOf(world: World): WorldListings {
  return internals.get(world)?.listings ?? world;
}
