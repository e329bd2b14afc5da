import type { AddressTransaction, BlockindexClient, Page } from '@blockindex/client';
import { el, find, shorten, showError } from './dom.js';
import { describeError } from './errors.js';
import { formatStx } from './format.js';

const PAGE_SIZE = 10;

/** The address view: the newest transactions of an address, ten at a time, with a "Load more" button. */
export function mountAddressView(view: HTMLElement, client: BlockindexClient, defaultAddress: string): void {
  const form = find<HTMLFormElement>(view, 'form');
  const input = find<HTMLInputElement>(view, 'input[name="address"]');
  const list = find(view, 'ol.transactions');
  const summary = find(view, '.summary');
  const loadMore = find<HTMLButtonElement>(view, 'button.load-more');
  input.value = defaultAddress;

  // The page just shown: it knows whether there is a next one and how to fetch it.
  let current: Page<AddressTransaction> | undefined;

  async function show(load: () => Promise<Page<AddressTransaction>>): Promise<void> {
    loadMore.disabled = true;
    try {
      current = await load();
      list.append(...current.results.map(renderTransaction));
      summary.textContent = `${list.children.length} of ${current.total} transactions`;
      loadMore.hidden = !current.hasNextPage();
      showError(view, undefined);
    } catch (error) {
      showError(view, describeError(error, `No transactions for ${input.value}.`));
    } finally {
      loadMore.disabled = false;
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    list.replaceChildren();
    summary.textContent = '';
    loadMore.hidden = true;
    void show(() => client.getAddressTransactions(input.value.trim(), { limit: PAGE_SIZE }));
  });
  loadMore.addEventListener('click', () => {
    const page = current;
    if (page) void show(() => page.getNextPage());
  });
}

function renderTransaction(item: AddressTransaction): HTMLLIElement {
  const { tx, events } = item;
  // Event counts of this address in the transaction, e.g. "2 stx · 1 ft"; transfers, mints and burns together.
  const counts = (['stx', 'ft', 'nft'] as const)
    .map((family) => [family, events[family].transfer + events[family].mint + events[family].burn] as const)
    .filter(([, n]) => n > 0)
    .map(([family, n]) => `${n} ${family}`)
    .join(' · ');
  return el(
    'li',
    { dataset: { txId: tx.tx_id } },
    el('span', { className: `badge ${tx.tx_type}` }, tx.tx_type.replace('_', ' ')),
    el('code', { title: tx.tx_id }, shorten(tx.tx_id)),
    el('span', { className: 'muted' }, `block ${tx.block_height}`),
    // Blank rather than "0.000000 STX": most transactions move STX one way only.
    el('span', { className: 'amount out' }, item.stx_sent === '0' ? '' : `−${formatStx(item.stx_sent)}`),
    el(
      'span',
      { className: 'amount in' },
      item.stx_received === '0' ? '' : `+${formatStx(item.stx_received)}`,
    ),
    el(
      'span',
      { className: 'muted', title: 'events of this address in the transaction' },
      counts || 'no events',
    ),
  );
}
