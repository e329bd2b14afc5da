import { splitPrincipal } from './ids';
import type { Random } from './random';
import type {
  ClarityValue,
  FungibleConditionCode,
  NonFungibleConditionCode,
  PostCondition,
  PostConditionAsset,
  PostConditionPrincipal,
  PoxConditionCode,
} from './types';

/**
 * Post-condition builders. Every variant of the spec appears in the world: stx, fungible, non_fungible,
 * staking and pox, over origin, standard and contract principals.
 */

/** The principal a condition is about: the origin, or an explicit standard/contract principal. */
function pcPrincipal(principal: string | 'origin'): PostConditionPrincipal {
  if (principal === 'origin') return ORIGIN;
  const { address, name } = splitPrincipal(principal);
  return name === undefined
    ? { type_id: 'principal_standard', address }
    : { type_id: 'principal_contract', address, contract_name: name };
}

/** `<contract_id>::<asset>` as the post-condition asset triple. */
function pcAsset(assetId: string): PostConditionAsset {
  let asset = assets.get(assetId);
  if (asset === undefined) {
    const [contract = '', assetName = ''] = assetId.split('::');
    const { address, name = '' } = splitPrincipal(contract);
    asset = { asset_name: assetName, contract_address: address, contract_name: name };
    assets.set(assetId, asset);
  }
  return asset;
}

// Post-conditions are stored shared and read-only (the Transaction view copies them), so equal parts can be
// one object: it keeps 100,000-transaction worlds light.
const ORIGIN: PostConditionPrincipal = { type_id: 'principal_origin' };
const assets = new Map<string, PostConditionAsset>();

const FUNGIBLE_CODES: readonly (readonly [FungibleConditionCode, number])[] = [
  ['sent_equal_to', 6],
  ['sent_less_than_or_equal_to', 2],
  ['sent_less_than', 1],
  ['sent_greater_than_or_equal_to', 1],
  ['sent_greater_than', 1],
];

/** A fungible code that holds for an actual amount `sent`, sometimes with a looser bound. */
function fungibleCode(rng: Random, sent: bigint): { code: FungibleConditionCode; amount: bigint } {
  const code = rng.weighted(FUNGIBLE_CODES);
  switch (code) {
    case 'sent_less_than_or_equal_to':
      return { code, amount: sent + sent / 10n };
    case 'sent_less_than':
      return { code, amount: sent + 1n };
    case 'sent_greater_than':
      return { code, amount: sent > 0n ? sent - 1n : 0n };
    default:
      return { code, amount: sent };
  }
}

/** An STX post-condition on what `principal` sends. */
export function stxCondition(rng: Random, principal: string | 'origin', sent: bigint): PostCondition {
  const { code, amount } = fungibleCode(rng, sent);
  return { type: 'stx', principal: pcPrincipal(principal), condition_code: code, amount: amount.toString() };
}

/** A fungible-token post-condition. */
export function ftCondition(
  rng: Random,
  principal: string | 'origin',
  assetId: string,
  sent: bigint,
): PostCondition {
  const { code, amount } = fungibleCode(rng, sent);
  return {
    type: 'fungible',
    principal: pcPrincipal(principal),
    condition_code: code,
    amount: amount.toString(),
    asset: pcAsset(assetId),
  };
}

/** A non-fungible-token post-condition on one token value. */
export function nftCondition(
  principal: string | 'origin',
  assetId: string,
  value: ClarityValue,
  code: NonFungibleConditionCode,
): PostCondition {
  return {
    type: 'non_fungible',
    principal: pcPrincipal(principal),
    condition_code: code,
    asset_value: { hex: value.hex, repr: value.repr },
    asset: pcAsset(assetId),
  };
}

/** A staking post-condition on the amount locked. */
export function stakingCondition(rng: Random, principal: string | 'origin', locked: bigint): PostCondition {
  const { code, amount } = fungibleCode(rng, locked);
  return {
    type: 'staking',
    principal: pcPrincipal(principal),
    condition_code: code,
    amount: amount.toString(),
  };
}

/** A PoX post-condition on whether a stacking action happens. */
export function poxCondition(principal: string | 'origin', code: PoxConditionCode): PostCondition {
  return { type: 'pox', principal: pcPrincipal(principal), condition_code: code };
}
