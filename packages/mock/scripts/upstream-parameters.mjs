// The request schemas the mock validates with where the real service's own route schemas accept more than the
// spec's (which documents the well-formed values only). Facts read in hirosystems/stacks-blockchain-api v9.0.2-15
// (`src/api/schemas/v1/params.ts`, `src/api/routes/v2/schemas.ts`, `routes/v1/address.ts`, `routes/v1/block.ts`);
// every other parameter of the seven operations is validated upstream with the spec's own schema. So the mock
// refuses nothing that upstream's validation accepts, and answers such input as upstream's handler does after it.

/** Upstream's `AddressParamSchema`: 28-41 c32 characters, **not anchored at the end**, so anything may follow. */
const STX_ADDRESS_PREFIX = '^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}';
/** Upstream's `SmartContractIdParamSchema`: its `.` is unescaped, any character may stand between the parts. */
const CONTRACT_ID = '^[0123456789ABCDEFGHJKMNPQRSTVWXYZ]{28,41}.[a-zA-Z]([a-zA-Z0-9]|[-_]){0,39}$';

/** `Type.Union([AddressParamSchema, SmartContractIdParamSchema])`, as `PrincipalSchema` and the v2 routes use it. */
const PRINCIPAL = {
  type: 'string',
  // The mock's own bound (upstream's router refuses path parameters past 100 characters with a 404).
  maxLength: 170,
  anyOf: [
    { type: 'string', pattern: STX_ADDRESS_PREFIX },
    { type: 'string', pattern: CONTRACT_ID },
  ],
};

/**
 * The v2 address routes send the address to Postgres as text, where a NUL byte fails with a 500: the mock answers
 * the documented 400 instead (UPSTREAM.md, differences).
 */
const ADDRESS = { ...PRINCIPAL, pattern: '^[^\\u0000]*$' };

export const UPSTREAM_PARAMETERS = {
  getAddressTransactions: { 'path:address': ADDRESS },
  getAddressTransactionEvents: { 'path:address': ADDRESS },
  getAccountTransactionsWithTransfers: {
    // Then `validatePrincipal` (c32check) answers `400 invalid STX address`, as the handler does.
    'path:principal': PRINCIPAL,
    // `UntilBlockSchema` is a bare string: `parseUntilBlockQuery` reads it (a `0x` hash, else `parseInt`).
    'query:until_block': { type: 'string' },
  },
  getBlockByBurnBlockHash: {
    // No schema upstream: a value without `0x` is redirected before this runs, a `0x` value is looked up as
    // bytes. Hex of odd length or with other characters fails there with a 500, answered with this pattern's 400.
    'path:burn_block_hash': { type: 'string', pattern: '^0x([0-9a-fA-F]{2})*$' },
  },
};
