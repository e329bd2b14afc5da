import type { BlockindexClient, SmartContractStatus } from '@blockindex/client';
import { el, find, shorten, showError } from './dom.js';
import { describeError } from './errors.js';

/** The contract-status view: paste several contract ids, get one row per id. */
export function mountContractsView(
  view: HTMLElement,
  client: BlockindexClient,
  defaultIds: readonly string[],
): void {
  const form = find<HTMLFormElement>(view, 'form');
  const textarea = find<HTMLTextAreaElement>(view, 'textarea');
  const table = find<HTMLTableElement>(view, 'table');
  const body = find(view, 'tbody');
  textarea.value = defaultIds.join('\n');

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const ids = [...new Set(textarea.value.split(/\s+/).filter(Boolean))];
    if (ids.length === 0) return;
    try {
      // One call for all ids; the client splits long lists into several requests when needed.
      const statuses = await client.getSmartContractsStatus(ids);
      body.replaceChildren(...ids.map((id) => renderRow(id, statuses[id])));
      table.hidden = false;
      showError(view, undefined);
    } catch (error) {
      showError(view, describeError(error, 'The API did not recognise these ids.'));
    }
  });
}

function renderRow(contractId: string, status: SmartContractStatus | undefined): HTMLTableRowElement {
  const [address = '', name = ''] = contractId.split('.');
  const contract = el('td', { title: contractId }, el('code', {}, `${shorten(address)}.${name}`));
  if (!status?.found)
    return el('tr', { className: 'not-found' }, contract, state('not found'), cell('–'), cell('–'));
  const { result } = status;
  // A deployment still in the mempool is "found" by the API but has no block yet.
  const label = result.status === 'pending' ? 'pending' : 'found';
  return el(
    'tr',
    { className: label },
    contract,
    state(label),
    cell(result.status.replaceAll('_', ' ')),
    cell(result.block_height === undefined ? '–' : String(result.block_height)),
  );
}

function state(label: string): HTMLTableCellElement {
  return el(
    'td',
    { className: 'state' },
    el('span', { className: `badge ${label.replace(' ', '-')}` }, label),
  );
}

function cell(text: string): HTMLTableCellElement {
  return el('td', {}, text);
}
