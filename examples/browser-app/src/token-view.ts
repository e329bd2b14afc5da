import type { BlockindexClient, Brc20TokenDetails } from '@blockindex/client';
import { el, find, showError } from './dom.js';
import { describeError } from './errors.js';
import { percent } from './format.js';

/** The BRC-20 view: a card with the supply minted so far and the number of holders. */
export function mountTokenView(view: HTMLElement, client: BlockindexClient, defaultTicker: string): void {
  const form = find<HTMLFormElement>(view, 'form');
  const input = find<HTMLInputElement>(view, 'input[name="ticker"]');
  const card = find(view, 'dl.token');
  input.value = defaultTicker;

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    card.hidden = true;
    try {
      const details = await client.getBrc20Token(input.value.trim());
      card.replaceChildren(...renderCard(details));
      card.hidden = false;
      showError(view, undefined);
    } catch (error) {
      showError(view, describeError(error, `No BRC-20 token "${input.value.trim()}".`));
    }
  });
}

function renderCard({ token, supply }: Brc20TokenDetails): HTMLElement[] {
  const minted = percent(supply.minted_supply, supply.max_supply);
  const bar = el('div', { className: 'meter' }, el('span'));
  // The meter's width is data, so it is set here rather than in CSS.
  (bar.firstChild as HTMLElement).style.width = minted.endsWith('%') ? minted : '0';
  const row = (term: string, ...value: Array<Node | string>) => [el('dt', {}, term), el('dd', {}, ...value)];
  return [
    ...row('Ticker', el('strong', { className: 'ticker' }, token.ticker.toUpperCase())),
    ...row('Minted', el('span', { className: 'minted' }, minted), bar),
    ...row('Holders', el('span', { className: 'holders' }, supply.holders.toLocaleString('en-US'))),
    ...row('Max supply', formatAmount(supply.max_supply)),
    ...row('Mint limit', token.mint_limit === null ? 'none' : formatAmount(token.mint_limit)),
    ...row('Deployed', new Date(token.deploy_timestamp).toISOString().slice(0, 10)),
  ];
}

/** `"21000000.000000000000000000"` → `"21,000,000"`: BRC-20 pads every amount to its 18 decimals. */
function formatAmount(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  const digits = fraction.replace(/0+$/, '');
  return `${BigInt(whole).toLocaleString('en-US')}${digits ? `.${digits}` : ''}`;
}
