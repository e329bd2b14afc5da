/** What fixtures/seven-operations.mjs returns when every answer is right: one entry per operation. */
export const allRight = {
  getBrc20Token: true,
  getSmartContractsStatus: true,
  getAddressTransactionEvents: true,
  getAccountTransactionsWithTransfers: true,
  getAddressTransactions: true,
  getBlockByBurnBlockHeight: true,
  getBlockByBurnBlockHash: true,
  notFound: true,
};
