// A "wallet activity feed": the application code under test. It knows nothing about mocks: it gets a
// client, calls the API and turns answers (and failures) into a view model a UI can render as is.
import {
  type AddressTransactionWithTransfers,
  type BlockindexClient,
  BlockindexError,
  type Brc20TokenDetails,
  ConnectionError,
  NotFoundError,
  RateLimitError,
  TimeoutError,
} from '@blockindex/client';

/** One movement of an asset in a transaction, seen from the wallet's side. */
interface FeedTransfer {
  kind: 'stx' | 'ft' | 'nft';
  /** `STX`, or the asset identifier `<contract>::<token>`. */
  asset: string;
  /** Display amount: STX with 6 decimals, raw units for FTs, the Clarity value for NFTs. */
  amount: string;
  direction: 'in' | 'out' | 'self';
  /** The other side of the transfer; absent for mints and burns. */
  counterparty: string | undefined;
}

/** One row of the feed. */
interface FeedItem {
  txId: string;
  type: string;
  status: string;
  blockHeight: number;
  time: string;
  stxSent: string;
  stxReceived: string;
  transfers: FeedTransfer[];
}

/** The BRC-20 card shown next to the feed. */
interface TokenCard {
  ticker: string;
  name: string;
  /** Minted share of the max supply, in percent (0-100, two decimals). */
  supplyPercent: number;
  holders: number;
  fullyMinted: boolean;
}

/** A failure, as the UI shows it. `cause` keeps the typed client error for logs and tests. */
type Problem =
  | { state: 'not-found'; message: string; cause: NotFoundError }
  | { state: 'rate-limited'; message: string; retryAfterMs: number | undefined; cause: RateLimitError }
  | { state: 'offline'; message: string; cause: ConnectionError }
  | { state: 'error'; message: string; cause: BlockindexError };

/** Either the data of one section of the screen, or why it could not be loaded. */
type Section<T> = { state: 'ready'; data: T } | Problem;

/** The whole screen: each section loads (and fails) on its own. */
export interface ActivityFeed {
  address: string;
  transactions: Section<FeedItem[]>;
  token: Section<TokenCard>;
}

/**
 * Loads the latest transactions of `address` with their transfers, and the card of one BRC-20 token.
 *
 * @example
 * const feed = await loadActivityFeed(createClient(), { address: 'SP…', ticker: 'ordi' });
 * if (feed.token.state === 'rate-limited') showBanner(feed.token.message);
 */
export async function loadActivityFeed(
  client: BlockindexClient,
  { address, ticker, limit = 10 }: { address: string; ticker: string; limit?: number },
): Promise<ActivityFeed> {
  // Both requests run at once; one failing must not blank the other part of the screen.
  const [transactions, token] = await Promise.all([
    section(async () => {
      const page = await client.getAccountTransactionsWithTransfers(address, { limit });
      return page.results.map((item) => toFeedItem(address, item));
    }, `No activity found for ${address}.`),
    section(async () => toTokenCard(await client.getBrc20Token(ticker)), `No BRC-20 token "${ticker}".`),
  ]);
  return { address, transactions, token };
}

async function section<T>(load: () => Promise<T>, notFoundMessage: string): Promise<Section<T>> {
  try {
    return { state: 'ready', data: await load() };
  } catch (error) {
    return toProblem(error, notFoundMessage);
  }
}

/** Maps the client's typed errors to what the user can do about them. */
function toProblem(error: unknown, notFoundMessage: string): Problem {
  if (error instanceof NotFoundError) return { state: 'not-found', message: notFoundMessage, cause: error };
  if (error instanceof RateLimitError) {
    // The client already retried; tell the user when it is worth trying again.
    const seconds = Math.max(1, Math.ceil((error.retryAfterMs ?? 60_000) / 1000));
    const message = `Too many requests. Retry in ${seconds} s.`;
    return { state: 'rate-limited', message, retryAfterMs: error.retryAfterMs, cause: error };
  }
  if (error instanceof TimeoutError) {
    return {
      state: 'offline',
      message: 'The server is taking too long. Check your connection.',
      cause: error,
    };
  }
  if (error instanceof ConnectionError) {
    return { state: 'offline', message: 'You seem to be offline.', cause: error };
  }
  if (error instanceof BlockindexError) {
    return { state: 'error', message: 'Something went wrong. Try again later.', cause: error };
  }
  throw error; // not an API failure but a bug: let it surface
}

function toFeedItem(address: string, item: AddressTransactionWithTransfers): FeedItem {
  const { tx } = item;
  const direction = (sender?: string, recipient?: string): FeedTransfer['direction'] =>
    sender === address ? (recipient === address ? 'self' : 'out') : 'in';
  const counterparty = (sender?: string, recipient?: string) => (sender === address ? recipient : sender);
  return {
    txId: tx.tx_id,
    type: tx.tx_type,
    status: tx.tx_status,
    blockHeight: tx.block_height,
    time: tx.block_time_iso,
    stxSent: formatStx(item.stx_sent),
    stxReceived: formatStx(item.stx_received),
    transfers: [
      ...item.stx_transfers.map((t) => ({
        kind: 'stx' as const,
        asset: 'STX',
        amount: formatStx(t.amount),
        direction: direction(t.sender, t.recipient),
        counterparty: counterparty(t.sender, t.recipient),
      })),
      ...item.ft_transfers.map((t) => ({
        kind: 'ft' as const,
        asset: t.asset_identifier,
        amount: t.amount,
        direction: direction(t.sender, t.recipient),
        counterparty: counterparty(t.sender, t.recipient),
      })),
      ...item.nft_transfers.map((t) => ({
        kind: 'nft' as const,
        asset: t.asset_identifier,
        amount: t.value.repr,
        direction: direction(t.sender, t.recipient),
        counterparty: counterparty(t.sender, t.recipient),
      })),
    ],
  };
}

function toTokenCard({ token, supply }: Brc20TokenDetails): TokenCard {
  // Supplies are decimal strings with the same number of decimals: compare them as integers.
  const minted = BigInt(supply.minted_supply.replace('.', ''));
  const max = BigInt(supply.max_supply.replace('.', ''));
  const basisPoints = max === 0n ? 0n : (minted * 10_000n) / max;
  return {
    ticker: token.ticker,
    name: token.ticker.toUpperCase(), // BRC-20 tokens have no name beyond their ticker
    supplyPercent: Number(basisPoints) / 100,
    holders: supply.holders,
    fullyMinted: max > 0n && minted >= max,
  };
}

/** Micro-STX decimal string → `"1.500000 STX"`. */
function formatStx(microStx: string): string {
  const value = BigInt(microStx);
  return `${value / 1_000_000n}.${(value % 1_000_000n).toString().padStart(6, '0')} STX`;
}
