/** What the app shows: an address, a BRC-20 ticker and a few contracts. */
export interface Settings {
  address: string;
  ticker: string;
  contractIds: string[];
}

/** Identifiers shown against the real API when the URL names none (`?address=…&ticker=…&contracts=a,b`). */
export const PRODUCTION_DEFAULTS: Settings = {
  address: 'SP2ZP4GJDZJ1FDHTQ963F0292PE9J9752TZJ68F21',
  ticker: 'ordi',
  contractIds: ['SP2ZP4GJDZJ1FDHTQ963F0292PE9J9752TZJ68F21.pox4-fast-pool-v3'],
};

/** The defaults, overridden by the page's query string. */
export function readSettings(search: string, defaults: Settings): Settings {
  const params = new URLSearchParams(search);
  const contracts = params.get('contracts');
  return {
    address: params.get('address') ?? defaults.address,
    ticker: params.get('ticker') ?? defaults.ticker,
    contractIds: contracts ? contracts.split(',').filter(Boolean) : defaults.contractIds,
  };
}
