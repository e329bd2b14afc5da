import { c32address } from 'c32check';
import fc from 'fast-check';
import type { World } from '../../src';

// Arbitraries of valid request parts over one world: its principals, transactions and blocks, with random
// well-formed values beside them (addresses, contract ids, hashes), for the conformance property tests.

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** Valid path and query values for requests to `world`. */
export function requestArbitraries(world: World) {
  const fx = world.fixtures;
  const principals = world.principals();
  const knownTxIds = world.listAddressTransactions(fx.address, { limit: 50, offset: 0 }).valueOf() as {
    results: { tx: { tx_id: string; block_height: number } }[];
  };
  const txIds = knownTxIds.results.map((row) => row.tx.tx_id);
  const stacksBlocks = [1, 2, 10, world.tip.height - 1, world.tip.height]
    .map((height) => world.getBlockByHeight(height))
    .filter((block) => block !== undefined);

  const randomAddress = fc
    .tuple(fc.constantFrom(22, 20, 26, 21), fc.uint8Array({ minLength: 20, maxLength: 20 }))
    .map(([version, hash]) => c32address(version, hex(hash)));
  const contractName = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_-]{0,30}$/);
  const principal = fc.oneof(
    fc.constantFrom(...principals),
    randomAddress,
    fc.tuple(randomAddress, contractName).map(([address, name]) => `${address}.${name}`),
  );
  const contractId = fc.oneof(
    fc.constantFrom(...fx.contractIds),
    fc
      .tuple(
        fc.oneof(randomAddress, fc.constantFrom(...principals.filter((p) => !p.includes('.')))),
        contractName,
      )
      .map(([address, name]) => `${address}.${name}`),
  );
  const randomCase = (value: string) =>
    fc
      .array(fc.boolean(), { minLength: value.length, maxLength: value.length })
      .map((upper) => [...value].map((char, index) => (upper[index] ? char.toUpperCase() : char)).join(''));
  const hash64 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(hex);
  const txId = fc
    .oneof(
      fc.constantFrom(...txIds),
      hash64.map((h) => `0x${h}`),
    )
    .chain((id) =>
      fc.tuple(fc.boolean(), randomCase(id.slice(2))).map(([prefix, body]) => (prefix ? `0x${body}` : body)),
    );
  const limit = fc.option(fc.integer({ min: 0, max: 50 }), { nil: undefined });
  const offset = fc.option(fc.integer({ min: 0, max: 1200 }), { nil: undefined });
  return { principal, contractId, randomCase, hash64, txId, limit, offset, stacksBlocks };
}

/** `?a=1&b=2` from the entries whose value is defined, or `''`. */
export const query = (entries: [string, string | number | boolean | undefined][]) => {
  const params = new URLSearchParams();
  for (const [key, value] of entries) if (value !== undefined) params.append(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};
